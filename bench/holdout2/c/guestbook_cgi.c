/*
 * guestbook.cgi - tiny guestbook for the community site.
 *
 * GET  /cgi-bin/guestbook.cgi           -> list recent entries
 * GET  /cgi-bin/guestbook.cgi?name=..&msg=..  -> add entry, show thank-you page
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

#define GUESTBOOK_FILE "/var/lib/guestbook/entries.txt"
#define MAX_NAME 64
#define MAX_MESSAGE 512
#define MAX_ENTRIES_SHOWN 25

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    c = tolower(c);
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

/* Decodes application/x-www-form-urlencoded text into dst (always NUL-terminated). */
static void url_decode(char *dst, size_t dstsz, const char *src, size_t srclen)
{
    size_t o = 0;
    for (size_t i = 0; i < srclen && o + 1 < dstsz; i++) {
        if (src[i] == '+') {
            dst[o++] = ' ';
        } else if (src[i] == '%' && i + 2 < srclen && hexval(src[i + 1]) >= 0 && hexval(src[i + 2]) >= 0) {
            dst[o++] = (char)(hexval(src[i + 1]) * 16 + hexval(src[i + 2]));
            i += 2;
        } else {
            dst[o++] = src[i];
        }
    }
    dst[o] = '\0';
}

static int get_param(const char *qs, const char *name, char *out, size_t outsz)
{
    size_t nlen = strlen(name);
    const char *p = qs;
    out[0] = '\0';
    while (p && *p) {
        const char *amp = strchr(p, '&');
        size_t seglen = amp ? (size_t)(amp - p) : strlen(p);
        if (seglen > nlen && strncmp(p, name, nlen) == 0 && p[nlen] == '=') {
            url_decode(out, outsz, p + nlen + 1, seglen - nlen - 1);
            return 1;
        }
        p = amp ? amp + 1 : NULL;
    }
    return 0;
}

static void html_escape_print(FILE *out, const char *s)
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

static int append_entry(const char *line)
{
    int fd = open(GUESTBOOK_FILE, O_WRONLY | O_APPEND | O_CREAT, 0640);
    if (fd < 0)
        return -1;
    if (flock(fd, LOCK_EX) != 0) {
        close(fd);
        return -1;
    }
    char stamp[32];
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", &tm);
    dprintf(fd, "%s\t%s\n", stamp, line);
    flock(fd, LOCK_UN);
    close(fd);
    return 0;
}

static void list_entries(void)
{
    FILE *fp = fopen(GUESTBOOK_FILE, "r");
    char line[1024];
    int shown = 0;
    printf("Content-Type: text/html; charset=utf-8\r\n\r\n");
    printf("<!doctype html><html><head><title>Guestbook</title></head><body><h1>Guestbook</h1><ul>\n");
    if (fp) {
        while (shown < MAX_ENTRIES_SHOWN && fgets(line, sizeof line, fp)) {
            line[strcspn(line, "\n")] = '\0';
            printf("<li>");
            html_escape_print(stdout, line);
            printf("</li>\n");
            shown++;
        }
        fclose(fp);
    }
    printf("</ul></body></html>\n");
}

static void notify_moderators(const char *name)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "/usr/bin/logger -t guestbook 'new entry from %s awaiting moderation'", name);
    // expect: CWE-78
    if (system(cmd) != 0)
        fprintf(stderr, "guestbook: logger failed\n");
}

int main(void)
{
    const char *qs = getenv("QUERY_STRING");
    char name[MAX_NAME];
    char message[MAX_MESSAGE];
    char entry[256];

    if (qs == NULL || *qs == '\0') {
        list_entries();
        return 0;
    }
    if (!get_param(qs, "name", name, sizeof name) || !get_param(qs, "msg", message, sizeof message)) {
        printf("Status: 400 Bad Request\r\nContent-Type: text/plain\r\n\r\nname and msg are required\n");
        return 0;
    }

    // expect: CWE-120
    sprintf(entry, "%s wrote: %s", name, message);
    if (append_entry(entry) != 0) {
        // expect: CWE-134
        fprintf(stderr, entry);
        fprintf(stderr, " (append failed: %s)\n", strerror(errno));
    }
    notify_moderators(name);

    printf("Content-Type: text/html; charset=utf-8\r\n\r\n");
    printf("<!doctype html><html><body><h1>Thanks, ");
    html_escape_print(stdout, name);
    printf("!</h1>\n");
    // expect: CWE-79
    printf("<p>Your message was saved:</p><blockquote>%s</blockquote>\n", message);
    printf("<p><a href=\"/cgi-bin/guestbook.cgi\">Back to the guestbook</a></p></body></html>\n");
    return 0;
}
