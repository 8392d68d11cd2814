// order_repository.cpp - order storage for the point-of-sale backend.

#include <sqlite3.h>

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace pos {

struct Order {
    long long id;
    std::string customer;
    double total;
    std::string status;
};

class Statement {
public:
    Statement(sqlite3 *db, const char *sql)
    {
        if (sqlite3_prepare_v2(db, sql, -1, &st_, nullptr) != SQLITE_OK)
            throw std::runtime_error(sqlite3_errmsg(db));
    }
    Statement(const Statement &) = delete;
    Statement &operator=(const Statement &) = delete;
    ~Statement() { sqlite3_finalize(st_); }

    Statement &bind(int idx, const std::string &v)
    {
        sqlite3_bind_text(st_, idx, v.c_str(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
        return *this;
    }
    Statement &bind(int idx, long long v)
    {
        sqlite3_bind_int64(st_, idx, v);
        return *this;
    }
    Statement &bind(int idx, double v)
    {
        sqlite3_bind_double(st_, idx, v);
        return *this;
    }
    bool step() { return sqlite3_step(st_) == SQLITE_ROW; }
    sqlite3_stmt *get() { return st_; }

private:
    sqlite3_stmt *st_ = nullptr;
};

class OrderRepository {
public:
    explicit OrderRepository(sqlite3 *db) : db_(db) {}

    std::vector<Order> search(const std::string &customer, const std::string &status, const std::string &sortKey)
    {
        static const std::map<std::string, std::string> kSort = {
            {"newest", "SELECT id, customer, total, status FROM orders WHERE customer LIKE ?1 AND status = ?2 ORDER BY created_at DESC LIMIT 200"},
            {"total", "SELECT id, customer, total, status FROM orders WHERE customer LIKE ?1 AND status = ?2 ORDER BY total DESC LIMIT 200"},
            {"customer", "SELECT id, customer, total, status FROM orders WHERE customer LIKE ?1 AND status = ?2 ORDER BY customer LIMIT 200"},
        };
        auto it = kSort.find(sortKey);
        const std::string &sql = it != kSort.end() ? it->second : kSort.at("newest");

        Statement st(db_, sql.c_str());
        st.bind(1, "%" + customer + "%").bind(2, status);
        std::vector<Order> out;
        while (st.step())
            out.push_back(row(st.get()));
        return out;
    }

    long long create(const std::string &customer, double total)
    {
        Statement st(db_, "INSERT INTO orders (customer, total, status, created_at) VALUES (?1, ?2, 'open', datetime('now'))");
        st.bind(1, customer).bind(2, total);
        if (sqlite3_step(st.get()) != SQLITE_DONE)
            throw std::runtime_error(sqlite3_errmsg(db_));
        return sqlite3_last_insert_rowid(db_);
    }

    void setStatus(long long id, const std::string &status)
    {
        Statement st(db_, "UPDATE orders SET status = ?1 WHERE id = ?2");
        st.bind(1, status).bind(2, id);
        sqlite3_step(st.get());
    }

    int purgeCancelled(int olderThanDays)
    {
        std::string sql = "DELETE FROM orders WHERE status = 'cancelled' AND created_at < datetime('now', '-" +
                          std::to_string(olderThanDays) + " days')";
        char *err = nullptr;
        if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
            std::string msg = err ? err : "purge failed";
            sqlite3_free(err);
            throw std::runtime_error(msg);
        }
        return sqlite3_changes(db_);
    }

private:
    static Order row(sqlite3_stmt *st)
    {
        auto text = [st](int c) {
            auto *t = sqlite3_column_text(st, c);
            return t ? std::string(reinterpret_cast<const char *>(t)) : std::string();
        };
        return Order{sqlite3_column_int64(st, 0), text(1), sqlite3_column_double(st, 2), text(3)};
    }

    sqlite3 *db_;
};

} // namespace pos
