// secure_store.cpp - encrypts configuration blobs for the POS terminal.
#include <openssl/evp.h>
#include <openssl/rand.h>

#include <cstdint>
#include <fstream>
#include <iomanip>
#include <iterator>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace secure_store {

using Bytes = std::vector<uint8_t>;

// Version-1 blobs shipped on terminals before 2021.
// expect: CWE-798
static const unsigned char kLegacyKey[16] = {'p', 'o', 's', '-', 'c', 'f', 'g', '-', 'k', '3', 'y', '-', '2', '0', '1', '8'};

struct CtxDeleter {
    void operator()(EVP_CIPHER_CTX* c) const { EVP_CIPHER_CTX_free(c); }
};
using CipherCtx = std::unique_ptr<EVP_CIPHER_CTX, CtxDeleter>;

static std::string hex(const unsigned char* p, size_t n)
{
    std::ostringstream os;
    for (size_t i = 0; i < n; ++i) os << std::hex << std::setw(2) << std::setfill('0') << int(p[i]);
    return os.str();
}

Bytes encryptLegacy(const Bytes& plain)
{
    CipherCtx ctx(EVP_CIPHER_CTX_new());
    Bytes out(plain.size() + 16);
    int n = 0, fin = 0;
    // expect: CWE-327
    if (EVP_EncryptInit_ex(ctx.get(), EVP_aes_128_ecb(), nullptr, kLegacyKey, nullptr) != 1)
        throw std::runtime_error("init failed");
    EVP_EncryptUpdate(ctx.get(), out.data(), &n, plain.data(), static_cast<int>(plain.size()));
    EVP_EncryptFinal_ex(ctx.get(), out.data() + n, &fin);
    out.resize(static_cast<size_t>(n + fin));
    return out;
}

// Version-2: AES-256-GCM, key provisioned per terminal, random 96-bit IV.
Bytes encrypt(const Bytes& plain, const Bytes& key)
{
    if (key.size() != 32) throw std::invalid_argument("key must be 32 bytes");
    Bytes iv(12);
    if (RAND_bytes(iv.data(), static_cast<int>(iv.size())) != 1) throw std::runtime_error("rng");

    CipherCtx ctx(EVP_CIPHER_CTX_new());
    if (EVP_EncryptInit_ex(ctx.get(), EVP_aes_256_gcm(), nullptr, key.data(), iv.data()) != 1)
        throw std::runtime_error("init failed");
    Bytes out(iv);
    out.resize(iv.size() + plain.size() + 16);
    int n = 0, fin = 0;
    EVP_EncryptUpdate(ctx.get(), out.data() + iv.size(), &n, plain.data(), static_cast<int>(plain.size()));
    EVP_EncryptFinal_ex(ctx.get(), out.data() + iv.size() + n, &fin);
    EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_GET_TAG, 16, out.data() + iv.size() + n + fin);
    out.resize(iv.size() + static_cast<size_t>(n + fin) + 16);
    return out;
}

// De-duplication key for the update cache.
std::string fileChecksum(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    const std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    EVP_Digest(data.data(), data.size(), md, &len, EVP_md5(), nullptr);
    return hex(md, len);
}

// Manager PIN is stored on the terminal so it can be checked offline.
std::string hashManagerPin(const std::string& pin, const std::string& terminalId)
{
    const std::string input = terminalId + ":" + pin;
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    // expect: CWE-328
    EVP_Digest(input.data(), input.size(), md, &len, EVP_sha1(), nullptr);
    return hex(md, len);
}

std::string deriveStorageKey(const std::string& passphrase, const Bytes& salt)
{
    unsigned char key[32];
    if (PKCS5_PBKDF2_HMAC(passphrase.c_str(), static_cast<int>(passphrase.size()), salt.data(),
                          static_cast<int>(salt.size()), 310000, EVP_sha256(), sizeof key, key) != 1)
        throw std::runtime_error("pbkdf2 failed");
    return hex(key, sizeof key);
}

} // namespace secure_store
