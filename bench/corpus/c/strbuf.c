/*
 * strbuf.c - growable string buffer used across the agent.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct strbuf {
    char *buf;
    size_t len;
    size_t cap;
};

#define STRBUF_INIT { NULL, 0, 0 }

static int strbuf_grow(struct strbuf *sb, size_t extra)
{
    size_t need, cap;
    char *nb;

    if (extra > SIZE_MAX - sb->len - 1)
        return -1;
    need = sb->len + extra + 1;
    if (need <= sb->cap)
        return 0;
    cap = sb->cap ? sb->cap : 64;
    while (cap < need) {
        if (cap > SIZE_MAX / 2)
            return -1;
        cap *= 2;
    }
    nb = realloc(sb->buf, cap);
    if (nb == NULL)
        return -1;
    sb->buf = nb;
    sb->cap = cap;
    return 0;
}

int strbuf_add(struct strbuf *sb, const void *data, size_t n)
{
    if (strbuf_grow(sb, n) != 0)
        return -1;
    memcpy(sb->buf + sb->len, data, n);
    sb->len += n;
    sb->buf[sb->len] = '\0';
    return 0;
}

int strbuf_adds(struct strbuf *sb, const char *s)
{
    return strbuf_add(sb, s, strlen(s));
}

int strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
    va_list ap;
    int n;

    va_start(ap, fmt);
    n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || strbuf_grow(sb, (size_t)n) != 0)
        return -1;

    va_start(ap, fmt);
    vsnprintf(sb->buf + sb->len, sb->cap - sb->len, fmt, ap);
    va_end(ap);
    sb->len += (size_t)n;
    return 0;
}

/* Appends s with JSON string escaping. */
int strbuf_add_json(struct strbuf *sb, const char *s)
{
    if (strbuf_add(sb, "\"", 1) != 0)
        return -1;
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        char esc[8];
        if (c == '"' || c == '\\') {
            esc[0] = '\\';
            esc[1] = (char)c;
            if (strbuf_add(sb, esc, 2) != 0)
                return -1;
        } else if (c < 0x20) {
            snprintf(esc, sizeof(esc), "\\u%04x", c);
            if (strbuf_adds(sb, esc) != 0)
                return -1;
        } else if (strbuf_add(sb, s, 1) != 0) {
            return -1;
        }
    }
    return strbuf_add(sb, "\"", 1);
}

char *strbuf_detach(struct strbuf *sb)
{
    char *out = sb->buf ? sb->buf : strdup("");
    sb->buf = NULL;
    sb->len = sb->cap = 0;
    return out;
}

void strbuf_release(struct strbuf *sb)
{
    free(sb->buf);
    sb->buf = NULL;
    sb->len = sb->cap = 0;
}

/* Fixed-size helpers for callers that keep names in struct fields. */
void copy_field(char *dst, size_t dstlen, const char *src)
{
    if (dstlen == 0)
        return;
    strncpy(dst, src, dstlen - 1);
    dst[dstlen - 1] = '\0';
}

void default_hostname(char out[64])
{
    strcpy(out, "localhost");
}

void join_path(char *out, size_t outlen, const char *dir, const char *file)
{
    snprintf(out, outlen, "%s/%s", dir, file);
}

#ifdef STRBUF_DEMO
int main(int argc, char **argv)
{
    struct strbuf sb = STRBUF_INIT;
    char name[16];
    char path[128];

    copy_field(name, sizeof(name), argc > 1 ? argv[1] : "anonymous");
    join_path(path, sizeof(path), "/tmp", name);

    strbuf_adds(&sb, "{\"name\":");
    strbuf_add_json(&sb, name);
    strbuf_addf(&sb, ",\"args\":%d,\"path\":", argc);
    strbuf_add_json(&sb, path);
    strbuf_adds(&sb, "}");
    printf("%s\n", sb.buf);
    fputs(sb.buf, stderr);
    strbuf_release(&sb);
    return 0;
}
#endif
