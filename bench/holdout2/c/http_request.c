/*
 * http_request.c - request parsing for the embedded status server on the
 * building-management gateway.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <syslog.h>
#include <unistd.h>

#define MAX_HEADERS 32
#define MAX_METHOD 8
#define MAX_PATH 1024
#define MAX_HEADER_NAME 64
#define MAX_HEADER_VALUE 512
#define STATIC_ROOT "/usr/share/bmsgw/www"

struct http_header {
    char name[MAX_HEADER_NAME];
    char value[MAX_HEADER_VALUE];
};

struct http_request {
    char method[MAX_METHOD];
    char path[MAX_PATH];
    char query[MAX_PATH];
    struct http_header headers[MAX_HEADERS];
    size_t header_count;
    size_t content_length;
};

static int hex_digit(int c)
{
    if (isdigit(c))
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Percent-decodes src into dst; fails on truncation, bad escapes or NUL bytes. */
int url_decode(const char *src, char *dst, size_t dstsz)
{
    size_t o = 0;
    if (dstsz == 0)
        return -1;
    for (size_t i = 0; src[i] != '\0'; i++) {
        int c = (unsigned char)src[i];
        if (c == '%') {
            int hi = hex_digit((unsigned char)src[i + 1]);
            int lo = hi < 0 ? -1 : hex_digit((unsigned char)src[i + 2]);
            if (hi < 0 || lo < 0)
                return -1;
            c = hi * 16 + lo;
            if (c == 0)
                return -1;
            i += 2;
        }
        if (o + 1 >= dstsz)
            return -1;
        dst[o++] = (char)c;
    }
    dst[o] = '\0';
    return 0;
}

static int copy_bounded(char *dst, size_t dstsz, const char *src, size_t len)
{
    if (len >= dstsz)
        return -1;
    memcpy(dst, src, len);
    dst[len] = '\0';
    return 0;
}

int parse_request(const char *buf, size_t len, struct http_request *req)
{
    const char *end = buf + len;
    const char *line_end = memchr(buf, '\n', len);
    const char *sp1, *sp2, *q, *p;

    memset(req, 0, sizeof *req);
    if (line_end == NULL)
        return -1;
    sp1 = memchr(buf, ' ', (size_t)(line_end - buf));
    if (sp1 == NULL || copy_bounded(req->method, sizeof req->method, buf, (size_t)(sp1 - buf)) != 0)
        return -1;
    sp2 = memchr(sp1 + 1, ' ', (size_t)(line_end - sp1 - 1));
    if (sp2 == NULL)
        return -1;
    q = memchr(sp1 + 1, '?', (size_t)(sp2 - sp1 - 1));
    if (q) {
        if (copy_bounded(req->path, sizeof req->path, sp1 + 1, (size_t)(q - sp1 - 1)) != 0 ||
            copy_bounded(req->query, sizeof req->query, q + 1, (size_t)(sp2 - q - 1)) != 0)
            return -1;
    } else if (copy_bounded(req->path, sizeof req->path, sp1 + 1, (size_t)(sp2 - sp1 - 1)) != 0) {
        return -1;
    }

    p = line_end + 1;
    while (p < end && req->header_count < MAX_HEADERS) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        const char *colon;
        size_t linelen;
        if (eol == NULL)
            break;
        linelen = (size_t)(eol - p);
        if (linelen > 0 && p[linelen - 1] == '\r')
            linelen--;
        if (linelen == 0)
            break;
        colon = memchr(p, ':', linelen);
        if (colon != NULL) {
            struct http_header *h = &req->headers[req->header_count];
            const char *v = colon + 1;
            while (v < p + linelen && (*v == ' ' || *v == '\t'))
                v++;
            if (copy_bounded(h->name, sizeof h->name, p, (size_t)(colon - p)) == 0 &&
                copy_bounded(h->value, sizeof h->value, v, (size_t)(p + linelen - v)) == 0) {
                if (strcasecmp(h->name, "Content-Length") == 0) {
                    char *endp;
                    unsigned long long cl;
                    errno = 0;
                    cl = strtoull(h->value, &endp, 10);
                    if (errno != 0 || *endp != '\0' || cl > 1024 * 1024)
                        return -1;
                    req->content_length = (size_t)cl;
                }
                req->header_count++;
            }
        }
        p = eol + 1;
    }
    return 0;
}

