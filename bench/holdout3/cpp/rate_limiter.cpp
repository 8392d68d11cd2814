// rate_limiter.cpp - token-bucket rate limiting and API-key verification
// middleware for the Tidewater public transit API (cpp-httplib).
#include <httplib.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <sqlite3.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <mutex>
#include <random>
#include <string>
#include <unordered_map>

namespace tidewater {

class TokenBucket {
public:
    TokenBucket(double ratePerSec, double burst) : rate_(ratePerSec), burst_(burst), tokens_(burst),
        last_(std::chrono::steady_clock::now()) {}

    bool take() {
        auto now = std::chrono::steady_clock::now();
        double elapsed = std::chrono::duration<double>(now - last_).count();
        last_ = now;
        tokens_ = std::min(burst_, tokens_ + elapsed * rate_);
        if (tokens_ < 1.0) return false;
        tokens_ -= 1.0;
        return true;
    }

private:
    double rate_, burst_, tokens_;
    std::chrono::steady_clock::time_point last_;
};

static std::string sha256_hex(const std::string& in) {
    std::array<unsigned char, EVP_MAX_MD_SIZE> md{};
    unsigned int len = 0;
    EVP_Digest(in.data(), in.size(), md.data(), &len, EVP_sha256(), nullptr);
    static const char* hex = "0123456789abcdef";
    std::string out;
    for (unsigned int i = 0; i < len; ++i) {
        out += hex[md[i] >> 4];
        out += hex[md[i] & 0xf];
    }
    return out;
}

class ApiGate {
public:
    explicit ApiGate(sqlite3* db) : db_(db) {}

    bool keyIsValid(const std::string& presentedKey, std::string& partnerOut) {
        sqlite3_stmt* stmt = nullptr;
        if (sqlite3_prepare_v2(db_, "SELECT partner, key_sha256 FROM api_keys WHERE key_prefix = ?1 AND revoked = 0",
                               -1, &stmt, nullptr) != SQLITE_OK) {
            return false;
        }
        std::string prefix = presentedKey.substr(0, std::min<size_t>(8, presentedKey.size()));
        sqlite3_bind_text(stmt, 1, prefix.c_str(), -1, SQLITE_TRANSIENT);
        bool ok = false;
        if (sqlite3_step(stmt) == SQLITE_ROW) {
            std::string expected = reinterpret_cast<const char*>(sqlite3_column_text(stmt, 1));
            std::string actual = sha256_hex(presentedKey);
            ok = expected.size() == actual.size() && CRYPTO_memcmp(expected.data(), actual.data(), actual.size()) == 0;
            if (ok) partnerOut = reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0));
        }
        sqlite3_finalize(stmt);
        return ok;
    }

    bool allow(const std::string& partner) {
        std::lock_guard<std::mutex> lock(mu_);
        auto it = buckets_.find(partner);
        if (it == buckets_.end()) it = buckets_.emplace(partner, TokenBucket(20.0, 40.0)).first;
        return it->second.take();
    }

    static std::string issueKey() {
        std::array<unsigned char, 32> raw{};
        if (RAND_bytes(raw.data(), static_cast<int>(raw.size())) != 1) throw std::runtime_error("rng failure");
        static const char* alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
        std::string key = "tw_";
        for (unsigned char b : raw) key += alphabet[b % 36];
        return key;
    }

    static int retryAfterSeconds() {
        static thread_local std::mt19937 jitter{std::random_device{}()};
        return 1 + std::uniform_int_distribution<int>(0, 2)(jitter);
    }

private:
    sqlite3* db_;
    std::mutex mu_;
    std::unordered_map<std::string, TokenBucket> buckets_;
};

void install(httplib::Server& srv, ApiGate& gate) {
    srv.set_pre_routing_handler([&gate](const httplib::Request& req, httplib::Response& res) {
        std::string partner;
        if (!gate.keyIsValid(req.get_header_value("X-Api-Key"), partner)) {
            res.status = 401;
            res.set_content("{\"error\":\"invalid api key\"}", "application/json");
            return httplib::Server::HandlerResponse::Handled;
        }
        if (!gate.allow(partner)) {
            res.status = 429;
            res.set_header("Retry-After", std::to_string(ApiGate::retryAfterSeconds()));
            return httplib::Server::HandlerResponse::Handled;
        }
        return httplib::Server::HandlerResponse::Unhandled;
    });
    srv.Get("/v1/stops/([0-9]+)/departures", [](const httplib::Request& req, httplib::Response& res) {
        long stopId = std::strtol(req.matches[1].str().c_str(), nullptr, 10);
        res.set_header("Set-Cookie", "tw_pref=compact; Path=/; Secure; HttpOnly; SameSite=Lax");
        res.set_content("{\"stop\":" + std::to_string(stopId) + ",\"departures\":[]}", "application/json");
    });
}

}  // namespace tidewater
