// log_rotator.cpp - rotates and compresses service logs; invoked from cron as
//   logrot <service-name> [keep]
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <regex>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

const fs::path kLogRoot = "/var/log/services";

bool validServiceName(const std::string& s)
{
    static const std::regex re("^[a-z][a-z0-9_-]{0,31}$");
    return std::regex_match(s, re);
}

int runGzip(const fs::path& file)
{
    const pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        const std::string p = file.string();
        execl("/bin/gzip", "gzip", "-9", "--", p.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string timestamp()
{
    char buf[32];
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    localtime_r(&now, &tm);
    std::strftime(buf, sizeof buf, "%Y%m%d-%H%M%S", &tm);
    return buf;
}

void pruneOld(const fs::path& dir, const std::string& service, size_t keep)
{
    std::vector<fs::directory_entry> archives;
    const std::string prefix = service + ".log.";
    for (const auto& e : fs::directory_iterator(dir)) {
        const std::string name = e.path().filename().string();
        if (e.is_regular_file() && name.rfind(prefix, 0) == 0 && name.size() > 3 &&
            name.compare(name.size() - 3, 3, ".gz") == 0)
            archives.push_back(e);
    }
    std::sort(archives.begin(), archives.end(),
              [](const auto& a, const auto& b) { return a.last_write_time() > b.last_write_time(); });
    for (size_t i = keep; i < archives.size(); ++i) {
        std::error_code ec;
        fs::remove(archives[i].path(), ec);
        if (ec) std::fprintf(stderr, "cannot remove %s: %s\n", archives[i].path().c_str(), ec.message().c_str());
    }
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s <service> [keep]\n", argv[0]);
        return 2;
    }
    const std::string service = argv[1];
    if (!validServiceName(service)) {
        std::fprintf(stderr, "invalid service name\n");
        return 2;
    }
    size_t keep = 7;
    if (argc > 2) {
        char* end = nullptr;
        const long v = std::strtol(argv[2], &end, 10);
        if (*end != '\0' || v < 1 || v > 90) {
            std::fprintf(stderr, "keep must be 1..90\n");
            return 2;
        }
        keep = static_cast<size_t>(v);
    }

    const fs::path dir = kLogRoot / service;
    const fs::path current = dir / (service + ".log");
    std::error_code ec;
    if (!fs::exists(current, ec)) {
        std::printf("%s: nothing to rotate\n", service.c_str());
        return 0;
    }

    const fs::path rotated = dir / (service + ".log." + timestamp());
    fs::rename(current, rotated, ec);
    if (ec) {
        std::fprintf(stderr, "rename failed: %s\n", ec.message().c_str());
        return 1;
    }
    if (runGzip(rotated) != 0) {
        std::fprintf(stderr, "gzip failed for %s\n", rotated.c_str());
        return 1;
    }
    pruneOld(dir, service, keep);
    std::printf("%s rotated\n", service.c_str());
    return 0;
}
