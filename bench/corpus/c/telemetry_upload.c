/*
 * telemetry_upload.c - pushes device metrics to the vendor cloud and pulls
 * the latest configuration bundle from the on-prem controller.
 */
#include <curl/curl.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <netdb.h>
#include <unistd.h>

#define CLOUD_URL "https://telemetry.vendor-cloud.example/v2/metrics"
#define RESP_MAX 8192

// expect: CWE-798
static const char *API_TOKEN = "tk_live_7f3a9c2e10b84d5fa6e1c0d9b2a7e4f1";

struct response {
    char data[RESP_MAX];
    size_t len;
};

static size_t on_body(char *ptr, size_t size, size_t nmemb, void *userdata)
{
    struct response *r = userdata;
    size_t n = size * nmemb;

    // expect: CWE-787
    memcpy(r->data + r->len, ptr, n);
    r->len += n;
    return n;
}

int telemetry_push(const char *json)
{
    CURL *curl = curl_easy_init();
    struct curl_slist *hdrs = NULL;
    struct response resp = { .len = 0 };
    char auth[128];
    CURLcode rc;
    long status = 0;

    if (curl == NULL)
        return -1;

    snprintf(auth, sizeof(auth), "Authorization: Bearer %s", API_TOKEN);
    hdrs = curl_slist_append(hdrs, auth);
    hdrs = curl_slist_append(hdrs, "Content-Type: application/json");

    curl_easy_setopt(curl, CURLOPT_URL, CLOUD_URL);
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, hdrs);
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, json);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &resp);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT, 15L);
    /* cloud endpoint sits behind a proper public CA */
    curl_easy_setopt(curl, CURLOPT_SSL_VERIFYPEER, 1L);
    curl_easy_setopt(curl, CURLOPT_SSL_VERIFYHOST, 2L);

    rc = curl_easy_perform(curl);
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    curl_slist_free_all(hdrs);
    curl_easy_cleanup(curl);

    if (rc != CURLE_OK || status != 200) {
        fprintf(stderr, "telemetry push failed: %s (%ld)\n", curl_easy_strerror(rc), status);
        return -1;
    }
    return 0;
}

/* Fetch config from the on-prem controller (self-signed certificate). */
int config_pull(const char *controller_url, const char *dest)
{
    CURL *curl = curl_easy_init();
    FILE *out;
    CURLcode rc;

    if (curl == NULL)
        return -1;
    out = fopen(dest, "wb");
    if (out == NULL) {
        curl_easy_cleanup(curl);
        return -1;
    }
    curl_easy_setopt(curl, CURLOPT_URL, controller_url);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, out);
    // expect: CWE-295
    curl_easy_setopt(curl, CURLOPT_SSL_VERIFYPEER, 0L);
    // expect: CWE-295
    curl_easy_setopt(curl, CURLOPT_SSL_VERIFYHOST, 0L);
    rc = curl_easy_perform(curl);
    curl_easy_cleanup(curl);
    fclose(out);
    return rc == CURLE_OK ? 0 : -1;
}

/* Raw TLS syslog forwarding to the collector. */
SSL *syslog_tls_connect(const char *host, const char *port)
{
    struct addrinfo hints = { .ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM }, *res;
    SSL_CTX *ctx;
    SSL *ssl;
    int fd;

    if (getaddrinfo(host, port, &hints, &res) != 0)
        return NULL;
    fd = socket(res->ai_family, res->ai_socktype, res->ai_protocol);
    if (fd < 0 || connect(fd, res->ai_addr, res->ai_addrlen) != 0) {
        freeaddrinfo(res);
        if (fd >= 0)
            close(fd);
        return NULL;
    }
    freeaddrinfo(res);

    ctx = SSL_CTX_new(TLS_client_method());
    // expect: CWE-295
    SSL_CTX_set_verify(ctx, SSL_VERIFY_NONE, NULL);
    ssl = SSL_new(ctx);
    SSL_set_fd(ssl, fd);
    SSL_set_tlsext_host_name(ssl, host);
    if (SSL_connect(ssl) != 1) {
        ERR_print_errors_fp(stderr);
        SSL_free(ssl);
        SSL_CTX_free(ctx);
        close(fd);
        return NULL;
    }
    return ssl;
}
