// config_loader.cpp - loads named configuration profiles for the daemon.
// Profile names arrive from the control socket ("reload <profile>").

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <regex>
#include <stdexcept>
#include <string>

namespace fs = std::filesystem;

namespace daemon_cfg {

class ConfigLoader {
public:
    explicit ConfigLoader(fs::path profileDir) : dir_(fs::canonical(profileDir)) {}

    std::map<std::string, std::string> load(const std::string &profile) const
    {
        static const std::regex kName("^[A-Za-z0-9_-]{1,40}$");
        if (!std::regex_match(profile, kName))
            throw std::invalid_argument("invalid profile name");

        fs::path file = resolve(profile + ".conf");
        std::ifstream in(file);
        if (!in)
            throw std::runtime_error("profile not found");

        std::map<std::string, std::string> values;
        std::string line;
        while (std::getline(in, line)) {
            if (line.empty() || line[0] == '#')
                continue;
            auto eq = line.find('=');
            if (eq == std::string::npos)
                continue;
            values[line.substr(0, eq)] = line.substr(eq + 1);
        }
        return values;
    }

    // Secrets are never stored in profiles; they come from the environment
    // (populated by systemd's LoadCredential / the secret manager).
    static std::optional<std::string> secret(const char *name)
    {
        const char *v = std::getenv(name);
        if (!v || !*v)
            return std::nullopt;
        return std::string(v);
    }

    // "include" directive inside a profile; still confined to the profile dir.
    std::string readInclude(const std::string &relative) const
    {
        fs::path file = resolve(relative);
        std::ifstream in(file, std::ios::binary);
        std::string content((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        return content;
    }

    void saveProfile(const std::string &profile, const std::map<std::string, std::string> &values) const
    {
        static const std::regex kName("^[A-Za-z0-9_-]{1,40}$");
        if (!std::regex_match(profile, kName))
            throw std::invalid_argument("invalid profile name");
        fs::path tmp = dir_ / (profile + ".conf.tmp");
        {
            std::ofstream out(tmp, std::ios::trunc);
            for (const auto &[k, v] : values)
                out << k << '=' << v << '\n';
        }
        fs::permissions(tmp, fs::perms::owner_read | fs::perms::owner_write);
        fs::rename(tmp, dir_ / (profile + ".conf"));
    }

private:
    fs::path resolve(const std::string &relative) const
    {
        fs::path candidate = fs::weakly_canonical(dir_ / fs::path(relative));
        auto rel = candidate.lexically_relative(dir_);
        if (rel.empty() || rel.is_absolute() || *rel.begin() == "..")
            throw std::invalid_argument("path escapes profile directory");
        return candidate;
    }

    fs::path dir_;
};

} // namespace daemon_cfg
