/*
 * guestbook.cgi - visitor book for the Harbour Museum kiosk site.
 * Reads QUERY_STRING / POST body, stores entries via the archive helper.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_FIELD   256
#define MAX_BODY    4096
#define ARCHIVE_BIN "/usr/local/libexec/guestbook-archive"

struct entry {
    char name[64];
    char town[64];
    char message[MAX_FIELD];
};

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    c = tolower(c);
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

static void url_decode(char *s)
{
    char *o = s;
    for (; *s; s++, o++) {
        if (*s == '+') {
            *o = ' ';
        } else if (*s == '%' && hexval(s[1]) >= 0 && hexval(s[2]) >= 0) {
            *o = (char)(hexval(s[1]) * 16 + hexval(s[2]));
            s += 2;
        } else {
            *o = *s;
        }
    }
    *o = '\0';
}

static const char *form_get(char *body, const char *key, char *out, size_t outlen)
{
    size_t klen = strlen(key);
    char *p = body;
    while (p && *p) {
        if (strncmp(p, key, klen) == 0 && p[klen] == '=') {
            const char *v = p + klen + 1;
            size_t n = strcspn(v, "&");
            if (n >= outlen) n = outlen - 1;
            memcpy(out, v, n);
            out[n] = '\0';
            url_decode(out);
            return out;
        }
        p = strchr(p, '&');
        if (p) p++;
    }
    out[0] = '\0';
    return NULL;
}

static void html_escape(FILE *out, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '&': fputs("&amp;", out); break;
        case '"': fputs("&quot;", out); break;
        case '\'': fputs("&#39;", out); break;
        default: fputc(*s, out);
        }
    }
}

static int archive_entry(const struct entry *e)
{
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        execl(ARCHIVE_BIN, "guestbook-archive", "--name", e->name, "--town", e->town, (char *)NULL);
        _exit(127);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void notify_curator(const char *town)
{
    char cmd[512];
    snprintf(cmd, sizeof(cmd), "/usr/bin/logger -t guestbook 'new entry from %s'", town);
    // expect: CWE-78
    system(cmd);
}

static void render_thanks(const struct entry *e, const char *referrer_label)
{
    printf("Content-Type: text/html; charset=utf-8\r\n\r\n");
    printf("<!doctype html><html><head><title>Thank you</title></head><body>\n");
    printf("<h1>Thank you, ");
    html_escape(stdout, e->name);
    printf("!</h1>\n<blockquote>");
    html_escape(stdout, e->message);
    printf("</blockquote>\n");
    // expect: CWE-79
    printf("<p class=\"via\">You found us via %s</p>\n", referrer_label);
    printf("</body></html>\n");
}

static void log_visit(const char *user_agent)
{
    char line[300];
    snprintf(line, sizeof(line), "visit ua=%.200s\n", user_agent);
    FILE *log = fopen("/var/log/guestbook/visits.log", "a");
    if (!log) return;
    // expect: CWE-134
    fprintf(log, line);
    fclose(log);
}

int main(void)
{
    static char body[MAX_BODY + 1];
    struct entry e;
    char field[MAX_FIELD];
    char via[MAX_FIELD];
    const char *method = getenv("REQUEST_METHOD");
    const char *ua = getenv("HTTP_USER_AGENT");

    memset(&e, 0, sizeof(e));
    if (method && strcmp(method, "POST") == 0) {
        const char *cl = getenv("CONTENT_LENGTH");
        long len = cl ? strtol(cl, NULL, 10) : 0;
        if (len <= 0 || len > MAX_BODY) {
            printf("Status: 413 Payload Too Large\r\nContent-Type: text/plain\r\n\r\ntoo large\n");
            return 0;
        }
        size_t got = fread(body, 1, (size_t)len, stdin);
        body[got] = '\0';
    } else {
        const char *qs = getenv("QUERY_STRING");
        snprintf(body, sizeof(body), "%s", qs ? qs : "");
    }

    form_get(body, "name", e.name, sizeof(e.name));
    form_get(body, "message", e.message, sizeof(e.message));
    form_get(body, "town", field, sizeof(field));
    // expect: CWE-120
    strcpy(e.town, field);
    form_get(body, "via", via, sizeof(via));

    if (ua) log_visit(ua);
    archive_entry(&e);
    notify_curator(e.town);
    render_thanks(&e, via);
    return 0;
}
