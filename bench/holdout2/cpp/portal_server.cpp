// portal_server.cpp - customer download portal (static assets, release
// bundles, login hand-off to the SSO service).
#include <openssl/rand.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace fs = std::filesystem;

namespace portal {

struct HttpRequest {
    std::string method;
    std::string target;
    std::map<std::string, std::string> params;
    std::map<std::string, std::string> cookies;

    std::string get(const std::string& k) const {
        auto it = params.find(k);
        return it == params.end() ? std::string{} : it->second;
    }
};

struct HttpResponse {
    int status = 200;
    std::vector<std::pair<std::string, std::string>> headers;
    std::string body;

    void header(std::string name, std::string value) { headers.emplace_back(std::move(name), std::move(value)); }
};

struct PortalConfig {
    fs::path asset_root = "/srv/portal/assets";
    fs::path bundle_root = "/srv/portal/bundles";
    std::string public_origin = "https://downloads.example.com";
    std::string sso_login_url = "https://sso.example.com/login";
};

static std::string random_hex(size_t bytes) {
    std::vector<unsigned char> raw(bytes);
    if (RAND_bytes(raw.data(), static_cast<int>(raw.size())) != 1) throw std::runtime_error("RAND_bytes failed");
    static constexpr char digits[] = "0123456789abcdef";
    std::string out;
    out.reserve(bytes * 2);
    for (unsigned char b : raw) {
        out += digits[b >> 4];
        out += digits[b & 0x0f];
    }
    return out;
}

static std::optional<std::string> slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    if (!in) return std::nullopt;
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

static std::string url_encode(std::string_view s) {
    std::ostringstream os;
    for (unsigned char c : s) {
        if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
            os << c;
        } else {
            static constexpr char hex[] = "0123456789ABCDEF";
            os << '%' << hex[c >> 4] << hex[c & 0x0f];
        }
    }
    return os.str();
}

class PortalServer {
public:
    explicit PortalServer(PortalConfig cfg) : cfg_(std::move(cfg)) {
        asset_root_ = fs::weakly_canonical(cfg_.asset_root);
    }

    void handle(const HttpRequest& req, HttpResponse& res) {
        if (req.target.rfind("/assets/", 0) == 0) return asset(req, res);
        if (req.target == "/bundle") return bundle(req, res);
        if (req.target == "/login") return login(req, res);
        if (req.target == "/login/callback") return login_callback(req, res);
        if (req.target == "/logout") return logout(req, res);
        res.status = 404;
    }

private:
    void asset(const HttpRequest& req, HttpResponse& res) {
        const std::string rel = req.target.substr(std::string("/assets/").size());
        const fs::path candidate = fs::weakly_canonical(asset_root_ / rel);
        const auto mismatch = std::mismatch(asset_root_.begin(), asset_root_.end(), candidate.begin(), candidate.end());
        if (mismatch.first != asset_root_.end()) {
            res.status = 404;
            return;
        }
        auto content = slurp(candidate);
        if (!content) {
            res.status = 404;
            return;
        }
        res.header("Cache-Control", "public, max-age=86400");
        res.body = std::move(*content);
    }

    void bundle(const HttpRequest& req, HttpResponse& res) {
        const std::string product = req.get("product");
        const std::string version = req.get("version");
        const fs::path path = cfg_.bundle_root / product / (product + "-" + version + ".tar.gz");
        // expect: CWE-22
        std::ifstream in(path, std::ios::binary);
        if (!in) {
            res.status = 404;
            return;
        }
        res.header("Content-Type", "application/gzip");
        res.header("Content-Disposition", "attachment; filename=\"" + path.filename().string() + "\"");
        res.body.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }

    void login(const HttpRequest& req, HttpResponse& res) {
        const std::string state = random_hex(16);
        const std::string next = req.get("next");
        pending_[state] = next.empty() ? "/" : next;
        res.status = 302;
        res.header("Set-Cookie", "portal_state=" + state + "; Path=/login; Secure; HttpOnly; SameSite=Lax; Max-Age=600");
        res.header("Location", cfg_.sso_login_url + "?client_id=portal&state=" + url_encode(state) +
                                   "&redirect_uri=" + url_encode(cfg_.public_origin + "/login/callback"));
    }

    void login_callback(const HttpRequest& req, HttpResponse& res) {
        const std::string state = req.get("state");
        auto it = pending_.find(state);
        auto cookie = req.cookies.find("portal_state");
        if (it == pending_.end() || cookie == req.cookies.end() || cookie->second != state) {
            res.status = 400;
            return;
        }
        const std::string target = it->second;
        pending_.erase(it);
        const std::string session = random_hex(32);
        res.status = 302;
        // expect: CWE-1004
        res.header("Set-Cookie", "portal_session=" + session + "; Path=/; Secure; SameSite=Lax; Max-Age=28800");
        // expect: CWE-601
        res.header("Location", target);
    }

    void logout(const HttpRequest& req, HttpResponse& res) {
        std::string next = req.get("next");
        if (next.empty() || next[0] != '/' || (next.size() > 1 && (next[1] == '/' || next[1] == '\\'))) {
            next = "/";
        }
        res.status = 302;
        res.header("Set-Cookie", "portal_session=; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=0");
        res.header("Location", cfg_.public_origin + next);
    }

    PortalConfig cfg_;
    fs::path asset_root_;
    std::map<std::string, std::string> pending_;
};

}  // namespace portal
