// subprocess.cpp - run external tools and capture their output without a shell.

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

extern char **environ;

namespace proc {

struct Result {
    int exitCode;
    std::string output;
};

// Runs argv[0] (looked up in PATH) with the given arguments; stdout and
// stderr are captured together. Arguments are passed verbatim.
Result run(const std::vector<std::string> &args)
{
    if (args.empty())
        throw std::invalid_argument("empty command");

    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0)
        throw std::runtime_error(std::strerror(errno));

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, fds[1], STDERR_FILENO);

    std::vector<char *> argv;
    argv.reserve(args.size() + 1);
    for (const auto &a : args)
        argv.push_back(const_cast<char *>(a.c_str()));
    argv.push_back(nullptr);

    pid_t pid;
    int rc = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    close(fds[1]);
    if (rc != 0) {
        close(fds[0]);
        throw std::runtime_error(std::string("spawn failed: ") + std::strerror(rc));
    }

    Result res{-1, {}};
    char buf[4096];
    ssize_t n;
    while ((n = read(fds[0], buf, sizeof(buf))) > 0)
        res.output.append(buf, static_cast<size_t>(n));
    close(fds[0]);

    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    res.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return res;
}

// git helpers used by the repository browser; ref and path come from the URL.
std::string gitShow(const std::string &repoDir, const std::string &ref, const std::string &path)
{
    if (ref.empty() || ref[0] == '-')
        throw std::invalid_argument("bad ref");
    auto r = run({"git", "-C", repoDir, "show", "--no-textconv", ref + ":" + path});
    if (r.exitCode != 0)
        throw std::runtime_error("git show failed");
    return r.output;
}

std::string gitLog(const std::string &repoDir, const std::string &path, int limit)
{
    auto r = run({"git", "-C", repoDir, "log", "--format=%h %an %s", "-n", std::to_string(limit), "--", path});
    return r.output;
}

// Disk usage for the status page: fixed command line.
std::string diskUsage()
{
    return run({"df", "-h", "--output=target,pcent", "/", "/var"}).output;
}

} // namespace proc