int resolve_static(const struct http_request *req, char *out, size_t outsz)
{
    char decoded[MAX_PATH];
    char joined[PATH_MAX];
    char resolved[PATH_MAX];

    if (url_decode(req->path, decoded, sizeof decoded) != 0)
        return -1;
    if (snprintf(joined, sizeof joined, "%s/%s", STATIC_ROOT, decoded[0] == '/' ? decoded + 1 : decoded) >= (int)sizeof joined)
        return -1;
    if (realpath(joined, resolved) == NULL)
        return -1;
    if (strncmp(resolved, STATIC_ROOT "/", sizeof(STATIC_ROOT "/") - 1) != 0)
        return -1;
    if (strlen(resolved) >= outsz)
        return -1;
    strcpy(out, resolved);
    return 0;
}

unsigned char *read_body(int fd, const struct http_request *req)
{
    unsigned char *body;
    size_t got = 0;
    if (req->content_length == 0 || req->content_length > SIZE_MAX - 1)
        return NULL;
    body = malloc(req->content_length + 1);
    if (body == NULL)
        return NULL;
    while (got < req->content_length) {
        ssize_t n = read(fd, body + got, req->content_length - got);
        if (n <= 0) {
            free(body);
            return NULL;
        }
        got += (size_t)n;
    }
    body[got] = '\0';
    return body;
}

int make_session_id(char *out, size_t outsz)
{
    unsigned char raw[16];
    if (outsz < sizeof raw * 2 + 1)
        return -1;
    if (getrandom(raw, sizeof raw, 0) != (ssize_t)sizeof raw)
        return -1;
    for (size_t i = 0; i < sizeof raw; i++)
        snprintf(out + i * 2, outsz - i * 2, "%02x", raw[i]);
    return 0;
}

int run_diagnostic(const char *target_ip, char *output, size_t outsz)
{
    int pipefd[2];
    pid_t pid;
    ssize_t n;
    size_t total = 0;
    int status;

    for (const char *c = target_ip; *c; c++) {
        if (!isdigit((unsigned char)*c) && *c != '.')
            return -1;
    }
    if (pipe(pipefd) != 0)
        return -1;
    pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        char *const argv[] = { "/bin/ping", "-c", "3", "-W", "2", (char *)target_ip, NULL };
        dup2(pipefd[1], STDOUT_FILENO);
        close(pipefd[0]);
        close(pipefd[1]);
        execv(argv[0], argv);
        _exit(127);
    }
    close(pipefd[1]);
    while (total + 1 < outsz && (n = read(pipefd[0], output + total, outsz - total - 1)) > 0)
        total += (size_t)n;
    output[total] = '\0';
    close(pipefd[0]);
    waitpid(pid, &status, 0);
    syslog(LOG_INFO, "diagnostic ping to %s exited %d", target_ip, WEXITSTATUS(status));
    return 0;
}

void write_response_header(int fd, int status, const char *reason, const char *content_type, size_t length,
                           const char *session_id)
{
    char header[768];
    int n;
    if (session_id != NULL) {
        n = snprintf(header, sizeof header,
                     "HTTP/1.1 %d %s\r\nContent-Type: %s\r\nContent-Length: %zu\r\n"
                     "Set-Cookie: gw_sid=%s; Path=/; Secure; HttpOnly; SameSite=Strict\r\n"
                     "X-Content-Type-Options: nosniff\r\n\r\n",
                     status, reason, content_type, length, session_id);
    } else {
        n = snprintf(header, sizeof header,
                     "HTTP/1.1 %d %s\r\nContent-Type: %s\r\nContent-Length: %zu\r\n"
                     "X-Content-Type-Options: nosniff\r\n\r\n",
                     status, reason, content_type, length);
    }
    if (n > 0 && (size_t)n < sizeof header)
        (void)write(fd, header, (size_t)n);
}
