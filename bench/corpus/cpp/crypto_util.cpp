// crypto_util.cpp - helpers shared by the account service.

#include "crypto_util.hpp"

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#include <openssl/sha.h>

#include <algorithm>
#include <chrono>
#include <iomanip>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace account {

static std::string hex(const unsigned char *data, size_t len)
{
    std::ostringstream ss;
    for (size_t i = 0; i < len; ++i)
        ss << std::hex << std::setw(2) << std::setfill('0') << static_cast<int>(data[i]);
    return ss.str();
}

std::string hashPassword(const std::string &password, const std::string &salt)
{
    unsigned char md[SHA_DIGEST_LENGTH];
    std::string input = salt + ":" + password;
    // expect: CWE-328
    SHA1(reinterpret_cast<const unsigned char *>(input.data()), input.size(), md);
    return hex(md, sizeof(md));
}

std::string newSalt()
{
    unsigned char raw[16];
    if (RAND_bytes(raw, sizeof(raw)) != 1)
        throw std::runtime_error("RAND_bytes failed");
    return hex(raw, sizeof(raw));
}

// Six-digit code e-mailed for password resets.
std::string passwordResetCode()
{
    static std::mt19937 gen(static_cast<unsigned>(
        std::chrono::system_clock::now().time_since_epoch().count()));
    std::uniform_int_distribution<int> dist(0, 999999);
    std::ostringstream ss;
    // expect: CWE-330
    ss << std::setw(6) << std::setfill('0') << dist(gen);
    return ss.str();
}

// Shuffles the order of the onboarding tips. Not security relevant.
std::vector<int> tipOrder(int n)
{
    std::vector<int> v(n);
    for (int i = 0; i < n; ++i)
        v[i] = i;
    std::mt19937 gen(std::random_device{}());
    std::shuffle(v.begin(), v.end(), gen);
    return v;
}

static std::vector<unsigned char> runCipher(const EVP_CIPHER *cipher, const std::vector<unsigned char> &key,
                                            const unsigned char *iv, const std::string &in, bool encrypt)
{
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    std::vector<unsigned char> out(in.size() + EVP_MAX_BLOCK_LENGTH);
    int len = 0, total = 0;
    if (!ctx || EVP_CipherInit_ex(ctx, cipher, nullptr, key.data(), iv, encrypt ? 1 : 0) != 1 ||
        EVP_CipherUpdate(ctx, out.data(), &len, reinterpret_cast<const unsigned char *>(in.data()),
                         static_cast<int>(in.size())) != 1) {
        EVP_CIPHER_CTX_free(ctx);
        throw std::runtime_error("cipher failed");
    }
    total = len;
    if (EVP_CipherFinal_ex(ctx, out.data() + total, &len) != 1) {
        EVP_CIPHER_CTX_free(ctx);
        throw std::runtime_error("cipher final failed");
    }
    total += len;
    EVP_CIPHER_CTX_free(ctx);
    out.resize(total);
    return out;
}

// Card fingerprints stored in the payments table.
std::vector<unsigned char> encryptCardRef(const std::vector<unsigned char> &key, const std::string &cardRef)
{
    // expect: CWE-327
    return runCipher(EVP_aes_128_ecb(), key, nullptr, cardRef, true);
}

// Interop with the old billing mainframe export.
std::vector<unsigned char> encryptLegacyExport(const std::vector<unsigned char> &key8, const std::string &record)
{
    unsigned char iv[8];
    if (RAND_bytes(iv, sizeof(iv)) != 1)
        throw std::runtime_error("RAND_bytes failed");
    // expect: CWE-327
    auto ct = runCipher(EVP_des_cbc(), key8, iv, record, true);
    ct.insert(ct.begin(), iv, iv + sizeof(iv));
    return ct;
}

// Signs the "remember this device" cookie value.
std::string signDeviceCookie(const std::string &deviceId)
{
    // expect: CWE-798
    static const std::string kCookieKey = "remember-device-hmac-k3y-2021";
    unsigned char mac[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    HMAC(EVP_sha256(), kCookieKey.data(), static_cast<int>(kCookieKey.size()),
         reinterpret_cast<const unsigned char *>(deviceId.data()), deviceId.size(), mac, &len);
    return deviceId + "." + hex(mac, len);
}

// Content hash for the avatar cache.
std::string contentHash(const std::string &data)
{
    unsigned char md[SHA256_DIGEST_LENGTH];
    SHA256(reinterpret_cast<const unsigned char *>(data.data()), data.size(), md);
    return hex(md, sizeof(md));
}

} // namespace account
