// transcoder.cpp - transcoding jobs for user-uploaded videos.
// Jobs are read from the queue as JSON: {"input": "...", "title": "...", "preset": "720p"}

#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <spawn.h>
#include <stdexcept>
#include <string>
#include <sys/wait.h>
#include <vector>

#include <nlohmann/json.hpp>

extern char **environ;

namespace media {

struct Job {
    std::string input;   // path of the uploaded file (original file name preserved)
    std::string title;   // free text entered by the uploader
    std::string preset;
};

static const std::map<std::string, std::string> kPresets = {
    {"480p", "scale=-2:480"},
    {"720p", "scale=-2:720"},
    {"1080p", "scale=-2:1080"},
};

// Runs a program with an explicit argument vector (no shell).
static int runArgv(const std::vector<std::string> &args)
{
    std::vector<char *> argv;
    for (const auto &a : args)
        argv.push_back(const_cast<char *>(a.c_str()));
    argv.push_back(nullptr);

    pid_t pid;
    if (posix_spawnp(&pid, argv[0], nullptr, nullptr, argv.data(), environ) != 0)
        return -1;
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static double probeDuration(const std::string &file)
{
    std::string cmd = "ffprobe -v error -show_entries format=duration -of csv=p=0 \"" + file + "\"";
    // expect: CWE-78
    std::unique_ptr<FILE, decltype(&pclose)> pipe(popen(cmd.c_str(), "r"), pclose);
    if (!pipe)
        return -1;
    std::array<char, 64> buf{};
    if (!std::fgets(buf.data(), buf.size(), pipe.get()))
        return -1;
    return std::strtod(buf.data(), nullptr);
}

Job parseJob(const std::string &payload)
{
    auto j = nlohmann::json::parse(payload);
    return Job{j.at("input").get<std::string>(), j.value("title", ""), j.value("preset", "720p")};
}

int transcode(const Job &job, const std::string &outDir)
{
    auto preset = kPresets.find(job.preset);
    if (preset == kPresets.end())
        throw std::invalid_argument("unknown preset");

    double seconds = probeDuration(job.input);
    if (seconds <= 0 || seconds > 4 * 3600)
        return -1;

    std::string out = outDir + "/" + std::to_string(std::hash<std::string>{}(job.input)) + ".mp4";

    // Main encode: argument vector, the file name cannot break out.
    int rc = runArgv({"ffmpeg", "-nostdin", "-y", "-i", job.input, "-vf", preset->second,
                      "-c:v", "libx264", "-preset", "veryfast", "-c:a", "aac", out});
    if (rc != 0)
        return rc;

    // Embed the title as metadata
    char meta[256];
    // expect: CWE-120
    std::sprintf(meta, "title=%s", job.title.c_str());
    std::string tagged = out + ".tagged.mp4";
    std::string cmd = "ffmpeg -nostdin -y -i " + out + " -metadata \"" + meta + "\" -codec copy " + tagged;
    // expect: CWE-78
    rc = std::system(cmd.c_str());
    if (rc != 0)
        return rc;

    // Poster frame at 10% of the duration
    char ts[32];
    std::snprintf(ts, sizeof(ts), "%.2f", seconds / 10.0);
    return runArgv({"ffmpeg", "-nostdin", "-y", "-ss", ts, "-i", out, "-frames:v", "1", out + ".jpg"});
}

} // namespace media
