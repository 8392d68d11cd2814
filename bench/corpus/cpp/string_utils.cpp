// string_utils.cpp - small string helpers used by the CLI and the daemon.

#include "string_utils.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

namespace util {

std::string trim(const std::string &s)
{
    auto begin = std::find_if_not(s.begin(), s.end(), [](unsigned char c) { return std::isspace(c); });
    auto end = std::find_if_not(s.rbegin(), s.rend(), [](unsigned char c) { return std::isspace(c); }).base();
    return begin < end ? std::string(begin, end) : std::string();
}

std::vector<std::string> split(const std::string &s, char sep)
{
    std::vector<std::string> out;
    std::string item;
    std::istringstream in(s);
    while (std::getline(in, item, sep))
        out.push_back(item);
    return out;
}

std::string join(const std::vector<std::string> &parts, const std::string &sep)
{
    std::string out;
    for (size_t i = 0; i < parts.size(); ++i) {
        if (i)
            out += sep;
        out += parts[i];
    }
    return out;
}

std::string htmlEscape(const std::string &in)
{
    std::string out;
    out.reserve(in.size() + in.size() / 8);
    for (char c : in) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&#x27;"; break;
        default: out += c;
        }
    }
    return out;
}

// Copies src into a fixed-size C buffer, always terminating it.
// Returns false if the value had to be truncated.
bool copyTo(char *dst, size_t dstSize, const std::string &src)
{
    if (dstSize == 0)
        return false;
    const size_t n = std::min(src.size(), dstSize - 1);
    std::memcpy(dst, src.data(), n);
    dst[n] = '\0';
    return n == src.size();
}

// Formats a byte count for humans: "1.5 MiB".
std::string humanBytes(unsigned long long bytes)
{
    static const char *units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    double v = static_cast<double>(bytes);
    size_t u = 0;
    while (v >= 1024.0 && u + 1 < sizeof(units) / sizeof(units[0])) {
        v /= 1024.0;
        ++u;
    }
    char buf[32];
    std::snprintf(buf, sizeof(buf), u == 0 ? "%.0f %s" : "%.1f %s", v, units[u]);
    return buf;
}

// Legacy C API used by the plugin ABI: fills a fixed struct field.
struct PluginInfo {
    char name[64];
    char version[16];
    char license[32];
};

void fillPluginInfo(PluginInfo &info, const std::string &name, const std::string &version)
{
    std::memset(&info, 0, sizeof(info));
    std::strncpy(info.name, name.c_str(), sizeof(info.name) - 1);
    std::snprintf(info.version, sizeof(info.version), "%s", version.c_str());
    std::strcpy(info.license, "MIT");
}

void printBanner(const std::string &product, const std::string &user)
{
    std::printf("%s - logged in as %s\n", product.c_str(), user.c_str());
    std::fputs(user.c_str(), stderr);
    std::fputc('\n', stderr);
}

std::string toLower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

} // namespace util
