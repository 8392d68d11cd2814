// tile_cache.cpp - on-disk cache for map tiles served by the Cartograph
// offline-maps desktop client. Fetches missing tiles over verified HTTPS.
#include <curl/curl.h>
#include <openssl/md5.h>
#include <sys/types.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace cartograph {

struct TileKey {
    uint32_t z, x, y;
};

class TileCache {
public:
    TileCache(fs::path root, std::string tileServer)
        : root_(fs::weakly_canonical(std::move(root))), tileServer_(std::move(tileServer)) {
        fs::create_directories(root_);
    }

    std::optional<std::vector<uint8_t>> get(const TileKey& k) {
        if (!valid(k)) return std::nullopt;
        fs::path p = pathFor(k);
        if (!fs::exists(p)) {
            auto fetched = fetch(k);
            if (!fetched) return std::nullopt;
            store(p, *fetched);
            return fetched;
        }
        std::ifstream in(p, std::ios::binary);
        return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
    }

    bool importTile(const fs::path& userSuppliedFile, const TileKey& k) {
        if (!valid(k)) return false;
        fs::path src = fs::weakly_canonical(userSuppliedFile);
        if (!fs::is_regular_file(src) || fs::file_size(src) > kMaxTileBytes) return false;
        fs::path dst = pathFor(k);
        auto rel = dst.lexically_relative(root_);
        if (rel.empty() || *rel.begin() == "..") return false;
        fs::create_directories(dst.parent_path());
        fs::copy_file(src, dst, fs::copy_options::overwrite_existing);
        return true;
    }

private:
    static constexpr uintmax_t kMaxTileBytes = 512 * 1024;

    static bool valid(const TileKey& k) {
        if (k.z > 20) return false;
        uint32_t limit = 1u << k.z;
        return k.x < limit && k.y < limit;
    }

    fs::path pathFor(const TileKey& k) const {
        unsigned char digest[MD5_DIGEST_LENGTH];
        std::string id = std::to_string(k.z) + "/" + std::to_string(k.x) + "/" + std::to_string(k.y);
        MD5(reinterpret_cast<const unsigned char*>(id.data()), id.size(), digest);
        char shard[3];
        std::snprintf(shard, sizeof(shard), "%02x", digest[0]);
        return root_ / shard / (std::to_string(k.z) + "_" + std::to_string(k.x) + "_" + std::to_string(k.y) + ".png");
    }

    static size_t onData(char* ptr, size_t size, size_t nmemb, void* user) {
        auto* buf = static_cast<std::vector<uint8_t>*>(user);
        size_t n = size * nmemb;
        if (buf->size() + n > kMaxTileBytes) return 0;
        buf->insert(buf->end(), ptr, ptr + n);
        return n;
    }

    std::optional<std::vector<uint8_t>> fetch(const TileKey& k) {
        std::unique_ptr<CURL, decltype(&curl_easy_cleanup)> curl(curl_easy_init(), curl_easy_cleanup);
        if (!curl) return std::nullopt;
        std::ostringstream url;
        url << tileServer_ << "/" << k.z << "/" << k.x << "/" << k.y << ".png";
        std::string u = url.str();
        std::vector<uint8_t> body;
        curl_easy_setopt(curl.get(), CURLOPT_URL, u.c_str());
        curl_easy_setopt(curl.get(), CURLOPT_PROTOCOLS_STR, "https");
        curl_easy_setopt(curl.get(), CURLOPT_SSL_VERIFYPEER, 1L);
        curl_easy_setopt(curl.get(), CURLOPT_SSL_VERIFYHOST, 2L);
        curl_easy_setopt(curl.get(), CURLOPT_TIMEOUT, 15L);
        curl_easy_setopt(curl.get(), CURLOPT_WRITEFUNCTION, onData);
        curl_easy_setopt(curl.get(), CURLOPT_WRITEDATA, &body);
        if (curl_easy_perform(curl.get()) != CURLE_OK) return std::nullopt;
        long status = 0;
        curl_easy_getinfo(curl.get(), CURLINFO_RESPONSE_CODE, &status);
        if (status != 200) return std::nullopt;
        return body;
    }

    void store(const fs::path& p, const std::vector<uint8_t>& data) {
        fs::create_directories(p.parent_path());
        fs::path tmp = p;
        tmp += ".tmp" + std::to_string(::getpid());
        {
            std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
            out.write(reinterpret_cast<const char*>(data.data()), static_cast<std::streamsize>(data.size()));
        }
        fs::rename(tmp, p);
    }

    fs::path root_;
    std::string tileServer_;
};

struct TileHeader {
    char magic[4];
    uint32_t width;
    uint32_t height;
};

std::optional<TileHeader> parseHeader(const std::vector<uint8_t>& buf) {
    if (buf.size() < 24) return std::nullopt;
    static const uint8_t png_sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    if (std::memcmp(buf.data(), png_sig, sizeof(png_sig)) != 0) return std::nullopt;
    TileHeader h{};
    std::memcpy(h.magic, buf.data() + 12, sizeof(h.magic));
    h.width = (uint32_t(buf[16]) << 24) | (uint32_t(buf[17]) << 16) | (uint32_t(buf[18]) << 8) | buf[19];
    h.height = (uint32_t(buf[20]) << 24) | (uint32_t(buf[21]) << 16) | (uint32_t(buf[22]) << 8) | buf[23];
    if (h.width == 0 || h.height == 0 || h.width > 4096 || h.height > 4096) return std::nullopt;
    return h;
}

}  // namespace cartograph
