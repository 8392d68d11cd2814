// pak_archive.cpp - reader for the engine's .pak asset archives.
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace pak {

#pragma pack(push, 1)
struct FileHeader {
    char     magic[4];      // "PAK1"
    uint32_t entryCount;
    uint32_t tableOffset;
};

struct EntryHeader {
    uint16_t nameLen;
    uint32_t size;
    uint32_t offset;
};
#pragma pack(pop)

struct Entry {
    std::string name;
    uint32_t size;
    uint32_t offset;
};

class PakReader {
public:
    explicit PakReader(const std::string& path) : in_(path, std::ios::binary)
    {
        if (!in_) throw std::runtime_error("cannot open " + path);
        in_.read(reinterpret_cast<char*>(&hdr_), sizeof hdr_);
        if (!in_ || std::memcmp(hdr_.magic, "PAK1", 4) != 0)
            throw std::runtime_error("not a pak archive");
    }

    std::vector<Entry> list();
    void extractAll(const fs::path& dest);
    void extractOne(const std::string& name, const fs::path& dest);
    void printShortNames(std::ostream& os);

private:
    void copyEntry(const Entry& e, std::ostream& out);

    std::ifstream in_;
    FileHeader hdr_{};
};

std::vector<Entry> PakReader::list()
{
    std::vector<Entry> entries;
    in_.clear();
    in_.seekg(hdr_.tableOffset);
    for (uint32_t i = 0; i < hdr_.entryCount && in_; ++i) {
        EntryHeader eh{};
        in_.read(reinterpret_cast<char*>(&eh), sizeof eh);
        char nameBuf[256];
        // expect: CWE-787
        in_.read(nameBuf, eh.nameLen);
        if (!in_) break;
        entries.push_back({std::string(nameBuf, eh.nameLen), eh.size, eh.offset});
    }
    return entries;
}

void PakReader::copyEntry(const Entry& e, std::ostream& out)
{
    std::vector<char> chunk(64 * 1024);
    uint32_t remaining = e.size;
    in_.clear();
    in_.seekg(e.offset);
    while (remaining > 0 && in_) {
        const std::streamsize n = std::min<std::streamsize>(remaining, chunk.size());
        in_.read(chunk.data(), n);
        out.write(chunk.data(), in_.gcount());
        remaining -= static_cast<uint32_t>(in_.gcount());
    }
}

void PakReader::extractAll(const fs::path& dest)
{
    for (const auto& e : list()) {
        fs::path out = dest / e.name;
        fs::create_directories(out.parent_path());
        // expect: CWE-22
        std::ofstream o(out, std::ios::binary | std::ios::trunc);
        copyEntry(e, o);
    }
}

void PakReader::extractOne(const std::string& name, const fs::path& dest)
{
    const fs::path base = fs::weakly_canonical(dest);
    const fs::path target = fs::weakly_canonical(base / name);
    const fs::path rel = target.lexically_relative(base);
    if (rel.empty() || rel.is_absolute() || *rel.begin() == "..")
        throw std::runtime_error("entry escapes destination: " + name);

    for (const auto& e : list()) {
        if (e.name != name) continue;
        fs::create_directories(target.parent_path());
        std::ofstream o(target, std::ios::binary | std::ios::trunc);
        copyEntry(e, o);
        return;
    }
    throw std::runtime_error("no such entry: " + name);
}

// Legacy tooling expects DOS-style 8.3 names in the listing.
void PakReader::printShortNames(std::ostream& os)
{
    for (const auto& e : list()) {
        char shortName[13];
        const auto slash = e.name.find_last_of('/');
        const std::string leaf = slash == std::string::npos ? e.name : e.name.substr(slash + 1);
        // expect: CWE-120
        std::strcpy(shortName, leaf.c_str());
        for (char* p = shortName; *p; ++p)
            *p = static_cast<char>(std::toupper(static_cast<unsigned char>(*p)));
        os << shortName << "\t" << e.size << "\n";
    }
}

} // namespace pak

int main(int argc, char** argv)
{
    if (argc < 3) {
        std::cerr << "usage: pak x|l|1 archive.pak [dest] [entry]\n";
        return 2;
    }
    try {
        pak::PakReader r(argv[2]);
        const std::string mode = argv[1];
        if (mode == "l") r.printShortNames(std::cout);
        else if (mode == "x" && argc > 3) r.extractAll(argv[3]);
        else if (mode == "1" && argc > 4) r.extractOne(argv[4], argv[3]);
        else return 2;
    } catch (const std::exception& ex) {
        std::cerr << "pak: " << ex.what() << "\n";
        return 1;
    }
    return 0;
}
