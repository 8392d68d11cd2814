// texture_cache.cpp - loads .tex assets (from disk or from mod packs) and caches them.
#include <cstdint>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

namespace gfx {

#pragma pack(push, 1)
struct TexHeader {
    uint32_t magic;       // 'TEX1'
    uint32_t width;
    uint32_t height;
    uint8_t  format;      // 0 = RGBA8, 1 = RGB8, 2 = R8
    uint8_t  mipCount;
    uint16_t flags;
};
#pragma pack(pop)

constexpr uint32_t kTexMagic = 0x31584554;
constexpr int kMaxMips = 16;

struct Texture {
    uint32_t id = 0;
    uint32_t width = 0;
    uint32_t height = 0;
    uint32_t bpp = 4;
    uint32_t mipOffsets[kMaxMips] = {};
    std::unique_ptr<uint8_t[]> pixels;

    size_t byteSize() const { return static_cast<size_t>(width) * height * bpp; }
};

struct CacheStats {
    size_t loads = 0;
    size_t bytesResident = 0;
    size_t bytesFreed = 0;
};

static uint32_t bytesPerPixel(uint8_t format)
{
    switch (format) {
    case 0: return 4;
    case 1: return 3;
    case 2: return 1;
    default: throw std::runtime_error("unknown texture format");
    }
}

bool decodeTexture(const uint8_t* data, size_t len, Texture& out)
{
    if (len < sizeof(TexHeader)) return false;
    TexHeader h;
    std::memcpy(&h, data, sizeof h);
    if (h.magic != kTexMagic || h.width == 0 || h.height == 0) return false;

    const uint32_t bpp = bytesPerPixel(h.format);
    size_t off = sizeof h;

    for (uint32_t i = 0; i < h.mipCount; ++i) {
        if (off + 4 > len) return false;
        uint32_t mipOff;
        std::memcpy(&mipOff, data + off, 4);
        // expect: CWE-787
        out.mipOffsets[i] = mipOff;
        off += 4;
    }

    const size_t rowBytes = static_cast<size_t>(h.width) * bpp;
    out.width = h.width;
    out.height = h.height;
    out.bpp = bpp;
    // expect: CWE-190
    out.pixels.reset(new uint8_t[h.width * h.height * bpp]);

    for (uint32_t y = 0; y < h.height; ++y) {
        if (off + rowBytes > len) return false;
        std::memcpy(out.pixels.get() + y * rowBytes, data + off, rowBytes);
        off += rowBytes;
    }
    return true;
}

std::vector<uint8_t> createRenderTarget(uint32_t w, uint32_t h)
{
    if (w == 0 || h == 0 || w > 16384 || h > 16384)
        throw std::invalid_argument("render target size out of range");
    return std::vector<uint8_t>(static_cast<size_t>(w) * h * 4, 0);
}

class TextureCache {
public:
    Texture* get(const std::string& name, const std::vector<uint8_t>& fileBytes)
    {
        auto it = cache_.find(name);
        if (it != cache_.end()) return it->second;

        auto* tex = new Texture();
        if (!decodeTexture(fileBytes.data(), fileBytes.size(), *tex)) {
            delete tex;
            return nullptr;
        }
        tex->id = nextId_++;
        cache_[name] = tex;
        stats_.loads++;
        stats_.bytesResident += tex->byteSize();
        return tex;
    }

    void evict(const std::string& name)
    {
        auto it = cache_.find(name);
        if (it == cache_.end()) return;
        Texture* t = it->second;
        cache_.erase(it);
        delete t;
        // expect: CWE-416
        stats_.bytesFreed += t->byteSize();
    }

    void clear()
    {
        for (auto& kv : cache_) {
            stats_.bytesFreed += kv.second->byteSize();
            delete kv.second;
        }
        cache_.clear();
        stats_.bytesResident = 0;
    }

    uint8_t sample(const std::string& name, uint32_t x, uint32_t y) const
    {
        auto it = cache_.find(name);
        if (it == cache_.end()) return 0;
        const Texture* t = it->second;
        if (x >= t->width || y >= t->height) return 0;
        return t->pixels[(static_cast<size_t>(y) * t->width + x) * t->bpp];
    }

    ~TextureCache() { clear(); }

    const CacheStats& stats() const { return stats_; }

private:
    std::unordered_map<std::string, Texture*> cache_;
    CacheStats stats_;
    uint32_t nextId_ = 1;
};

} // namespace gfx
