// transcode_worker.cpp - consumes jobs from the upload queue and produces
// thumbnails / renditions with ffmpeg.
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

using Job = std::map<std::string, std::string>;

class Transcoder {
public:
    explicit Transcoder(std::string outDir) : outDir_(std::move(outDir)) {}

    int makeThumbnail(const std::string& input, const std::string& size);
    int transcode(const std::string& input, const std::string& preset, const std::string& outName);
    std::string probe(const std::string& input);
    void writeSidecar(const std::string& name, const std::string& json);

private:
    static int run(const std::vector<std::string>& argv);
    std::string outDir_;
};

int Transcoder::run(const std::vector<std::string>& argv)
{
    std::vector<char*> cargv;
    for (const auto& a : argv) cargv.push_back(const_cast<char*>(a.c_str()));
    cargv.push_back(nullptr);

    const pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        execvp(cargv[0], cargv.data());
        _exit(127);
    }
    int status = 0;
    if (waitpid(pid, &status, 0) < 0) return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int Transcoder::makeThumbnail(const std::string& input, const std::string& size)
{
    std::string cmd = "ffmpeg -loglevel error -y -i \"" + input + "\"";
    cmd += " -vf scale=" + size;
    cmd += " -frames:v 1 " + outDir_ + "/thumb.jpg";
    // expect: CWE-78
    return std::system(cmd.c_str());
}

int Transcoder::transcode(const std::string& input, const std::string& preset, const std::string& outName)
{
    static const std::map<std::string, std::vector<std::string>> kPresets = {
        {"720p", {"-vf", "scale=-2:720", "-c:v", "libx264", "-crf", "23"}},
        {"1080p", {"-vf", "scale=-2:1080", "-c:v", "libx264", "-crf", "21"}},
        {"audio", {"-vn", "-c:a", "aac", "-b:a", "128k"}},
    };
    const auto it = kPresets.find(preset);
    if (it == kPresets.end()) throw std::invalid_argument("unknown preset");
    if (outName.find('/') != std::string::npos || outName.find("..") != std::string::npos || outName.empty())
        throw std::invalid_argument("bad output name");

    std::vector<std::string> argv = {"ffmpeg", "-loglevel", "error", "-y", "-i", input};
    argv.insert(argv.end(), it->second.begin(), it->second.end());
    argv.push_back(outDir_ + "/" + outName);
    return run(argv);
}

std::string Transcoder::probe(const std::string& input)
{
    const std::string cmd = "ffprobe -v quiet -print_format json -show_streams " + input;
    std::string out;
    std::array<char, 4096> buf{};
    // expect: CWE-78
    std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(cmd.c_str(), "r"), pclose);
    if (!pipe) return out;
    size_t n;
    while ((n = fread(buf.data(), 1, buf.size(), pipe.get())) > 0) out.append(buf.data(), n);
    return out;
}

void Transcoder::writeSidecar(const std::string& name, const std::string& json)
{
    // expect: CWE-22
    std::ofstream f(outDir_ + "/" + name + ".json");
    f << json;
}

// Job messages are JSON objects from the upload API, flattened to key/value.
void handleJob(Transcoder& t, const Job& job)
{
    const std::string& kind = job.at("kind");
    const std::string& src = job.at("source_path");

    if (kind == "thumbnail") {
        const auto it = job.find("size");
        t.makeThumbnail(src, it != job.end() ? it->second : "320:-1");
    } else if (kind == "rendition") {
        t.transcode(src, job.at("preset"), job.at("output_name"));
    } else if (kind == "probe") {
        t.writeSidecar(job.at("output_name"), t.probe(src));
    } else {
        std::cerr << "unknown job kind: " << kind << "\n";
    }
}
