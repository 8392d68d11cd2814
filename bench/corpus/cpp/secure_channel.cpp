// secure_channel.cpp - TLS client to the licensing server plus the local
// credential helpers (password hashing, tokens, sealed storage).

#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

namespace secure {

class TlsClient {
public:
    TlsClient()
    {
        ctx_ = SSL_CTX_new(TLS_client_method());
        if (!ctx_)
            throw std::runtime_error("SSL_CTX_new failed");
        SSL_CTX_set_min_proto_version(ctx_, TLS1_2_VERSION);
        SSL_CTX_set_verify(ctx_, SSL_VERIFY_PEER, nullptr);
        if (SSL_CTX_set_default_verify_paths(ctx_) != 1)
            throw std::runtime_error("no CA store");
    }
    ~TlsClient() { SSL_CTX_free(ctx_); }

    // Connects to host:443 and verifies the certificate chain and host name.
    std::string get(const std::string &host, const std::string &path)
    {
        BIO *bio = BIO_new_ssl_connect(ctx_);
        SSL *ssl = nullptr;
        BIO_get_ssl(bio, &ssl);
        SSL_set_tlsext_host_name(ssl, host.c_str());
        SSL_set1_host(ssl, host.c_str());
        BIO_set_conn_hostname(bio, (host + ":443").c_str());

        if (BIO_do_connect(bio) <= 0 || BIO_do_handshake(bio) <= 0 || SSL_get_verify_result(ssl) != X509_V_OK) {
            BIO_free_all(bio);
            throw std::runtime_error("TLS connection failed");
        }

        std::string req = "GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n";
        BIO_write(bio, req.data(), static_cast<int>(req.size()));
        std::string resp;
        char buf[4096];
        int n;
        while ((n = BIO_read(bio, buf, sizeof(buf))) > 0)
            resp.append(buf, static_cast<size_t>(n));
        BIO_free_all(bio);
        return resp;
    }

private:
    SSL_CTX *ctx_ = nullptr;
};

static std::vector<unsigned char> randomBytes(size_t n)
{
    std::vector<unsigned char> out(n);
    if (RAND_bytes(out.data(), static_cast<int>(n)) != 1)
        throw std::runtime_error("RAND_bytes failed");
    return out;
}

std::string newSessionToken()
{
    static const char hex[] = "0123456789abcdef";
    auto raw = randomBytes(32);
    std::string out;
    for (unsigned char b : raw) {
        out += hex[b >> 4];
        out += hex[b & 15];
    }
    return out;
}

// PBKDF2-HMAC-SHA256 with a random 16 byte salt, 600k iterations.
std::vector<unsigned char> hashPassword(const std::string &password, std::vector<unsigned char> &saltOut)
{
    saltOut = randomBytes(16);
    std::vector<unsigned char> key(32);
    if (PKCS5_PBKDF2_HMAC(password.data(), static_cast<int>(password.size()), saltOut.data(),
                          static_cast<int>(saltOut.size()), 600000, EVP_sha256(), static_cast<int>(key.size()),
                          key.data()) != 1)
        throw std::runtime_error("PBKDF2 failed");
    return key;
}

bool verifyPassword(const std::string &password, const std::vector<unsigned char> &salt,
                    const std::vector<unsigned char> &expected)
{
    std::vector<unsigned char> key(expected.size());
    if (PKCS5_PBKDF2_HMAC(password.data(), static_cast<int>(password.size()), salt.data(),
                          static_cast<int>(salt.size()), 600000, EVP_sha256(), static_cast<int>(key.size()),
                          key.data()) != 1)
        return false;
    return CRYPTO_memcmp(key.data(), expected.data(), key.size()) == 0;
}

// AES-256-GCM; key is loaded from the OS keyring by the caller.
std::vector<unsigned char> seal(const std::vector<unsigned char> &key, const std::string &plaintext)
{
    if (key.size() != 32)
        throw std::invalid_argument("key must be 32 bytes");
    auto iv = randomBytes(12);
    std::vector<unsigned char> out(iv);
    out.resize(12 + plaintext.size() + 16);

    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int len = 0, total = 0;
    bool ok = ctx && EVP_EncryptInit_ex(ctx, EVP_aes_256_gcm(), nullptr, key.data(), iv.data()) == 1 &&
              EVP_EncryptUpdate(ctx, out.data() + 12, &len, reinterpret_cast<const unsigned char *>(plaintext.data()),
                                static_cast<int>(plaintext.size())) == 1;
    total = len;
    ok = ok && EVP_EncryptFinal_ex(ctx, out.data() + 12 + total, &len) == 1;
    total += len;
    ok = ok && EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, 16, out.data() + 12 + total) == 1;
    EVP_CIPHER_CTX_free(ctx);
    if (!ok)
        throw std::runtime_error("encryption failed");
    out.resize(12 + total + 16);
    return out;
}

std::string licenseServerHost()
{
    const char *h = std::getenv("LICENSE_SERVER");
    return h ? h : "license.example.com";
}

} // namespace secure
