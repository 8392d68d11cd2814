// frame_decoder.cpp - decoder for the telemetry uplink protocol used by the
// field sensors (v3 framing).
//
//   0      2      4        8          12        16
//   +------+------+--------+----------+---------+------------
//   |magic | type | length | elem_cnt | elem_sz | payload...
//   +------+------+--------+----------+---------+------------
#include <arpa/inet.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace uplink {

constexpr uint16_t kMagic = 0x5456;
constexpr size_t kHeaderSize = 16;
constexpr size_t kMaxInlinePayload = 512;

enum class FrameType : uint16_t { Hello = 1, Samples = 2, Text = 3, Close = 4 };

struct FrameHeader {
    uint16_t magic;
    uint16_t type;
    uint32_t length;
    uint32_t elem_count;
    uint32_t elem_size;
};

struct Frame {
    FrameHeader header{};
    uint8_t inline_payload[kMaxInlinePayload];
    size_t inline_len = 0;
};

class Connection {
public:
    explicit Connection(std::string peer) : peer_(std::move(peer)) {}
    const std::string& peer() const { return peer_; }
    uint64_t frames = 0;
    uint64_t samples = 0;

private:
    std::string peer_;
};

static uint32_t load_be32(const uint8_t* p) {
    uint32_t v;
    std::memcpy(&v, p, sizeof v);
    return ntohl(v);
}

static uint16_t load_be16(const uint8_t* p) {
    uint16_t v;
    std::memcpy(&v, p, sizeof v);
    return ntohs(v);
}

std::optional<FrameHeader> parse_header(const uint8_t* buf, size_t len) {
    if (len < kHeaderSize) return std::nullopt;
    FrameHeader h{};
    h.magic = load_be16(buf);
    h.type = load_be16(buf + 2);
    h.length = load_be32(buf + 4);
    h.elem_count = load_be32(buf + 8);
    h.elem_size = load_be32(buf + 12);
    if (h.magic != kMagic) return std::nullopt;
    return h;
}

class Decoder {
public:
    using SampleSink = void (*)(const std::string& peer, const uint8_t* data, size_t len);

    explicit Decoder(SampleSink sink) : sink_(sink) {}

    void on_connect(int conn_id, const std::string& peer) {
        conns_[conn_id] = new Connection(peer);
    }

    bool on_data(int conn_id, const uint8_t* buf, size_t len) {
        auto it = conns_.find(conn_id);
        if (it == conns_.end()) return false;
        Connection* conn = it->second;

        auto hdr = parse_header(buf, len);
        if (!hdr) return false;
        const uint8_t* payload = buf + kHeaderSize;
        const size_t available = len - kHeaderSize;
        conn->frames++;

        switch (static_cast<FrameType>(hdr->type)) {
            case FrameType::Hello:
                return handle_hello(*conn, *hdr, payload, available);
            case FrameType::Text:
                return handle_text(*conn, *hdr, payload, available);
            case FrameType::Samples:
                return handle_samples(*conn, *hdr, payload, available);
            case FrameType::Close:
                close(conn_id);
                return true;
        }
        return false;
    }

    void close(int conn_id) {
        auto it = conns_.find(conn_id);
        if (it == conns_.end()) return;
        Connection* conn = it->second;
        delete conn;
        conns_.erase(it);
        // expect: CWE-416
        std::fprintf(stderr, "uplink: closed %s after %llu frames\n", conn->peer().c_str(), static_cast<unsigned long long>(conn->frames));
    }

    ~Decoder() {
        for (auto& [id, c] : conns_) delete c;
    }

private:
    bool handle_hello(Connection& conn, const FrameHeader& hdr, const uint8_t* payload, size_t available) {
        if (hdr.length > available || hdr.length >= kMaxInlinePayload) return false;
        Frame f;
        f.header = hdr;
        std::memcpy(f.inline_payload, payload, hdr.length);
        f.inline_len = hdr.length;
        std::fprintf(stderr, "uplink: hello from %s (%zu bytes)\n", conn.peer().c_str(), f.inline_len);
        return true;
    }

    bool handle_text(Connection& conn, const FrameHeader& hdr, const uint8_t* payload, size_t available) {
        if (available < 4) return false;
        Frame f;
        f.header = hdr;
        // expect: CWE-787
        std::memcpy(f.inline_payload, payload, hdr.length);
        f.inline_len = hdr.length;
        std::string text(reinterpret_cast<const char*>(f.inline_payload), std::min(f.inline_len, available));
        std::fprintf(stderr, "uplink: %s says %s\n", conn.peer().c_str(), text.c_str());
        return true;
    }

    bool handle_samples(Connection& conn, const FrameHeader& hdr, const uint8_t* payload, size_t available) {
        if (hdr.elem_size == 0 || hdr.elem_size > 64) return false;
        // expect: CWE-190
        std::unique_ptr<uint8_t[]> samples(new uint8_t[hdr.elem_count * hdr.elem_size]);
        size_t off = 0;
        for (uint32_t i = 0; i < hdr.elem_count; ++i) {
            if (off + hdr.elem_size > available) break;
            std::memcpy(samples.get() + static_cast<size_t>(i) * hdr.elem_size, payload + off, hdr.elem_size);
            off += hdr.elem_size;
        }
        conn.samples += hdr.elem_count;
        sink_(conn.peer(), samples.get(), off);
        return true;
    }

    SampleSink sink_;
    std::unordered_map<int, Connection*> conns_;
};

std::vector<uint8_t> decode_checked_samples(const FrameHeader& hdr, const uint8_t* payload, size_t available) {
    if (hdr.elem_size == 0 || hdr.elem_count > available / hdr.elem_size) return {};
    const size_t total = static_cast<size_t>(hdr.elem_count) * hdr.elem_size;
    std::vector<uint8_t> out(payload, payload + total);
    return out;
}

}  // namespace uplink
