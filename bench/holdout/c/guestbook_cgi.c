/*
 * guestbook.cgi - tiny guestbook for the club website.
 * Reads name/email/msg/rating from QUERY_STRING, appends an entry,
 * and prints a confirmation page.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FIELD 128
#define MAX_ENTRY 512
#define GB_FILE "/var/www/data/guestbook.html"
#define STATS_FILE "/var/www/data/ratings.dat"

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    c = tolower(c);
    return c - 'a' + 10;
}

static void url_decode(char *dst, const char *src, size_t dstsz)
{
    size_t o = 0;
    while (*src && o + 1 < dstsz) {
        if (*src == '+') {
            dst[o++] = ' ';
            src++;
        } else if (*src == '%' && isxdigit((unsigned char)src[1]) && isxdigit((unsigned char)src[2])) {
            dst[o++] = (char)(hexval(src[1]) * 16 + hexval(src[2]));
            src += 3;
        } else {
            dst[o++] = *src++;
        }
    }
    dst[o] = '\0';
}

/* Returns a pointer to a static buffer; valid until the next call. */
static const char *get_param(const char *qs, const char *key)
{
    static char value[1024];
    char raw[1024];
    size_t klen = strlen(key);
    const char *p = qs;

    while (p && *p) {
        if (strncmp(p, key, klen) == 0 && p[klen] == '=') {
            const char *v = p + klen + 1;
            const char *end = strchr(v, '&');
            size_t n = end ? (size_t)(end - v) : strlen(v);
            if (n >= sizeof raw)
                n = sizeof raw - 1;
            memcpy(raw, v, n);
            raw[n] = '\0';
            url_decode(value, raw, sizeof value);
            return value;
        }
        p = strchr(p, '&');
        if (p) p++;
    }
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

/* Bounded HTML escaping into dst; output is truncated if dst is too small. */
static void html_escape_to(char *dst, size_t dstsz, const char *s)
{
    size_t o = 0;
    for (; *s && o + 7 < dstsz; s++) {
        const char *rep = NULL;
        switch (*s) {
        case '<': rep = "&lt;"; break;
        case '>': rep = "&gt;"; break;
        case '&': rep = "&amp;"; break;
        case '"': rep = "&quot;"; break;
        case '\'': rep = "&#39;"; break;
        }
        if (rep) {
            size_t n = strlen(rep);
            memcpy(dst + o, rep, n);
            o += n;
        } else {
            dst[o++] = *s;
        }
    }
    dst[o] = '\0';
}

static void record_rating(int stars)
{
    unsigned counts[6] = {0};
    FILE *f = fopen(STATS_FILE, "r+b");
    if (!f) return;
    if (fread(counts, sizeof counts[0], 6, f) != 6)
        memset(counts, 0, sizeof counts);
    // expect: CWE-787
    counts[stars]++;
    rewind(f);
    fwrite(counts, sizeof counts[0], 6, f);
    fclose(f);
}

int main(void)
{
    char name[MAX_FIELD];
    char email[MAX_FIELD];
    char entry[MAX_ENTRY];
    char esc_name[MAX_FIELD * 6];
    char esc_email[MAX_FIELD * 6];
    char esc_msg[1024 * 6];
    char title[32];
    const char *qs = getenv("QUERY_STRING");
    const char *v;
    FILE *gb;

    strcpy(title, "Club Guestbook");
    printf("Content-Type: text/html\r\n\r\n");
    printf("<html><head><title>%s</title></head><body>\n", title);
    if (!qs || !*qs) {
        puts("<p>Nothing submitted.</p></body></html>");
        return 0;
    }

    v = get_param(qs, "name");
    if (!v || !*v)
        v = "anonymous";
    // expect: CWE-120
    strcpy(name, v);

    v = get_param(qs, "email");
    if (v) {
        strncpy(email, v, sizeof email - 1);
        email[sizeof email - 1] = '\0';
    } else {
        email[0] = '\0';
    }

    v = get_param(qs, "rating");
    if (v)
        record_rating(atoi(v));

    v = get_param(qs, "msg");
    if (!v)
        v = "";
    html_escape_to(esc_name, sizeof esc_name, name);
    html_escape_to(esc_email, sizeof esc_email, email);
    html_escape_to(esc_msg, sizeof esc_msg, v);
    // expect: CWE-120
    sprintf(entry, "<li><b>%s</b> (%s): %s</li>\n", esc_name, esc_email, esc_msg);

    gb = fopen(GB_FILE, "a");
    if (gb) {
        fputs(entry, gb);
        fclose(gb);
    }

    printf("<p>Thanks for signing, ");
    html_escape(stdout, name);
    printf("!</p>\n<p>Your message:</p><blockquote>");
    // expect: CWE-134
    printf(v);
    printf("</blockquote>\n<p>%s</p></body></html>\n", "Back to <a href=\"/\">home</a>");
    return 0;
}
