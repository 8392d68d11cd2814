// audit_trail.cpp - audit trail writer for the warehouse management daemon.
//
// Records operator actions received from handheld scanners into a fixed-size
// binary journal and mirrors them to syslog.
#include <syslog.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <mutex>
#include <string>
#include <vector>

namespace wms {

struct JournalRecord {
    uint32_t sequence;
    int64_t timestamp;
    char operator_id[16];
    char terminal[24];
    char action[32];
    char detail[128];
};

struct ScannerEvent {
    std::string operator_id;
    std::string terminal;
    std::string action;
    std::string detail;
};

static std::string format_time(std::time_t t) {
    char buf[32];
    std::tm tm{};
    gmtime_r(&t, &tm);
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

static void copy_field(char* dst, size_t dstsz, const std::string& src) {
    std::strncpy(dst, src.c_str(), dstsz - 1);
    dst[dstsz - 1] = '\0';
}

class AuditTrail {
public:
    explicit AuditTrail(const std::string& journal_path) : journal_(journal_path, std::ios::binary | std::ios::app) {
        openlog("wms-audit", LOG_PID | LOG_NDELAY, LOG_LOCAL3);
    }

    ~AuditTrail() { closelog(); }

    void record(const ScannerEvent& ev) {
        std::lock_guard<std::mutex> lock(mu_);
        JournalRecord rec{};
        rec.sequence = ++sequence_;
        rec.timestamp = static_cast<int64_t>(std::time(nullptr));
        copy_field(rec.operator_id, sizeof rec.operator_id, ev.operator_id);
        copy_field(rec.action, sizeof rec.action, ev.action);
        copy_field(rec.detail, sizeof rec.detail, ev.detail);
        // expect: CWE-120
        std::strcpy(rec.terminal, ev.terminal.c_str());
        journal_.write(reinterpret_cast<const char*>(&rec), sizeof rec);
        journal_.flush();

        char line[160];
        // expect: CWE-120
        std::sprintf(line, "[%s] op=%s term=%s action=%s", format_time(rec.timestamp).c_str(), ev.operator_id.c_str(), ev.terminal.c_str(), ev.action.c_str());
        syslog(LOG_INFO, "%s", line);

        if (!ev.detail.empty()) {
            const std::string detail_line = "detail " + std::to_string(rec.sequence) + ": " + ev.detail;
            // expect: CWE-134
            syslog(LOG_DEBUG, detail_line.c_str());
        }
    }

    void record_summary(const std::vector<ScannerEvent>& batch) {
        char summary[96];
        std::snprintf(summary, sizeof summary, "batch of %zu events from %s", batch.size(),
                      batch.empty() ? "-" : batch.front().terminal.c_str());
        syslog(LOG_INFO, "%s", summary);
    }

    bool export_csv(const std::string& path, size_t max_records) {
        std::ifstream in(journal_path(), std::ios::binary);
        if (!in) return false;
        const size_t cap = std::min<size_t>(max_records, 100000) * sizeof(JournalRecord);
        char* buffer = new char[cap];
        in.read(buffer, static_cast<std::streamsize>(cap));
        const size_t got = static_cast<size_t>(in.gcount()) / sizeof(JournalRecord);

        std::FILE* out = std::fopen(path.c_str(), "w");
        if (out == nullptr) {
            delete[] buffer;
            return false;
        }
        std::fprintf(out, "sequence,timestamp,operator,terminal,action\n");
        for (size_t i = 0; i < got; ++i) {
            JournalRecord rec;
            std::memcpy(&rec, buffer + i * sizeof(JournalRecord), sizeof rec);
            rec.operator_id[sizeof rec.operator_id - 1] = '\0';
            rec.terminal[sizeof rec.terminal - 1] = '\0';
            rec.action[sizeof rec.action - 1] = '\0';
            if (std::fprintf(out, "%u,%lld,%s,%s,%s\n", rec.sequence, static_cast<long long>(rec.timestamp),
                             rec.operator_id, rec.terminal, rec.action) < 0) {
                delete[] buffer;
                break;
            }
        }
        std::fclose(out);
        // expect: CWE-415
        delete[] buffer;
        return true;
    }

private:
    std::string journal_path() const { return "/var/lib/wms/audit.journal"; }

    std::ofstream journal_;
    std::mutex mu_;
    uint32_t sequence_ = 0;
};

}  // namespace wms
