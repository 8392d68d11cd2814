// mqtt_codec.cpp - lightweight MQTT 3.1.1 packet decoder used by the
// Beacon fleet edge broker. Decodes CONNECT/PUBLISH/SUBSCRIBE frames.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace beacon::mqtt {

constexpr size_t kMaxClientId = 23;
constexpr size_t kMaxTopic = 256;

struct ConnectPacket {
    char client_id[kMaxClientId + 1];
    std::string username;
    uint16_t keepalive = 0;
};

struct PublishPacket {
    std::string topic;
    uint16_t packet_id = 0;
    uint8_t* payload = nullptr;
    uint32_t payload_len = 0;
};

struct Subscription {
    std::string filter;
    uint8_t qos;
};

class Reader {
public:
    Reader(const uint8_t* data, size_t len) : p_(data), end_(data + len) {}

    uint8_t u8() {
        need(1);
        return *p_++;
    }
    uint16_t u16() {
        need(2);
        uint16_t v = static_cast<uint16_t>((p_[0] << 8) | p_[1]);
        p_ += 2;
        return v;
    }
    const uint8_t* take(size_t n) {
        need(n);
        const uint8_t* r = p_;
        p_ += n;
        return r;
    }
    size_t remaining() const { return static_cast<size_t>(end_ - p_); }

private:
    void need(size_t n) const {
        if (static_cast<size_t>(end_ - p_) < n) throw std::out_of_range("truncated packet");
    }
    const uint8_t* p_;
    const uint8_t* end_;
};

class Decoder {
public:
    ConnectPacket decodeConnect(Reader& r) {
        ConnectPacket pkt{};
        uint16_t protoLen = r.u16();
        r.take(protoLen);
        r.u8();
        uint8_t flags = r.u8();
        pkt.keepalive = r.u16();
        uint16_t idLen = r.u16();
        const uint8_t* id = r.take(idLen);
        // expect: CWE-787
        std::memcpy(pkt.client_id, id, idLen);
        pkt.client_id[kMaxClientId] = '\0';
        if (flags & 0x80) {
            uint16_t userLen = r.u16();
            const uint8_t* user = r.take(userLen);
            pkt.username.assign(reinterpret_cast<const char*>(user), userLen);
        }
        return pkt;
    }

    PublishPacket decodePublish(Reader& r, uint8_t qos) {
        PublishPacket pkt;
        uint16_t topicLen = r.u16();
        if (topicLen == 0 || topicLen > kMaxTopic) throw std::invalid_argument("bad topic length");
        const uint8_t* topic = r.take(topicLen);
        pkt.topic.assign(reinterpret_cast<const char*>(topic), topicLen);
        if (qos > 0) pkt.packet_id = r.u16();
        pkt.payload_len = static_cast<uint32_t>(r.remaining());
        pkt.payload = new uint8_t[pkt.payload_len];
        std::memcpy(pkt.payload, r.take(pkt.payload_len), pkt.payload_len);
        return pkt;
    }

    std::vector<uint8_t> reassemble(const std::vector<std::pair<const uint8_t*, uint16_t>>& fragments,
                                    uint16_t declaredCount, uint16_t declaredFragmentSize) {
        uint16_t total = static_cast<uint16_t>(declaredCount * declaredFragmentSize);
        // expect: CWE-190
        std::unique_ptr<uint8_t[]> buf(new uint8_t[total]);
        size_t off = 0;
        for (const auto& f : fragments) {
            std::memcpy(buf.get() + off, f.first, f.second);
            off += f.second;
        }
        return std::vector<uint8_t>(buf.get(), buf.get() + off);
    }

    void subscribe(const std::string& clientId, Reader& r) {
        auto& subs = subscriptions_[clientId];
        while (r.remaining() > 0) {
            uint16_t len = r.u16();
            if (len > kMaxTopic) throw std::invalid_argument("filter too long");
            const uint8_t* f = r.take(len);
            uint8_t qos = r.u8() & 0x03;
            subs.push_back(Subscription{std::string(reinterpret_cast<const char*>(f), len), qos});
        }
    }

    void dropClient(const std::string& clientId) {
        auto it = subscriptions_.find(clientId);
        if (it == subscriptions_.end()) return;
        const Subscription& first = it->second.front();
        subscriptions_.erase(it);
        // expect: CWE-416
        std::fprintf(stderr, "client %s dropped (first filter %s)\n", clientId.c_str(), first.filter.c_str());
    }

    void traceTopic(const PublishPacket& pkt) {
        char line[kMaxTopic + 32];
        std::snprintf(line, sizeof(line), "publish %s\n", pkt.topic.c_str());
        std::fputs(line, stderr);
    }

    void traceWill(const std::string& willMessage) {
        // expect: CWE-134
        std::fprintf(stderr, willMessage.c_str());
    }

    static void release(PublishPacket& pkt) {
        delete[] pkt.payload;
        pkt.payload = nullptr;
        pkt.payload_len = 0;
    }

private:
    std::map<std::string, std::vector<Subscription>> subscriptions_;
};

}  // namespace beacon::mqtt
