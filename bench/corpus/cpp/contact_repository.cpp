// contact_repository.cpp - address book storage for the desktop sync agent.
// The database is encrypted with SQLCipher; queries come from the local
// REST bridge used by the web UI (search box, sort dropdown).

#include <sqlite3.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace addrbook {

struct Contact {
    long id = 0;
    std::string name;
    std::string email;
    std::string company;
};

class ContactRepository {
public:
    explicit ContactRepository(const std::string &path)
    {
        if (sqlite3_open(path.c_str(), &db_) != SQLITE_OK)
            throw std::runtime_error(sqlite3_errmsg(db_));
        // expect: CWE-798
        exec("PRAGMA key = 'c0ntacts-Sync-2023!';");
        exec("CREATE TABLE IF NOT EXISTS contacts (id INTEGER PRIMARY KEY, name TEXT, email TEXT, company TEXT)");
    }

    ~ContactRepository() { sqlite3_close(db_); }

    std::vector<Contact> search(const std::string &term)
    {
        std::vector<Contact> out;
        std::string sql = "SELECT id, name, email, company FROM contacts WHERE name LIKE '%" + term +
                          "%' OR email LIKE '%" + term + "%' LIMIT 100";
        char *err = nullptr;
        // expect: CWE-89
        int rc = sqlite3_exec(db_, sql.c_str(), &ContactRepository::collect, &out, &err);
        if (rc != SQLITE_OK) {
            std::string msg = err ? err : "query failed";
            sqlite3_free(err);
            throw std::runtime_error(msg);
        }
        return out;
    }

    std::vector<Contact> listByCompany(const std::string &company, const std::string &sortColumn)
    {
        std::string sql = "SELECT id, name, email, company FROM contacts WHERE company = ?1 ORDER BY " + sortColumn;
        sqlite3_stmt *st = nullptr;
        // expect: CWE-89
        if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &st, nullptr) != SQLITE_OK)
            throw std::runtime_error(sqlite3_errmsg(db_));
        sqlite3_bind_text(st, 1, company.c_str(), -1, SQLITE_TRANSIENT);
        std::vector<Contact> out;
        while (sqlite3_step(st) == SQLITE_ROW)
            out.push_back(fromRow(st));
        sqlite3_finalize(st);
        return out;
    }

    std::optional<Contact> findByEmail(const std::string &email)
    {
        sqlite3_stmt *st = nullptr;
        if (sqlite3_prepare_v2(db_, "SELECT id, name, email, company FROM contacts WHERE email = ?1", -1, &st,
                               nullptr) != SQLITE_OK)
            throw std::runtime_error(sqlite3_errmsg(db_));
        sqlite3_bind_text(st, 1, email.c_str(), -1, SQLITE_TRANSIENT);
        std::optional<Contact> result;
        if (sqlite3_step(st) == SQLITE_ROW)
            result = fromRow(st);
        sqlite3_finalize(st);
        return result;
    }

    void remove(long id)
    {
        std::string sql = "DELETE FROM contacts WHERE id = " + std::to_string(id);
        exec(sql);
    }

private:
    sqlite3 *db_ = nullptr;

    void exec(const std::string &sql)
    {
        char *err = nullptr;
        if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
            std::string msg = err ? err : "exec failed";
            sqlite3_free(err);
            throw std::runtime_error(msg);
        }
    }

    static Contact fromRow(sqlite3_stmt *st)
    {
        auto text = [st](int col) {
            const unsigned char *t = sqlite3_column_text(st, col);
            return t ? std::string(reinterpret_cast<const char *>(t)) : std::string();
        };
        return Contact{sqlite3_column_int64(st, 0), text(1), text(2), text(3)};
    }

    static int collect(void *ctx, int, char **vals, char **)
    {
        auto *out = static_cast<std::vector<Contact> *>(ctx);
        out->push_back(Contact{std::stol(vals[0]), vals[1] ? vals[1] : "", vals[2] ? vals[2] : "",
                               vals[3] ? vals[3] : ""});
        return 0;
    }
};

} // namespace addrbook
