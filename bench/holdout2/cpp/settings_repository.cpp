// settings_repository.cpp - tenant settings storage and maintenance hooks for
// the hosted print-management service.
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <spawn.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

extern char** environ;

namespace printhub {

namespace fs = std::filesystem;

class Statement {
public:
    Statement(sqlite3* db, const char* sql) {
        if (sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr) != SQLITE_OK)
            throw std::runtime_error(sqlite3_errmsg(db));
    }
    ~Statement() { sqlite3_finalize(stmt_); }
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    Statement& bind(int idx, const std::string& v) {
        sqlite3_bind_text(stmt_, idx, v.c_str(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
        return *this;
    }
    Statement& bind(int idx, long long v) {
        sqlite3_bind_int64(stmt_, idx, v);
        return *this;
    }
    bool step() { return sqlite3_step(stmt_) == SQLITE_ROW; }
    std::string text(int col) const {
        const unsigned char* t = sqlite3_column_text(stmt_, col);
        return t ? reinterpret_cast<const char*>(t) : std::string{};
    }

private:
    sqlite3_stmt* stmt_ = nullptr;
};

class SettingsRepository {
public:
    SettingsRepository(sqlite3* db, fs::path export_root) : db_(db), export_root_(fs::weakly_canonical(export_root)) {}

    std::optional<std::string> get(const std::string& tenant, const std::string& key) {
        Statement st(db_, "SELECT value FROM tenant_settings WHERE tenant_id = ?1 AND key = ?2");
        st.bind(1, tenant).bind(2, key);
        if (!st.step()) return std::nullopt;
        return st.text(0);
    }

    void put(const std::string& tenant, const std::string& key, const std::string& value) {
        Statement st(db_,
                     "INSERT INTO tenant_settings (tenant_id, key, value) VALUES (?1, ?2, ?3) "
                     "ON CONFLICT(tenant_id, key) DO UPDATE SET value = excluded.value");
        st.bind(1, tenant).bind(2, key).bind(3, value);
        st.step();
    }

    std::vector<std::pair<std::string, std::string>> list(const std::string& tenant, const std::string& order) {
        static const std::set<std::string> allowed{"key", "updated_at"};
        const std::string column = allowed.count(order) ? order : "key";
        const std::string sql = "SELECT key, value FROM tenant_settings WHERE tenant_id = ?1 ORDER BY " + column;
        Statement st(db_, sql.c_str());
        st.bind(1, tenant);
        std::vector<std::pair<std::string, std::string>> out;
        while (st.step()) out.emplace_back(st.text(0), st.text(1));
        return out;
    }

    std::string issue_webhook_secret(const std::string& tenant) {
        unsigned char raw[32];
        if (RAND_bytes(raw, sizeof raw) != 1) throw std::runtime_error("RAND_bytes failed");
        std::string hex(sizeof raw * 2, '\0');
        for (size_t i = 0; i < sizeof raw; ++i) std::snprintf(&hex[i * 2], 3, "%02x", raw[i]);
        put(tenant, "webhook_secret_sha256", sha256_hex(hex));
        return hex;
    }

    fs::path export_settings(const std::string& tenant, const std::string& file_name) {
        static const std::regex safe_name("^[A-Za-z0-9_-]{1,64}\\.json$");
        if (!std::regex_match(file_name, safe_name)) throw std::invalid_argument("invalid export name");
        const fs::path target = fs::weakly_canonical(export_root_ / tenant / file_name);
        const std::string root = export_root_.string() + "/";
        if (target.string().compare(0, root.size(), root) != 0) throw std::invalid_argument("path outside export root");
        fs::create_directories(target.parent_path());
        std::ofstream out(target, std::ios::trunc);
        out << "{";
        bool first = true;
        for (const auto& [k, v] : list(tenant, "key")) {
            if (!first) out << ",";
            out << "\"" << escape_json(k) << "\":\"" << escape_json(v) << "\"";
            first = false;
        }
        out << "}\n";
        return target;
    }

    int restart_spooler(const std::string& queue_name) {
        static const std::regex queue_re("^[a-z0-9][a-z0-9-]{0,31}$");
        if (!std::regex_match(queue_name, queue_re)) return -1;
        std::vector<std::string> args{"/usr/sbin/cupsenable", "--release", queue_name};
        std::vector<char*> argv;
        for (auto& a : args) argv.push_back(a.data());
        argv.push_back(nullptr);
        pid_t pid;
        if (posix_spawn(&pid, argv[0], nullptr, nullptr, argv.data(), environ) != 0) return -1;
        int status = 0;
        waitpid(pid, &status, 0);
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }

private:
    static std::string sha256_hex(const std::string& in) {
        unsigned char md[EVP_MAX_MD_SIZE];
        unsigned int len = 0;
        EVP_Digest(in.data(), in.size(), md, &len, EVP_sha256(), nullptr);
        char buf[EVP_MAX_MD_SIZE * 2 + 1];
        for (unsigned i = 0; i < len; ++i) std::snprintf(buf + i * 2, sizeof buf - i * 2, "%02x", md[i]);
        return std::string(buf, len * 2);
    }

    static std::string escape_json(const std::string& s) {
        std::string out;
        for (char c : s) {
            switch (c) {
                case '"': out += "\\\""; break;
                case '\\': out += "\\\\"; break;
                case '\n': out += "\\n"; break;
                default:
                    if (static_cast<unsigned char>(c) < 0x20) {
                        char buf[8];
                        std::snprintf(buf, sizeof buf, "\\u%04x", c);
                        out += buf;
                    } else {
                        out += c;
                    }
            }
        }
        return out;
    }

    sqlite3* db_;
    fs::path export_root_;
};

}  // namespace printhub
