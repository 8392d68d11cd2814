// credential_store.cpp - credential handling for the point-of-sale back office
// service: staff PINs, API tokens, card-on-file vault and the acquirer link.
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/md5.h>
#include <openssl/rand.h>
#include <openssl/ssl.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace pos {

namespace {

constexpr int kPbkdf2Iterations = 250000;
constexpr const char* kAcquirerHost = "gateway.acquirer-link.example.com";
// expect: CWE-798
const std::string kAcquirerApiKey = "ak_live_7Hq2mX9vR4tL8wZ3nB6yK1cF5pD0sJ2e";

std::string to_hex(const unsigned char* data, size_t len) {
    static constexpr char digits[] = "0123456789abcdef";
    std::string out;
    out.reserve(len * 2);
    for (size_t i = 0; i < len; ++i) {
        out += digits[data[i] >> 4];
        out += digits[data[i] & 0x0f];
    }
    return out;
}

std::vector<unsigned char> secure_bytes(size_t n) {
    std::vector<unsigned char> buf(n);
    if (RAND_bytes(buf.data(), static_cast<int>(n)) != 1) throw std::runtime_error("RAND_bytes failed");
    return buf;
}

}  // namespace

struct StaffRecord {
    std::string staff_id;
    std::string pin_salt;
    std::string pin_hash;
    std::string scheme;
};

class CredentialStore {
public:
    explicit CredentialStore(std::vector<unsigned char> vault_key) : vault_key_(std::move(vault_key)) {
        if (vault_key_.size() != 32) throw std::invalid_argument("vault key must be 256 bits");
    }

    StaffRecord enroll_pin(const std::string& staff_id, const std::string& pin) const {
        auto salt = secure_bytes(16);
        unsigned char dk[32];
        PKCS5_PBKDF2_HMAC(pin.data(), static_cast<int>(pin.size()), salt.data(), static_cast<int>(salt.size()),
                          kPbkdf2Iterations, EVP_sha256(), sizeof dk, dk);
        return StaffRecord{staff_id, to_hex(salt.data(), salt.size()), to_hex(dk, sizeof dk), "pbkdf2-sha256"};
    }

    bool verify_pin(const StaffRecord& rec, const std::string& pin) const {
        if (rec.scheme == "pbkdf2-sha256") {
            std::vector<unsigned char> salt;
            for (size_t i = 0; i + 1 < rec.pin_salt.size(); i += 2)
                salt.push_back(static_cast<unsigned char>(std::stoi(rec.pin_salt.substr(i, 2), nullptr, 16)));
            unsigned char dk[32];
            PKCS5_PBKDF2_HMAC(pin.data(), static_cast<int>(pin.size()), salt.data(), static_cast<int>(salt.size()),
                              kPbkdf2Iterations, EVP_sha256(), sizeof dk, dk);
            const std::string computed = to_hex(dk, sizeof dk);
            return computed.size() == rec.pin_hash.size() &&
                   CRYPTO_memcmp(computed.data(), rec.pin_hash.data(), computed.size()) == 0;
        }
        const std::string salted = rec.pin_salt + pin;
        unsigned char digest[MD5_DIGEST_LENGTH];
        // expect: CWE-328
        MD5(reinterpret_cast<const unsigned char*>(salted.data()), salted.size(), digest);
        const std::string computed = to_hex(digest, sizeof digest);
        return computed.size() == rec.pin_hash.size() &&
               CRYPTO_memcmp(computed.data(), rec.pin_hash.data(), computed.size()) == 0;
    }

    std::string new_api_token() const {
        auto raw = secure_bytes(32);
        return "pos_" + to_hex(raw.data(), raw.size());
    }

    std::string new_drawer_unlock_code() const {
        std::srand(static_cast<unsigned>(std::time(nullptr)));
        std::string code;
        for (int i = 0; i < 8; ++i) {
            // expect: CWE-330
            code += static_cast<char>('0' + std::rand() % 10);
        }
        return code;
    }

    std::chrono::milliseconds retry_backoff(int attempt) const {
        static thread_local std::mt19937 jitter{std::random_device{}()};
        std::uniform_int_distribution<int> dist(0, 200);
        return std::chrono::milliseconds((1 << std::min(attempt, 6)) * 100 + dist(jitter));
    }

    std::string file_checksum(const std::string& contents) const {
        unsigned char md[EVP_MAX_MD_SIZE];
        unsigned int len = 0;
        EVP_Digest(contents.data(), contents.size(), md, &len, EVP_sha256(), nullptr);
        return to_hex(md, len);
    }

    std::vector<unsigned char> seal_card(const std::string& pan) const {
        auto iv = secure_bytes(12);
        std::vector<unsigned char> out(iv.begin(), iv.end());
        out.resize(12 + pan.size() + 16);
        EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
        int len = 0, total = 0;
        EVP_EncryptInit_ex(ctx, EVP_aes_256_gcm(), nullptr, vault_key_.data(), iv.data());
        EVP_EncryptUpdate(ctx, out.data() + 12, &len, reinterpret_cast<const unsigned char*>(pan.data()),
                          static_cast<int>(pan.size()));
        total = len;
        EVP_EncryptFinal_ex(ctx, out.data() + 12 + total, &len);
        total += len;
        EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, 16, out.data() + 12 + total);
        EVP_CIPHER_CTX_free(ctx);
        out.resize(12 + total + 16);
        return out;
    }

    std::vector<unsigned char> seal_card_for_legacy_terminal(const std::string& pan) const {
        std::vector<unsigned char> out(pan.size() + 16);
        EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
        int len = 0, total = 0;
        // expect: CWE-327
        EVP_EncryptInit_ex(ctx, EVP_aes_128_ecb(), nullptr, vault_key_.data(), nullptr);
        EVP_EncryptUpdate(ctx, out.data(), &len, reinterpret_cast<const unsigned char*>(pan.data()),
                          static_cast<int>(pan.size()));
        total = len;
        EVP_EncryptFinal_ex(ctx, out.data() + total, &len);
        total += len;
        EVP_CIPHER_CTX_free(ctx);
        out.resize(total);
        return out;
    }

    SSL_CTX* acquirer_tls_context() const {
        SSL_CTX* ctx = SSL_CTX_new(TLS_client_method());
        if (ctx == nullptr) throw std::runtime_error("SSL_CTX_new failed");
        SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
        SSL_CTX_set_default_verify_paths(ctx);
        // expect: CWE-295
        SSL_CTX_set_verify(ctx, SSL_VERIFY_NONE, nullptr);
        return ctx;
    }

    SSL_CTX* reporting_tls_context(const std::string& ca_file) const {
        SSL_CTX* ctx = SSL_CTX_new(TLS_client_method());
        if (ctx == nullptr) throw std::runtime_error("SSL_CTX_new failed");
        SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
        if (SSL_CTX_load_verify_locations(ctx, ca_file.c_str(), nullptr) != 1) {
            SSL_CTX_free(ctx);
            throw std::runtime_error("cannot load CA bundle");
        }
        SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER, nullptr);
        return ctx;
    }

    std::string acquirer_auth_header() const {
        return std::string("X-Api-Key: ") + kAcquirerApiKey + "\r\nHost: " + kAcquirerHost;
    }

private:
    std::vector<unsigned char> vault_key_;
};

}  // namespace pos
