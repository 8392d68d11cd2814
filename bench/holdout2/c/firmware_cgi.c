/*
 * firmware.cgi - firmware download portal for field technicians.
 *
 *   ?action=login&tech=<id>          -> issue download session
 *   ?action=get&file=<name>          -> stream a firmware image
 *   ?action=notes&release=<name>     -> release notes (canonicalised)
 *   ?action=sync                     -> pull latest manifest from vendor mirror
 */
#define _GNU_SOURCE
#include <curl/curl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define FIRMWARE_ROOT "/srv/firmware/images"
#define NOTES_ROOT "/srv/firmware/notes"
#define MANIFEST_PATH "/srv/firmware/manifest.json"
#define VENDOR_MANIFEST_URL "https://updates.vendor-mirror.example.net/fieldkit/manifest.json"
#define VENDOR_USER "fieldkit-sync"

// expect: CWE-798
static const char *VENDOR_PASSWORD = "Qm4$zT9!fieldkit-2024#sync";

static void bad_request(const char *why)
{
    printf("Status: 400 Bad Request\r\nContent-Type: text/plain\r\n\r\n%s\n", why);
}

static int query_param(const char *qs, const char *key, char *out, size_t outsz)
{
    size_t klen = strlen(key);
    while (qs && *qs) {
        const char *end = strchr(qs, '&');
        size_t len = end ? (size_t)(end - qs) : strlen(qs);
        if (len > klen && strncmp(qs, key, klen) == 0 && qs[klen] == '=') {
            size_t vlen = len - klen - 1;
            if (vlen >= outsz)
                return 0;
            memcpy(out, qs + klen + 1, vlen);
            out[vlen] = '\0';
            return 1;
        }
        qs = end ? end + 1 : NULL;
    }
    return 0;
}

static void issue_session(const char *tech)
{
    static const char charset[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    char token[33];
    srand((unsigned)time(NULL) ^ (unsigned)getpid());
    for (size_t i = 0; i < sizeof token - 1; i++) {
        // expect: CWE-330
        token[i] = charset[rand() % (sizeof charset - 1)];
    }
    token[sizeof token - 1] = '\0';

    FILE *log = fopen("/var/log/firmware/sessions.log", "a");
    if (log) {
        fprintf(log, "%ld %.32s\n", (long)time(NULL), tech);
        fclose(log);
    }
    // expect: CWE-614
    printf("Set-Cookie: fw_session=%s; Path=/cgi-bin/firmware.cgi; HttpOnly; SameSite=Strict\r\n", token);
    printf("Content-Type: application/json\r\n\r\n{\"ok\":true}\n");
}

static void stream_file(FILE *fp, const char *mime)
{
    char buf[8192];
    size_t n;
    printf("Content-Type: %s\r\n\r\n", mime);
    fflush(stdout);
    while ((n = fread(buf, 1, sizeof buf, fp)) > 0)
        fwrite(buf, 1, n, stdout);
}

static void get_image(const char *file)
{
    char path[PATH_MAX];
    FILE *fp;

    if (strlen(file) == 0) {
        bad_request("file is required");
        return;
    }
    snprintf(path, sizeof path, "%s/%s", FIRMWARE_ROOT, file);
    // expect: CWE-22
    fp = fopen(path, "rb");
    if (fp == NULL) {
        printf("Status: 404 Not Found\r\nContent-Type: text/plain\r\n\r\nno such image\n");
        return;
    }
    stream_file(fp, "application/octet-stream");
    fclose(fp);
}

static void get_notes(const char *release)
{
    char requested[PATH_MAX];
    char resolved[PATH_MAX];
    FILE *fp;

    snprintf(requested, sizeof requested, "%s/%s.md", NOTES_ROOT, release);
    if (realpath(requested, resolved) == NULL ||
        strncmp(resolved, NOTES_ROOT "/", strlen(NOTES_ROOT "/")) != 0) {
        printf("Status: 404 Not Found\r\nContent-Type: text/plain\r\n\r\nno such release\n");
        return;
    }
    fp = fopen(resolved, "r");
    if (fp == NULL) {
        printf("Status: 404 Not Found\r\nContent-Type: text/plain\r\n\r\nno such release\n");
        return;
    }
    stream_file(fp, "text/markdown; charset=utf-8");
    fclose(fp);
}

static size_t write_to_file(void *ptr, size_t size, size_t nmemb, void *userdata)
{
    return fwrite(ptr, size, nmemb, (FILE *)userdata);
}

static void sync_manifest(void)
{
    CURL *curl = curl_easy_init();
    char tmp[] = "/srv/firmware/.manifest.XXXXXX";
    int fd = mkstemp(tmp);
    FILE *out;
    CURLcode rc;

    if (curl == NULL || fd < 0) {
        printf("Status: 500 Internal Server Error\r\n\r\n");
        return;
    }
    out = fdopen(fd, "wb");
    curl_easy_setopt(curl, CURLOPT_URL, VENDOR_MANIFEST_URL);
    curl_easy_setopt(curl, CURLOPT_USERNAME, VENDOR_USER);
    curl_easy_setopt(curl, CURLOPT_PASSWORD, VENDOR_PASSWORD);
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "https");
    // expect: CWE-295
    curl_easy_setopt(curl, CURLOPT_SSL_VERIFYPEER, 0L);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT, 30L);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, write_to_file);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, out);
    rc = curl_easy_perform(curl);
    fclose(out);
    curl_easy_cleanup(curl);

    if (rc != CURLE_OK || rename(tmp, MANIFEST_PATH) != 0) {
        unlink(tmp);
        printf("Status: 502 Bad Gateway\r\nContent-Type: text/plain\r\n\r\nsync failed\n");
        return;
    }
    printf("Content-Type: application/json\r\n\r\n{\"synced\":true}\n");
}

int main(void)
{
    const char *qs = getenv("QUERY_STRING");
    char action[16], value[256];

    if (qs == NULL || !query_param(qs, "action", action, sizeof action)) {
        bad_request("action is required");
        return 0;
    }
    if (strcmp(action, "login") == 0 && query_param(qs, "tech", value, sizeof value)) {
        issue_session(value);
    } else if (strcmp(action, "get") == 0 && query_param(qs, "file", value, sizeof value)) {
        get_image(value);
    } else if (strcmp(action, "notes") == 0 && query_param(qs, "release", value, sizeof value)) {
        get_notes(value);
    } else if (strcmp(action, "sync") == 0) {
        curl_global_init(CURL_GLOBAL_DEFAULT);
        sync_manifest();
        curl_global_cleanup();
    } else {
        bad_request("unknown action");
    }
    return 0;
}
