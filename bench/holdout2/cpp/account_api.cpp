// account_api.cpp - account endpoints for the on-prem admin console.
#include <ldap.h>
#include <sqlite3.h>

#include <cstdlib>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace console {

struct Request {
    std::string method;
    std::string path;
    std::map<std::string, std::string> query;
    std::map<std::string, std::string> form;
    std::string remote_addr;

    std::string param(const std::string& key, const std::string& fallback = "") const {
        if (auto it = query.find(key); it != query.end()) return it->second;
        if (auto it = form.find(key); it != form.end()) return it->second;
        return fallback;
    }
};

struct Response {
    int status = 200;
    std::map<std::string, std::string> headers;
    std::string body;
};

using Handler = std::function<void(const Request&, Response&)>;

std::string html_escape(std::string_view in) {
    std::string out;
    out.reserve(in.size() + 16);
    for (char c : in) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&#39;"; break;
            default: out += c;
        }
    }
    return out;
}

std::string json_escape(std::string_view in) {
    std::string out;
    for (char c : in) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
        } else {
            out += c;
        }
    }
    return out;
}

struct Account {
    long id = 0;
    std::string username;
    std::string display_name;
    std::string role;
};

class AccountApi {
public:
    AccountApi(sqlite3* db, LDAP* ld, std::string people_base)
        : db_(db), ld_(ld), people_base_(std::move(people_base)) {}

    void register_routes(std::unordered_map<std::string, Handler>& routes) {
        routes["GET /accounts/search"] = [this](const Request& rq, Response& rs) { search(rq, rs); };
        routes["GET /accounts/get"] = [this](const Request& rq, Response& rs) { get(rq, rs); };
        routes["GET /accounts/welcome"] = [this](const Request& rq, Response& rs) { welcome(rq, rs); };
        routes["GET /accounts/directory"] = [this](const Request& rq, Response& rs) { directory(rq, rs); };
        routes["POST /accounts/reachability"] = [this](const Request& rq, Response& rs) { reachability(rq, rs); };
    }

private:
    std::vector<Account> run_query(sqlite3_stmt* stmt) {
        std::vector<Account> out;
        while (sqlite3_step(stmt) == SQLITE_ROW) {
            Account a;
            a.id = sqlite3_column_int64(stmt, 0);
            a.username = reinterpret_cast<const char*>(sqlite3_column_text(stmt, 1));
            a.display_name = reinterpret_cast<const char*>(sqlite3_column_text(stmt, 2));
            a.role = reinterpret_cast<const char*>(sqlite3_column_text(stmt, 3));
            out.push_back(std::move(a));
        }
        sqlite3_finalize(stmt);
        return out;
    }

    static std::string to_json(const std::vector<Account>& accounts) {
        std::ostringstream os;
        os << '[';
        for (size_t i = 0; i < accounts.size(); ++i) {
            const auto& a = accounts[i];
            if (i) os << ',';
            os << "{\"id\":" << a.id << ",\"username\":\"" << json_escape(a.username) << "\",\"name\":\""
               << json_escape(a.display_name) << "\",\"role\":\"" << json_escape(a.role) << "\"}";
        }
        os << ']';
        return os.str();
    }

    void search(const Request& rq, Response& rs) {
        const std::string name = rq.param("name");
        const std::string role = rq.param("role", "operator");
        std::string sql = "SELECT id, username, display_name, role FROM accounts WHERE display_name LIKE '%" + name +
                          "%' AND role = '" + role + "' ORDER BY username LIMIT 50";
        sqlite3_stmt* stmt = nullptr;
        // expect: CWE-89
        if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK) {
            rs.status = 500;
            return;
        }
        rs.headers["Content-Type"] = "application/json";
        rs.body = to_json(run_query(stmt));
    }

    void get(const Request& rq, Response& rs) {
        sqlite3_stmt* stmt = nullptr;
        const char* sql = "SELECT id, username, display_name, role FROM accounts WHERE username = ?1";
        if (sqlite3_prepare_v2(db_, sql, -1, &stmt, nullptr) != SQLITE_OK) {
            rs.status = 500;
            return;
        }
        const std::string username = rq.param("username");
        sqlite3_bind_text(stmt, 1, username.c_str(), static_cast<int>(username.size()), SQLITE_TRANSIENT);
        auto rows = run_query(stmt);
        if (rows.empty()) {
            rs.status = 404;
            rs.headers["Content-Type"] = "text/html; charset=utf-8";
            rs.body = "<p>No account named <code>" + html_escape(username) + "</code></p>";
            return;
        }
        rs.headers["Content-Type"] = "application/json";
        rs.body = to_json(rows);
    }

    void welcome(const Request& rq, Response& rs) {
        const std::string name = rq.param("name", "operator");
        const std::string from = rq.param("from");
        rs.headers["Content-Type"] = "text/html; charset=utf-8";
        std::string page = "<html><body><h1>Welcome back, " + html_escape(name) + "</h1>";
        if (!from.empty()) {
            page += "<p class=\"hint\">You were redirected from " + from + "</p>";
        }
        page += "</body></html>";
        // expect: CWE-79
        rs.body = page;
    }

    void directory(const Request& rq, Response& rs) {
        const std::string dept = rq.param("department");
        const std::string filter = "(&(objectClass=inetOrgPerson)(departmentNumber=" + dept + "))";
        char* attrs[] = {const_cast<char*>("uid"), const_cast<char*>("cn"), nullptr};
        LDAPMessage* res = nullptr;
        // expect: CWE-90
        int rc = ldap_search_ext_s(ld_, people_base_.c_str(), LDAP_SCOPE_SUBTREE, filter.c_str(), attrs, 0, nullptr, nullptr, nullptr, 200, &res);
        if (rc != LDAP_SUCCESS) {
            if (res) ldap_msgfree(res);
            rs.status = 502;
            return;
        }
        std::ostringstream os;
        os << '[';
        bool first = true;
        for (LDAPMessage* e = ldap_first_entry(ld_, res); e; e = ldap_next_entry(ld_, e)) {
            berval** vals = ldap_get_values_len(ld_, e, "uid");
            if (vals && vals[0]) {
                os << (first ? "" : ",") << '"' << json_escape(std::string(vals[0]->bv_val, vals[0]->bv_len)) << '"';
                first = false;
            }
            ldap_value_free_len(vals);
        }
        os << ']';
        ldap_msgfree(res);
        rs.headers["Content-Type"] = "application/json";
        rs.body = os.str();
    }

    void reachability(const Request& rq, Response& rs) {
        const std::string host = rq.param("host");
        const std::string cmd = "ping -c 2 -W 1 " + host + " > /dev/null 2>&1";
        // expect: CWE-78
        const int rc = std::system(cmd.c_str());
        rs.headers["Content-Type"] = "application/json";
        rs.body = std::string("{\"reachable\":") + (rc == 0 ? "true" : "false") + "}";
    }

    sqlite3* db_;
    LDAP* ld_;
    std::string people_base_;
};

}  // namespace console
