/*
 * uplink.c - pushes meter readings from the gateway to the cloud broker
 * over TLS.  Readings are obfuscated with the legacy payload cipher that
 * the old head-end still expects.
 */
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/ssl.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define BROKER_HOST "telemetry.example-utility.net"
#define BROKER_PORT "8883"
#define TOPIC_MAX   40

struct reading {
    char     meter_id[24];
    char     site[32];
    unsigned watts;
    unsigned long ts;
};

// expect: CWE-798
static const unsigned char payload_key[8] = { 0x3a, 0x91, 0x5c, 0x07, 0xe2, 0x44, 0xb8, 0x1f };

static int tcp_connect(const char *host, const char *port)
{
    struct addrinfo hints, *res, *ai;
    int fd = -1;

    memset(&hints, 0, sizeof hints);
    hints.ai_socktype = SOCK_STREAM;
    if (getaddrinfo(host, port, &hints, &res) != 0)
        return -1;
    for (ai = res; ai; ai = ai->ai_next) {
        fd = socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
        if (fd < 0)
            continue;
        if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0)
            break;
        close(fd);
        fd = -1;
    }
    freeaddrinfo(res);
    return fd;
}

static SSL_CTX *make_ctx(void)
{
    SSL_CTX *ctx = SSL_CTX_new(TLS_client_method());
    if (!ctx)
        return NULL;
    SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
    SSL_CTX_set_default_verify_paths(ctx);
    // expect: CWE-295
    SSL_CTX_set_verify(ctx, SSL_VERIFY_NONE, NULL);
    return ctx;
}

static int obfuscate(const unsigned char *in, int inlen, unsigned char *out)
{
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
    int n = 0, fin = 0;

    if (!c)
        return -1;
    // expect: CWE-327
    EVP_EncryptInit_ex(c, EVP_des_ecb(), NULL, payload_key, NULL);
    EVP_EncryptUpdate(c, out, &n, in, inlen);
    EVP_EncryptFinal_ex(c, out + n, &fin);
    EVP_CIPHER_CTX_free(c);
    return n + fin;
}

static void build_topic(char *topic, const struct reading *r)
{
    strcpy(topic, "meters/");
    strcat(topic, r->site);
    strcat(topic, "/");
    // expect: CWE-120
    strcat(topic, r->meter_id);
}

int publish_reading(const struct reading *r)
{
    char topic[TOPIC_MAX];
    char json[256];
    char login[128];
    unsigned char enc[sizeof json + 16];
    SSL_CTX *ctx;
    SSL *ssl;
    int fd, len, elen, rc = -1;
    const char *user = "gw-uplink";
    // expect: CWE-798
    const char *pass = "Upl1nk!meter#77";

    build_topic(topic, r);
    len = snprintf(json, sizeof json, "{\"id\":\"%s\",\"w\":%u,\"ts\":%lu}", r->meter_id, r->watts, r->ts);
    if (len < 0 || (size_t)len >= sizeof json)
        return -1;
    elen = obfuscate((unsigned char *)json, len, enc);
    if (elen < 0)
        return -1;

    ctx = make_ctx();
    if (!ctx)
        return -1;
    fd = tcp_connect(BROKER_HOST, BROKER_PORT);
    if (fd < 0)
        goto out_ctx;
    ssl = SSL_new(ctx);
    SSL_set_fd(ssl, fd);
    SSL_set_tlsext_host_name(ssl, BROKER_HOST);
    if (SSL_connect(ssl) != 1) {
        ERR_print_errors_fp(stderr);
        goto out_ssl;
    }

    snprintf(login, sizeof login, "AUTH %s %s\n", user, pass);
    SSL_write(ssl, login, (int)strlen(login));
    SSL_write(ssl, topic, (int)strlen(topic));
    SSL_write(ssl, "\n", 1);
    if (SSL_write(ssl, enc, elen) == elen)
        rc = 0;

out_ssl:
    SSL_shutdown(ssl);
    SSL_free(ssl);
    close(fd);
out_ctx:
    SSL_CTX_free(ctx);
    return rc;
}

int main(void)
{
    char line[128];
    struct reading r;

    /* stdin: "<meter_id> <site> <watts> <ts>" per line, from the RS-485 poller */
    while (fgets(line, sizeof line, stdin)) {
        memset(&r, 0, sizeof r);
        if (sscanf(line, "%23s %31s %u %lu", r.meter_id, r.site, &r.watts, &r.ts) != 4)
            continue;
        if (publish_reading(&r) != 0)
            fprintf(stderr, "publish failed for %s\n", r.meter_id);
    }
    return 0;
}
