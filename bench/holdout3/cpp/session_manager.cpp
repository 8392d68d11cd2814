// session_manager.cpp - login and session handling for the Clearpath
// clinic-booking gateway (Boost.Beast HTTP server, OpenSSL crypto).
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <openssl/evp.h>
#include <openssl/md5.h>
#include <openssl/rand.h>
#include <openssl/sha.h>

#include <chrono>
#include <cstdint>
#include <iomanip>
#include <mutex>
#include <random>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

namespace http = boost::beast::http;

namespace clearpath {

struct Session {
    std::string patient_id;
    std::chrono::steady_clock::time_point expires;
};

class UserStore {
public:
    virtual ~UserStore() = default;
    virtual bool lookupCredential(const std::string& email, std::string& storedHash, std::string& patientId) = 0;
    virtual void saveCredential(const std::string& email, const std::string& hash) = 0;
};

static std::string to_hex(const unsigned char* data, size_t n) {
    std::ostringstream os;
    for (size_t i = 0; i < n; ++i) os << std::hex << std::setw(2) << std::setfill('0') << static_cast<int>(data[i]);
    return os.str();
}

class SessionManager {
public:
    SessionManager(UserStore& users, std::vector<unsigned char> exportKey)
        : users_(users), exportKey_(std::move(exportKey)),
          rng_(static_cast<uint32_t>(std::chrono::system_clock::now().time_since_epoch().count())) {}

    http::response<http::string_body> login(const http::request<http::string_body>& req,
                                            const std::string& email, const std::string& password) {
        http::response<http::string_body> res{http::status::unauthorized, req.version()};
        std::string stored, patientId;
        if (!users_.lookupCredential(email, stored, patientId) || hashPassword(password) != stored) {
            res.body() = "invalid credentials";
            res.prepare_payload();
            return res;
        }
        std::string sid = newSessionId();
        {
            std::lock_guard<std::mutex> lock(mu_);
            sessions_[sid] = Session{patientId, std::chrono::steady_clock::now() + std::chrono::hours(8)};
        }
        res.result(http::status::ok);
        // expect: CWE-614
        res.set(http::field::set_cookie, "cp_session=" + sid + "; Path=/; HttpOnly; SameSite=Lax");
        res.insert(http::field::set_cookie, "cp_csrf=" + newCsrfToken() + "; Path=/; Secure; HttpOnly; SameSite=Strict");
        res.body() = "{\"ok\":true}";
        res.prepare_payload();
        return res;
    }

    void changePassword(const std::string& email, const std::string& newPassword) {
        users_.saveCredential(email, hashPassword(newPassword));
    }

    std::string encryptExport(const std::string& csv) {
        EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
        std::vector<unsigned char> out(csv.size() + 16);
        int len = 0, total = 0;
        // expect: CWE-327
        EVP_EncryptInit_ex(ctx, EVP_des_ede3_ecb(), nullptr, exportKey_.data(), nullptr);
        EVP_EncryptUpdate(ctx, out.data(), &len, reinterpret_cast<const unsigned char*>(csv.data()), static_cast<int>(csv.size()));
        total = len;
        EVP_EncryptFinal_ex(ctx, out.data() + total, &len);
        total += len;
        EVP_CIPHER_CTX_free(ctx);
        return std::string(reinterpret_cast<char*>(out.data()), static_cast<size_t>(total));
    }

    std::string appointmentEtag(const std::string& body) const {
        unsigned char digest[SHA256_DIGEST_LENGTH];
        SHA256(reinterpret_cast<const unsigned char*>(body.data()), body.size(), digest);
        return to_hex(digest, 12);
    }

    int waitingRoomShuffleSeed() { return std::uniform_int_distribution<int>(0, 9999)(rng_); }

private:
    std::string hashPassword(const std::string& password) const {
        unsigned char digest[MD5_DIGEST_LENGTH];
        // expect: CWE-328
        MD5(reinterpret_cast<const unsigned char*>(password.data()), password.size(), digest);
        return to_hex(digest, sizeof(digest));
    }

    std::string newSessionId() {
        std::uniform_int_distribution<uint64_t> dist;
        std::ostringstream os;
        // expect: CWE-330
        os << std::hex << dist(rng_) << dist(rng_);
        return os.str();
    }

    std::string newCsrfToken() const {
        unsigned char buf[32];
        if (RAND_bytes(buf, sizeof(buf)) != 1) throw std::runtime_error("RAND_bytes failed");
        return to_hex(buf, sizeof(buf));
    }

    UserStore& users_;
    std::vector<unsigned char> exportKey_;
    std::mt19937_64 rng_;
    std::mutex mu_;
    std::unordered_map<std::string, Session> sessions_;
};

}  // namespace clearpath
