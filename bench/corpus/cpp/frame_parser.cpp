// frame_parser.cpp - parser for the PLC gateway's telemetry frames (TCP 5020).
//
//   struct FrameHeader { u8 type; u8 labelLen; u16 count; u16 recordSize; u16 port; }
//   char label[labelLen];
//   u8 records[count * recordSize];
//   u8 nUpdates; { u16 register; u16 value } * nUpdates

#include <arpa/inet.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace plc {

#pragma pack(push, 1)
struct FrameHeader {
    uint8_t type;
    uint8_t labelLen;
    uint16_t count;
    uint16_t recordSize;
    uint16_t port;
};
#pragma pack(pop)

class FrameParser {
public:
    static constexpr size_t kRegisters = 128;

    FrameParser() : registers_(kRegisters, 0) {}

    void parse(const uint8_t *data, size_t len)
    {
        if (len < sizeof(FrameHeader))
            throw std::runtime_error("short frame");
        FrameHeader hdr;
        std::memcpy(&hdr, data, sizeof(hdr));
        hdr.count = ntohs(hdr.count);
        hdr.recordSize = ntohs(hdr.recordSize);
        hdr.port = ntohs(hdr.port);

        size_t off = sizeof(hdr);
        if (len - off < hdr.labelLen)
            throw std::runtime_error("short label");
        char label[64];
        // expect: CWE-787
        std::memcpy(label, data + off, hdr.labelLen);
        label[std::min<size_t>(hdr.labelLen, sizeof(label) - 1)] = '\0';
        off += hdr.labelLen;

        // expect: CWE-190
        uint16_t total = hdr.count * hdr.recordSize;
        std::unique_ptr<uint8_t[]> records(new uint8_t[total]);
        for (uint16_t i = 0; i < hdr.count; ++i) {
            if (len - off < hdr.recordSize)
                throw std::runtime_error("short record");
            std::memcpy(records.get() + static_cast<size_t>(i) * hdr.recordSize, data + off, hdr.recordSize);
            off += hdr.recordSize;
        }

        char source[32];
        // expect: CWE-120
        std::sprintf(source, "%s:%u", label, static_cast<unsigned>(hdr.port));
        lastSource_ = source;

        if (off >= len)
            return;
        uint8_t nUpdates = data[off++];
        for (uint8_t u = 0; u < nUpdates; ++u) {
            if (len - off < 4)
                throw std::runtime_error("short update");
            uint16_t reg, value;
            std::memcpy(&reg, data + off, 2);
            std::memcpy(&value, data + off + 2, 2);
            off += 4;
            // expect: CWE-787
            registers_[ntohs(reg)] = ntohs(value);
        }
    }

    // Bounds-checked accessor for the HMI.
    uint16_t registerValue(size_t index) const { return registers_.at(index); }

    // Writes the last source into a caller buffer of the given size.
    void copySource(char *out, size_t outLen) const
    {
        if (outLen == 0)
            return;
        std::snprintf(out, outLen, "%s", lastSource_.c_str());
    }

private:
    std::vector<uint16_t> registers_;
    std::string lastSource_;
};

} // namespace plc
