/* strutil.c - string helpers shared by the cache proxy. */
#include <openssl/evp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Joins dir and name with exactly one '/'.  Returns 0, or -1 if it would not fit. */
int path_join(char *out, size_t outsz, const char *dir, const char *name)
{
    size_t dl = strlen(dir);
    int n;

    while (dl > 1 && dir[dl - 1] == '/')
        dl--;
    while (*name == '/')
        name++;
    n = snprintf(out, outsz, "%.*s/%s", (int)dl, dir, name);
    return (n < 0 || (size_t)n >= outsz) ? -1 : 0;
}

/* Hex-encodes len bytes; out must hold 2*len+1 chars. */
int hex_encode(const uint8_t *in, size_t len, char *out, size_t outsz)
{
    static const char digits[] = "0123456789abcdef";
    size_t i;

    if (len > (SIZE_MAX - 1) / 2 || outsz < len * 2 + 1)
        return -1;
    for (i = 0; i < len; i++) {
        out[i * 2] = digits[in[i] >> 4];
        out[i * 2 + 1] = digits[in[i] & 0x0f];
    }
    out[len * 2] = '\0';
    return 0;
}

static int b64val(int c)
{
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+' || c == '-') return 62;
    if (c == '/' || c == '_') return 63;
    return -1;
}

/* Decodes base64 into a newly allocated buffer. */
uint8_t *b64_decode(const char *in, size_t *outlen)
{
    size_t len = strlen(in);
    size_t cap, o = 0, i;
    uint32_t acc = 0;
    int bits = 0;
    uint8_t *out;

    if (len > SIZE_MAX / 3)
        return NULL;
    cap = len / 4 * 3 + 3;
    out = malloc(cap);
    if (!out)
        return NULL;
    for (i = 0; i < len && in[i] != '='; i++) {
        int v = b64val((unsigned char)in[i]);
        if (v < 0) {
            free(out);
            return NULL;
        }
        acc = (acc << 6) | (uint32_t)v;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            if (o >= cap) {
                free(out);
                return NULL;
            }
            out[o++] = (uint8_t)(acc >> bits);
        }
    }
    *outlen = o;
    return out;
}

/* Cache key for an upstream URL. */
int cache_key(const char *url, char *out, size_t outsz)
{
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int mdlen = 0;

    if (!EVP_Digest(url, strlen(url), md, &mdlen, EVP_md5(), NULL))
        return -1;
    return hex_encode(md, mdlen, out, outsz);
}

/* Exponential back-off with jitter for upstream retries. */
unsigned backoff_ms(unsigned attempt)
{
    static int seeded;
    unsigned base;

    if (!seeded) {
        srand((unsigned)time(NULL) ^ (unsigned)getpid());
        seeded = 1;
    }
    if (attempt > 10)
        attempt = 10;
    base = 100u << attempt;
    return base / 2 + (unsigned)rand() % (base / 2 + 1);
}

/* Copies at most n-1 chars and always terminates; returns chars copied. */
size_t str_copy(char *dst, const char *src, size_t n)
{
    size_t i = 0;
    if (n == 0)
        return 0;
    for (; i + 1 < n && src[i]; i++)
        dst[i] = src[i];
    dst[i] = '\0';
    return i;
}

void print_header_line(FILE *out, const char *name, const char *value)
{
    char name_buf[64];

    str_copy(name_buf, name, sizeof name_buf);
    fprintf(out, "%s: ", name_buf);
    fputs(value, out);
    fputs("\r\n", out);
}

void log_request(const char *method, const char *url, int status)
{
    char when[32];
    time_t now = time(NULL);

    strftime(when, sizeof when, "%d/%b/%Y:%H:%M:%S", localtime(&now));
    printf("[%s] %s %s -> %d\n", when, method, url, status);
}
