// wav_reader.cpp - PCM WAV decoding for the sound bank tool.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

namespace audio {

struct PcmBuffer {
    uint16_t channels = 0;
    uint32_t sampleRate = 0;
    uint16_t bitsPerSample = 0;
    std::vector<float> samples;   // interleaved, normalised to [-1, 1]
    char label[48] = {};
};

static uint32_t le32(const uint8_t* p) { return p[0] | (p[1] << 8) | (p[2] << 16) | (uint32_t(p[3]) << 24); }
static uint16_t le16(const uint8_t* p) { return static_cast<uint16_t>(p[0] | (p[1] << 8)); }

class WavReader {
public:
    explicit WavReader(std::vector<uint8_t> bytes) : data_(std::move(bytes)) {}

    static WavReader fromFile(const std::string& path)
    {
        std::ifstream in(path, std::ios::binary);
        if (!in) throw std::runtime_error("cannot open " + path);
        in.seekg(0, std::ios::end);
        const auto size = static_cast<std::streamoff>(in.tellg());
        if (size < 0 || size > 512LL * 1024 * 1024) throw std::runtime_error("file too large");
        std::vector<uint8_t> bytes(static_cast<size_t>(size));
        in.seekg(0);
        in.read(reinterpret_cast<char*>(bytes.data()), size);
        return WavReader(std::move(bytes));
    }

    PcmBuffer decode()
    {
        if (data_.size() < 12 || std::memcmp(data_.data(), "RIFF", 4) != 0 || std::memcmp(data_.data() + 8, "WAVE", 4) != 0)
            throw std::runtime_error("not a WAV file");

        PcmBuffer out;
        const uint8_t* pcm = nullptr;
        size_t pcmLen = 0;
        size_t off = 12;

        while (off + 8 <= data_.size()) {
            const uint8_t* hdr = data_.data() + off;
            const uint32_t chunkLen = le32(hdr + 4);
            off += 8;
            if (chunkLen > data_.size() - off) throw std::runtime_error("truncated chunk");
            const uint8_t* body = data_.data() + off;

            if (std::memcmp(hdr, "fmt ", 4) == 0) {
                if (chunkLen < 16) throw std::runtime_error("short fmt chunk");
                if (le16(body) != 1) throw std::runtime_error("only PCM supported");
                out.channels = le16(body + 2);
                out.sampleRate = le32(body + 4);
                out.bitsPerSample = le16(body + 14);
            } else if (std::memcmp(hdr, "data", 4) == 0) {
                pcm = body;
                pcmLen = chunkLen;
            } else if (std::memcmp(hdr, "LABL", 4) == 0) {
                const size_t n = std::min<size_t>(chunkLen, sizeof out.label - 1);
                std::memcpy(out.label, body, n);
                out.label[n] = '\0';
            }
            off += chunkLen + (chunkLen & 1u);
        }

        if (!pcm || out.channels == 0 || out.channels > 8) throw std::runtime_error("missing or bad format");
        if (out.bitsPerSample != 8 && out.bitsPerSample != 16) throw std::runtime_error("unsupported depth");

        const size_t bytesPerSample = out.bitsPerSample / 8;
        const size_t frameBytes = bytesPerSample * out.channels;
        const size_t frames = pcmLen / frameBytes;
        if (frames > std::numeric_limits<size_t>::max() / out.channels) throw std::runtime_error("too many frames");
        out.samples.resize(frames * out.channels);

        for (size_t i = 0; i < out.samples.size(); ++i) {
            const uint8_t* s = pcm + i * bytesPerSample;
            out.samples[i] = bytesPerSample == 1 ? (static_cast<int>(s[0]) - 128) / 128.0f
                                                 : static_cast<int16_t>(le16(s)) / 32768.0f;
        }
        return out;
    }

private:
    std::vector<uint8_t> data_;
};

// Mixes src into dst starting at frame `at`, clipping to dst's length.
void mixInto(PcmBuffer& dst, const PcmBuffer& src, size_t at, float gain)
{
    if (dst.channels != src.channels || dst.channels == 0) throw std::invalid_argument("channel mismatch");
    const size_t dstFrames = dst.samples.size() / dst.channels;
    if (at >= dstFrames) return;
    const size_t srcFrames = src.samples.size() / src.channels;
    const size_t n = std::min(srcFrames, dstFrames - at);
    for (size_t f = 0; f < n; ++f)
        for (uint16_t c = 0; c < dst.channels; ++c) {
            float v = dst.samples[(at + f) * dst.channels + c] + gain * src.samples[f * src.channels + c];
            dst.samples[(at + f) * dst.channels + c] = v > 1.0f ? 1.0f : (v < -1.0f ? -1.0f : v);
        }
}

} // namespace audio
