// plugin_installer.cpp - installs editor plugins distributed as .pak archives
// downloaded from the community plugin registry.
//
// .pak layout (little endian):
//   "PAK1" u32 entryCount
//   entryCount * { u16 nameLen, u32 size, char name[nameLen], u8 data[size] }

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

namespace fs = std::filesystem;

namespace editor {

template <typename T>
static T readLE(std::istream &in)
{
    T v{};
    in.read(reinterpret_cast<char *>(&v), sizeof(v));
    if (!in)
        throw std::runtime_error("truncated archive");
    return v;
}

class PluginInstaller {
public:
    explicit PluginInstaller(fs::path pluginRoot) : root_(std::move(pluginRoot)) {}

    // Extracts every entry of the archive below <root>/<pluginId>/.
    void install(const std::string &pakPath, const std::string &pluginId)
    {
        std::ifstream in(pakPath, std::ios::binary);
        char magic[4];
        in.read(magic, 4);
        if (!in || std::memcmp(magic, "PAK1", 4) != 0)
            throw std::runtime_error("not a pak file");

        const std::string dest = (root_ / safeId(pluginId)).string();
        fs::create_directories(dest);

        const uint32_t count = readLE<uint32_t>(in);
        for (uint32_t i = 0; i < count; ++i) {
            const uint16_t nameLen = readLE<uint16_t>(in);
            const uint32_t size = readLE<uint32_t>(in);

            char name[256];
            // expect: CWE-787
            in.read(name, nameLen);
            name[nameLen < sizeof(name) ? nameLen : sizeof(name) - 1] = '\0';

            // Data plus room for a trailing checksum block
            // expect: CWE-190
            std::unique_ptr<char[]> data(new char[size + 16]);
            in.read(data.get(), size);
            if (!in)
                throw std::runtime_error("truncated entry");

            const std::string outPath = dest + "/" + name;
            fs::create_directories(fs::path(outPath).parent_path());
            // expect: CWE-22
            std::ofstream out(outPath, std::ios::binary | std::ios::trunc);
            out.write(data.get(), size);
            std::clog << "installed " << outPath << " (" << size << " bytes)\n";
        }
    }

    // Used by the "verify" command: checks entry names without extracting.
    bool entryNameIsSafe(const std::string &name) const
    {
        fs::path p = fs::path(name).lexically_normal();
        if (p.empty() || p.is_absolute() || p.has_root_name())
            return false;
        for (const auto &part : p) {
            if (part == "..")
                return false;
        }
        return true;
    }

private:
    // Plugin ids come from the registry index: lowercase letters, digits and dashes.
    static std::string safeId(const std::string &id)
    {
        if (id.empty() || id.size() > 64)
            throw std::invalid_argument("bad plugin id");
        for (char c : id) {
            if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'))
                throw std::invalid_argument("bad plugin id");
        }
        return id;
    }

    fs::path root_;
};

} // namespace editor
