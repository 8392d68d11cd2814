// catalog_service.cpp - product catalogue microservice for the Brightwater
// hardware stores (cpp-httplib + SQLite).
#include <httplib.h>
#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace catalog {

struct Config {
    std::string db_path = "/var/lib/catalog/catalog.db";
    fs::path manuals_dir = "/srv/catalog/manuals";
    fs::path spec_sheets_dir = "/srv/catalog/specs";
    int port = 8080;
};

static std::string html_escape(const std::string& in) {
    std::string out;
    out.reserve(in.size());
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

static int collect_rows(void* ctx, int argc, char** argv, char** cols) {
    auto* rows = static_cast<std::vector<std::string>*>(ctx);
    std::ostringstream line;
    for (int i = 0; i < argc; ++i) {
        line << (i ? "," : "") << cols[i] << "=" << (argv[i] ? argv[i] : "");
    }
    rows->push_back(line.str());
    return 0;
}

class CatalogService {
public:
    explicit CatalogService(Config cfg) : cfg_(std::move(cfg)) {
        if (sqlite3_open_v2(cfg_.db_path.c_str(), &db_, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
            throw std::runtime_error("cannot open catalog db");
        }
    }
    ~CatalogService() { sqlite3_close(db_); }

    void mount(httplib::Server& srv) {
        srv.Get(R"(/products/(\d+))", [this](const httplib::Request& req, httplib::Response& res) { productById(req, res); });
        srv.Get("/products", [this](const httplib::Request& req, httplib::Response& res) { byDepartment(req, res); });
        srv.Get("/search", [this](const httplib::Request& req, httplib::Response& res) { searchPage(req, res); });
        srv.Get("/manuals", [this](const httplib::Request& req, httplib::Response& res) { manual(req, res); });
        srv.Get("/specs", [this](const httplib::Request& req, httplib::Response& res) { specSheet(req, res); });
        srv.Get("/go", [this](const httplib::Request& req, httplib::Response& res) { outbound(req, res); });
    }

private:
    void productById(const httplib::Request& req, httplib::Response& res) {
        sqlite3_stmt* stmt = nullptr;
        sqlite3_prepare_v2(db_, "SELECT sku, name, price_cents FROM products WHERE id = ?1", -1, &stmt, nullptr);
        sqlite3_bind_int64(stmt, 1, std::stoll(req.matches[1]));
        if (sqlite3_step(stmt) == SQLITE_ROW) {
            std::ostringstream json;
            json << "{\"sku\":\"" << sqlite3_column_text(stmt, 0) << "\",\"price_cents\":" << sqlite3_column_int64(stmt, 2) << "}";
            res.set_content(json.str(), "application/json");
        } else {
            res.status = 404;
        }
        sqlite3_finalize(stmt);
    }

    void byDepartment(const httplib::Request& req, httplib::Response& res) {
        std::string dept = req.get_param_value("dept");
        std::string brand = req.get_param_value("brand");
        std::string sql = "SELECT sku, name, price_cents FROM products WHERE department = '" + dept +
                          "' AND brand LIKE '%" + brand + "%' ORDER BY name LIMIT 100";
        std::vector<std::string> rows;
        char* err = nullptr;
        // expect: CWE-89
        if (sqlite3_exec(db_, sql.c_str(), collect_rows, &rows, &err) != SQLITE_OK) {
            sqlite3_free(err);
            res.status = 500;
            return;
        }
        std::ostringstream body;
        for (const auto& r : rows) body << r << "\n";
        res.set_content(body.str(), "text/plain");
    }

    void searchPage(const httplib::Request& req, httplib::Response& res) {
        std::string q = req.get_param_value("q");
        std::string sort = req.get_param_value("sort");
        std::ostringstream html;
        html << "<html><body><h1>Results for &ldquo;" << html_escape(q) << "&rdquo;</h1>";
        html << "<form><input type=\"hidden\" name=\"sort\" value=\"" << sort << "\"></form>";
        html << "</body></html>";
        // expect: CWE-79
        res.set_content(html.str(), "text/html");
    }

    void manual(const httplib::Request& req, httplib::Response& res) {
        fs::path root = fs::weakly_canonical(cfg_.manuals_dir);
        fs::path target = fs::weakly_canonical(root / req.get_param_value("file"));
        auto rel = target.lexically_relative(root);
        if (rel.empty() || *rel.begin() == ".." || !fs::is_regular_file(target)) {
            res.status = 404;
            return;
        }
        std::ifstream in(target, std::ios::binary);
        std::ostringstream buf;
        buf << in.rdbuf();
        res.set_content(buf.str(), "application/pdf");
    }

    void specSheet(const httplib::Request& req, httplib::Response& res) {
        fs::path target = cfg_.spec_sheets_dir / req.get_param_value("name");
        // expect: CWE-22
        std::ifstream in(target, std::ios::binary);
        if (!in) {
            res.status = 404;
            return;
        }
        std::ostringstream buf;
        buf << in.rdbuf();
        res.set_content(buf.str(), "application/octet-stream");
    }

    void outbound(const httplib::Request& req, httplib::Response& res) {
        std::string to = req.get_param_value("to");
        if (to.rfind("/products/", 0) == 0) {
            res.set_redirect(to);
            return;
        }
        std::string partner = req.get_param_value("partner_url");
        // expect: CWE-601
        res.set_redirect(partner);
    }

    Config cfg_;
    sqlite3* db_ = nullptr;
};

}  // namespace catalog

int main() {
    catalog::Config cfg;
    catalog::CatalogService svc(cfg);
    httplib::Server srv;
    svc.mount(srv);
    srv.listen("0.0.0.0", cfg.port);
}
