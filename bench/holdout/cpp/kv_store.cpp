// kv_store.cpp - small namespaced key/value store on top of SQLite, used by the
// settings service.  All statements are prepared once and reused.
#include <sqlite3.h>

#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

class KvStore {
public:
    explicit KvStore(const std::string& path)
    {
        if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) != SQLITE_OK)
            throw std::runtime_error("open failed");
        exec("PRAGMA journal_mode=WAL");
        exec("CREATE TABLE IF NOT EXISTS kv (ns TEXT NOT NULL, k TEXT NOT NULL, v BLOB, "
             "updated INTEGER NOT NULL DEFAULT (strftime('%s','now')), PRIMARY KEY (ns, k))");
        get_ = prepare("SELECT v FROM kv WHERE ns = ?1 AND k = ?2");
        put_ = prepare("INSERT INTO kv(ns, k, v) VALUES(?1, ?2, ?3) "
                       "ON CONFLICT(ns, k) DO UPDATE SET v = excluded.v, updated = strftime('%s','now')");
        del_ = prepare("DELETE FROM kv WHERE ns = ?1 AND k = ?2");
        scan_ = prepare("SELECT k, v FROM kv WHERE ns = ?1 AND k >= ?2 ORDER BY k LIMIT ?3");
    }

    ~KvStore()
    {
        for (sqlite3_stmt* st : {get_, put_, del_, scan_}) sqlite3_finalize(st);
        sqlite3_close(db_);
    }

    KvStore(const KvStore&) = delete;
    KvStore& operator=(const KvStore&) = delete;

    std::optional<std::string> get(const std::string& ns, const std::string& key)
    {
        Reset r(get_);
        bind(get_, 1, ns);
        bind(get_, 2, key);
        if (sqlite3_step(get_) != SQLITE_ROW) return std::nullopt;
        return column(get_, 0);
    }

    void put(const std::string& ns, const std::string& key, const std::string& value)
    {
        Reset r(put_);
        bind(put_, 1, ns);
        bind(put_, 2, key);
        sqlite3_bind_blob(put_, 3, value.data(), static_cast<int>(value.size()), SQLITE_TRANSIENT);
        if (sqlite3_step(put_) != SQLITE_DONE) throw std::runtime_error(sqlite3_errmsg(db_));
    }

    bool erase(const std::string& ns, const std::string& key)
    {
        Reset r(del_);
        bind(del_, 1, ns);
        bind(del_, 2, key);
        sqlite3_step(del_);
        return sqlite3_changes(db_) > 0;
    }

    std::map<std::string, std::string> scan(const std::string& ns, const std::string& from, int limit)
    {
        if (limit <= 0 || limit > 1000) limit = 100;
        Reset r(scan_);
        bind(scan_, 1, ns);
        bind(scan_, 2, from);
        sqlite3_bind_int(scan_, 3, limit);
        std::map<std::string, std::string> out;
        while (sqlite3_step(scan_) == SQLITE_ROW) out.emplace(column(scan_, 0), column(scan_, 1));
        return out;
    }

    // Bulk delete: builds "?,?,?" placeholders, never the values themselves.
    int eraseMany(const std::string& ns, const std::vector<std::string>& keys)
    {
        if (keys.empty()) return 0;
        std::string sql = "DELETE FROM kv WHERE ns = ? AND k IN (";
        for (size_t i = 0; i < keys.size(); ++i) sql += i ? ",?" : "?";
        sql += ")";
        sqlite3_stmt* st = prepare(sql);
        bind(st, 1, ns);
        for (size_t i = 0; i < keys.size(); ++i) bind(st, static_cast<int>(i + 2), keys[i]);
        sqlite3_step(st);
        sqlite3_finalize(st);
        return sqlite3_changes(db_);
    }

private:
    struct Reset {
        explicit Reset(sqlite3_stmt* s) : st(s) {}
        ~Reset()
        {
            sqlite3_reset(st);
            sqlite3_clear_bindings(st);
        }
        sqlite3_stmt* st;
    };

    void exec(const char* sql)
    {
        char* err = nullptr;
        if (sqlite3_exec(db_, sql, nullptr, nullptr, &err) != SQLITE_OK) {
            std::string msg = err ? err : "exec failed";
            sqlite3_free(err);
            throw std::runtime_error(msg);
        }
    }

    sqlite3_stmt* prepare(const std::string& sql)
    {
        sqlite3_stmt* st = nullptr;
        if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &st, nullptr) != SQLITE_OK)
            throw std::runtime_error(sqlite3_errmsg(db_));
        return st;
    }

    static void bind(sqlite3_stmt* st, int idx, const std::string& v)
    {
        sqlite3_bind_text(st, idx, v.c_str(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
    }

    static std::string column(sqlite3_stmt* st, int idx)
    {
        const void* p = sqlite3_column_blob(st, idx);
        const int n = sqlite3_column_bytes(st, idx);
        return p ? std::string(static_cast<const char*>(p), static_cast<size_t>(n)) : std::string();
    }

    sqlite3* db_ = nullptr;
    sqlite3_stmt* get_ = nullptr;
    sqlite3_stmt* put_ = nullptr;
    sqlite3_stmt* del_ = nullptr;
    sqlite3_stmt* scan_ = nullptr;
};
