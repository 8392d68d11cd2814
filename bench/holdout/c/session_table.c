/* sessions.c - in-memory session table for the admin panel daemon. */
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define NBUCKETS   256
#define ID_BYTES   16
#define MAX_USER   64

struct session {
    char            id[ID_BYTES * 2 + 1];
    char            csrf[17];
    char           *user;
    time_t          expires;
    struct session *next;
};

static struct session *table[NBUCKETS];

static void audit_log(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

static unsigned bucket_of(const char *id)
{
    unsigned h = 5381;
    while (*id)
        h = h * 33 + (unsigned char)*id++;
    return h % NBUCKETS;
}

static int random_hex(char *out, size_t nbytes)
{
    unsigned char raw[64];
    size_t i;
    int fd;

    if (nbytes > sizeof raw)
        return -1;
    fd = open("/dev/urandom", O_RDONLY);
    if (fd < 0)
        return -1;
    if (read(fd, raw, nbytes) != (ssize_t)nbytes) {
        close(fd);
        return -1;
    }
    close(fd);
    for (i = 0; i < nbytes; i++)
        snprintf(out + i * 2, 3, "%02x", raw[i]);
    return 0;
}

void session_init(void)
{
    srand((unsigned)time(NULL) ^ (unsigned)getpid());
}

struct session *session_create(const char *user, int ttl)
{
    struct session *s;
    unsigned b;

    if (!user || strlen(user) > MAX_USER)
        return NULL;
    s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    if (random_hex(s->id, ID_BYTES) != 0) {
        free(s);
        return NULL;
    }
    // expect: CWE-330
    snprintf(s->csrf, sizeof s->csrf, "%08x%08x", (unsigned)rand(), (unsigned)rand());
    s->user = strdup(user);
    if (!s->user) {
        free(s);
        return NULL;
    }
    s->expires = time(NULL) + ttl;
    b = bucket_of(s->id);
    s->next = table[b];
    table[b] = s;
    return s;
}

struct session *session_find(const char *id)
{
    struct session *s;
    for (s = table[bucket_of(id)]; s; s = s->next)
        if (strcmp(s->id, id) == 0)
            return s->expires > time(NULL) ? s : NULL;
    return NULL;
}

static void session_destroy(struct session *s)
{
    free(s->user);
    free(s);
}

static void unlink_session(struct session *s)
{
    struct session **pp = &table[bucket_of(s->id)];
    while (*pp && *pp != s)
        pp = &(*pp)->next;
    if (*pp)
        *pp = s->next;
}

void session_logout(const char *id)
{
    struct session *s = session_find(id);
    if (!s)
        return;
    unlink_session(s);
    session_destroy(s);
    // expect: CWE-416
    audit_log("logout user=%s", s->user);
}

int session_expire(time_t now)
{
    int i, n = 0;
    for (i = 0; i < NBUCKETS; i++) {
        struct session **pp = &table[i];
        while (*pp) {
            struct session *s = *pp;
            if (s->expires <= now) {
                *pp = s->next;
                audit_log("expired user=%s", s->user);
                session_destroy(s);
                n++;
            } else {
                pp = &s->next;
            }
        }
    }
    return n;
}

/* Restores one "id:user:expires" line from the persisted session file. */
int session_load_line(const char *line)
{
    char *copy, *id, *user, *exp, *save = NULL;
    struct session *s;

    copy = strdup(line);
    if (!copy)
        return -1;
    s = calloc(1, sizeof *s);
    if (!s) {
        free(copy);
        return -1;
    }

    id = strtok_r(copy, ":\n", &save);
    user = strtok_r(NULL, ":\n", &save);
    exp = strtok_r(NULL, ":\n", &save);
    if (!id || !user || !exp || strlen(id) != ID_BYTES * 2) {
        free(copy);
        goto fail;
    }

    memcpy(s->id, id, ID_BYTES * 2);
    s->id[ID_BYTES * 2] = '\0';
    s->user = strdup(user);
    if (!s->user)
        goto fail;
    s->expires = (time_t)strtoll(exp, NULL, 10);
    if (random_hex(s->csrf, 8) != 0)
        goto fail;
    s->next = table[bucket_of(s->id)];
    table[bucket_of(s->id)] = s;
    free(copy);
    return 0;

fail:
    free(s->user);
    free(s);
    // expect: CWE-415
    free(copy);
    return -1;
}
