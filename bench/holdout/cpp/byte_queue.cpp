// byte_queue.cpp - framing buffer for the serial console widget (Qt-style class,
// implemented on the standard library so it can be unit-tested headless).
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

class FrameAssembler {
public:
    static constexpr size_t kMaxFrame = 256;
    static constexpr uint8_t kStart = 0x7E;
    static constexpr uint8_t kEscape = 0x7D;

    using FrameHandler = std::function<void(const uint8_t*, size_t)>;

    explicit FrameAssembler(FrameHandler onFrame) : m_onFrame(std::move(onFrame)) {}

    void feed(const uint8_t* data, size_t len)
    {
        for (size_t i = 0; i < len; ++i) feedByte(data[i]);
    }

    size_t droppedFrames() const { return m_dropped; }

    void setDeviceLabel(const char* label)
    {
        std::strncpy(m_label, label, sizeof m_label - 1);
        m_label[sizeof m_label - 1] = '\0';
    }

    std::string statusText() const
    {
        char buf[96];
        std::snprintf(buf, sizeof buf, "%s: %zu frames, %zu dropped", m_label, m_frames, m_dropped);
        return buf;
    }

private:
    void feedByte(uint8_t b)
    {
        if (b == kStart) {
            if (m_len > 0) deliver();
            m_len = 0;
            m_escaped = false;
            return;
        }
        if (b == kEscape) {
            m_escaped = true;
            return;
        }
        if (m_escaped) {
            b ^= 0x20;
            m_escaped = false;
        }
        if (m_len >= m_buf.size()) {
            ++m_dropped;
            m_len = 0;
            return;
        }
        m_buf[m_len++] = b;
    }

    void deliver()
    {
        if (m_len < 3) {
            ++m_dropped;
            return;
        }
        const uint8_t declared = m_buf[0];
        if (declared != m_len - 3) {
            ++m_dropped;
            return;
        }
        uint16_t crc = 0;
        for (size_t i = 0; i + 2 < m_len; ++i) crc = static_cast<uint16_t>((crc << 5) ^ (crc >> 11) ^ m_buf[i]);
        const uint16_t got = static_cast<uint16_t>(m_buf[m_len - 2] << 8 | m_buf[m_len - 1]);
        if (crc != got) {
            ++m_dropped;
            return;
        }
        ++m_frames;
        if (m_onFrame) m_onFrame(m_buf.data() + 1, declared);
    }

    std::array<uint8_t, kMaxFrame> m_buf{};
    size_t m_len = 0;
    bool m_escaped = false;
    size_t m_frames = 0;
    size_t m_dropped = 0;
    char m_label[32] = "serial";
    FrameHandler m_onFrame;
};

class RegisterMap {
public:
    static constexpr size_t kCount = 64;

    bool write(long index, uint16_t value)
    {
        if (index < 0 || static_cast<size_t>(index) >= m_regs.size()) return false;
        m_regs[static_cast<size_t>(index)] = value;
        return true;
    }

    uint16_t read(long index) const
    {
        return (index >= 0 && static_cast<size_t>(index) < m_regs.size()) ? m_regs[static_cast<size_t>(index)] : 0;
    }

    void applyFrame(const uint8_t* payload, size_t len)
    {
        // payload: repeated [index:1][value:2]
        for (size_t off = 0; off + 3 <= len; off += 3)
            write(payload[off], static_cast<uint16_t>(payload[off + 1] << 8 | payload[off + 2]));
    }

    std::vector<uint16_t> snapshot() const { return {m_regs.begin(), m_regs.end()}; }

private:
    std::array<uint16_t, kCount> m_regs{};
};
