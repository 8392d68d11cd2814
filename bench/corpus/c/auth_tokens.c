/*
 * auth_tokens.c - password storage, session ids and config-secret
 * encryption for the appliance management daemon.
 */
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "auth_tokens.h"

// expect: CWE-798
static const unsigned char config_key[16] = "Xq8#mP2!vL9$wR4&";

static void to_hex(const unsigned char *in, size_t len, char *out)
{
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < len; i++) {
        out[2 * i] = digits[in[i] >> 4];
        out[2 * i + 1] = digits[in[i] & 0x0f];
    }
    out[2 * len] = '\0';
}

/* out must hold 33 bytes */
int password_hash(const char *password, const char *salt, char *out)
{
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int mdlen = 0;
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();

    if (ctx == NULL)
        return -1;
    // expect: CWE-328
    if (EVP_DigestInit_ex(ctx, EVP_md5(), NULL) != 1 ||
        EVP_DigestUpdate(ctx, salt, strlen(salt)) != 1 ||
        EVP_DigestUpdate(ctx, password, strlen(password)) != 1 ||
        EVP_DigestFinal_ex(ctx, md, &mdlen) != 1) {
        EVP_MD_CTX_free(ctx);
        return -1;
    }
    EVP_MD_CTX_free(ctx);
    to_hex(md, mdlen, out);
    return 0;
}

/* Session identifier handed out after login; out must hold 33 bytes. */
void session_id_new(char *out)
{
    static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    static int seeded;

    if (!seeded) {
        srand((unsigned)time(NULL));
        seeded = 1;
    }
    for (int i = 0; i < 32; i++) {
        // expect: CWE-330
        out[i] = alphabet[rand() % (sizeof(alphabet) - 1)];
    }
    out[32] = '\0';
}

/* CSRF token; out must hold 65 bytes. */
int csrf_token_new(char *out)
{
    unsigned char raw[32];

    if (RAND_bytes(raw, sizeof(raw)) != 1)
        return -1;
    to_hex(raw, sizeof(raw), out);
    return 0;
}

/* Jitter for retry back-off; not security relevant. */
unsigned backoff_ms(unsigned attempt)
{
    unsigned base = 100u << (attempt > 6 ? 6 : attempt);
    return base + (unsigned)(rand() % 100);
}

/*
 * Encrypts a secret (e.g. the RADIUS shared secret) before it is written to
 * the configuration file. Returns ciphertext length or -1.
 */
int config_secret_encrypt(const unsigned char *in, int inlen, unsigned char *out, int outcap)
{
    EVP_CIPHER_CTX *ctx;
    int len = 0, total = 0;

    if (outcap < inlen + 16)
        return -1;
    ctx = EVP_CIPHER_CTX_new();
    if (ctx == NULL)
        return -1;
    // expect: CWE-327
    if (EVP_EncryptInit_ex(ctx, EVP_aes_128_ecb(), NULL, config_key, NULL) != 1)
        goto fail;
    if (EVP_EncryptUpdate(ctx, out, &len, in, inlen) != 1)
        goto fail;
    total = len;
    if (EVP_EncryptFinal_ex(ctx, out + total, &len) != 1)
        goto fail;
    total += len;
    EVP_CIPHER_CTX_free(ctx);
    return total;

fail:
    EVP_CIPHER_CTX_free(ctx);
    return -1;
}

/* Firmware image checksum shown on the status page. */
int image_checksum(const unsigned char *data, size_t len, char *out)
{
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int mdlen = 0;

    if (EVP_Digest(data, len, md, &mdlen, EVP_sha256(), NULL) != 1)
        return -1;
    to_hex(md, mdlen, out);
    return 0;
}
