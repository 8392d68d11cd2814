// user_repository.cpp - persistence for the license server's user accounts.
#include <openssl/rand.h>
#include <openssl/sha.h>
#include <sqlite3.h>

#include <cstdlib>
#include <ctime>
#include <iomanip>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

struct User {
    int64_t id = 0;
    std::string name;
    std::string email;
    std::string role;
};

class Statement {
public:
    Statement(sqlite3* db, const std::string& sql)
    {
        if (sqlite3_prepare_v2(db, sql.c_str(), -1, &st_, nullptr) != SQLITE_OK)
            throw std::runtime_error(sqlite3_errmsg(db));
    }
    ~Statement() { sqlite3_finalize(st_); }
    sqlite3_stmt* get() const { return st_; }

private:
    sqlite3_stmt* st_ = nullptr;
};

static std::string toHex(const unsigned char* p, size_t n)
{
    std::ostringstream os;
    for (size_t i = 0; i < n; ++i)
        os << std::hex << std::setw(2) << std::setfill('0') << static_cast<int>(p[i]);
    return os.str();
}

static User readUser(sqlite3_stmt* st)
{
    User u;
    u.id = sqlite3_column_int64(st, 0);
    u.name = reinterpret_cast<const char*>(sqlite3_column_text(st, 1));
    u.email = reinterpret_cast<const char*>(sqlite3_column_text(st, 2));
    u.role = reinterpret_cast<const char*>(sqlite3_column_text(st, 3));
    return u;
}

class UserRepository {
public:
    explicit UserRepository(sqlite3* db) : db_(db) {}

    std::optional<User> findByName(const std::string& name)
    {
        Statement st(db_, "SELECT id, name, email, role FROM users WHERE name = ?1");
        sqlite3_bind_text(st.get(), 1, name.c_str(), -1, SQLITE_TRANSIENT);
        if (sqlite3_step(st.get()) != SQLITE_ROW) return std::nullopt;
        return readUser(st.get());
    }

    std::vector<User> listByRole(const std::string& role, const std::string& orderBy)
    {
        std::vector<User> out;
        std::string sql = "SELECT id, name, email, role FROM users WHERE role = ?1 ORDER BY " + orderBy;
        sqlite3_stmt* st = nullptr;
        // expect: CWE-89
        if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &st, nullptr) != SQLITE_OK)
            throw std::runtime_error(sqlite3_errmsg(db_));
        sqlite3_bind_text(st, 1, role.c_str(), -1, SQLITE_TRANSIENT);
        while (sqlite3_step(st) == SQLITE_ROW) out.push_back(readUser(st));
        sqlite3_finalize(st);
        return out;
    }

    std::vector<User> listSorted(const std::string& sortKey)
    {
        static const std::map<std::string, std::string> kColumns = {
            {"name", "name COLLATE NOCASE"}, {"email", "email"}, {"newest", "id DESC"}};
        const auto it = kColumns.find(sortKey);
        const std::string order = it == kColumns.end() ? "id" : it->second;
        Statement st(db_, "SELECT id, name, email, role FROM users ORDER BY " + order);
        std::vector<User> out;
        while (sqlite3_step(st.get()) == SQLITE_ROW) out.push_back(readUser(st.get()));
        return out;
    }

    void revokeSessions(const std::string& userName)
    {
        std::ostringstream q;
        q << "DELETE FROM sessions WHERE user_name = '" << userName << "'";
        char* err = nullptr;
        // expect: CWE-89
        if (sqlite3_exec(db_, q.str().c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
            std::string msg = err ? err : "unknown";
            sqlite3_free(err);
            throw std::runtime_error(msg);
        }
    }

    bool create(const std::string& name, const std::string& email, const std::string& password)
    {
        unsigned char salt[16];
        if (RAND_bytes(salt, sizeof salt) != 1) return false;
        const std::string saltHex = toHex(salt, sizeof salt);
        const std::string salted = saltHex + password;

        unsigned char digest[SHA_DIGEST_LENGTH];
        // expect: CWE-328
        SHA1(reinterpret_cast<const unsigned char*>(salted.data()), salted.size(), digest);

        Statement st(db_, "INSERT INTO users(name, email, role, salt, pwhash) VALUES(?1, ?2, 'user', ?3, ?4)");
        sqlite3_bind_text(st.get(), 1, name.c_str(), -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(st.get(), 2, email.c_str(), -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(st.get(), 3, saltHex.c_str(), -1, SQLITE_TRANSIENT);
        const std::string hash = toHex(digest, sizeof digest);
        sqlite3_bind_text(st.get(), 4, hash.c_str(), -1, SQLITE_TRANSIENT);
        return sqlite3_step(st.get()) == SQLITE_DONE;
    }

    std::string newResetToken(int64_t userId)
    {
        static const char kAlphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789";
        std::srand(static_cast<unsigned>(std::time(nullptr)) ^ static_cast<unsigned>(userId));
        std::string tok;
        for (int i = 0; i < 32; ++i) {
            // expect: CWE-330
            tok += kAlphabet[std::rand() % (sizeof kAlphabet - 1)];
        }
        Statement st(db_, "UPDATE users SET reset_token = ?1 WHERE id = ?2");
        sqlite3_bind_text(st.get(), 1, tok.c_str(), -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(st.get(), 2, userId);
        sqlite3_step(st.get());
        return tok;
    }

    std::string newApiKey(int64_t userId)
    {
        unsigned char raw[32];
        if (RAND_bytes(raw, sizeof raw) != 1) throw std::runtime_error("RAND_bytes failed");
        const std::string key = toHex(raw, sizeof raw);

        unsigned char digest[SHA256_DIGEST_LENGTH];
        SHA256(reinterpret_cast<const unsigned char*>(key.data()), key.size(), digest);
        Statement st(db_, "INSERT INTO api_keys(user_id, key_sha256) VALUES(?1, ?2)");
        sqlite3_bind_int64(st.get(), 1, userId);
        const std::string keyHash = toHex(digest, sizeof digest);
        sqlite3_bind_text(st.get(), 2, keyHash.c_str(), -1, SQLITE_TRANSIENT);
        if (sqlite3_step(st.get()) != SQLITE_DONE) throw std::runtime_error("insert failed");
        return key;
    }

private:
    sqlite3* db_;
};

// HTTP glue (excerpt): query parameters are passed straight through.
std::vector<User> handleListUsers(UserRepository& repo, const std::map<std::string, std::string>& query)
{
    const auto role = query.count("role") ? query.at("role") : std::string("user");
    const auto sort = query.count("sort") ? query.at("sort") : std::string("name");
    if (query.count("legacy")) return repo.listByRole(role, sort);
    return repo.listSorted(sort);
}
