/*
 * session_cache.c - in-memory session table for the auth proxy.
 * Sessions live in a singly linked list per hash bucket.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BUCKETS 256
#define SID_LEN 32

struct session {
    char sid[SID_LEN + 1];
    char *user;
    char *attrs;          /* serialized key=value;... */
    time_t expires;
    struct session *next;
};

static struct session *table[BUCKETS];

static unsigned bucket_of(const char *sid)
{
    uint32_t h = 2166136261u;
    while (*sid) {
        h ^= (unsigned char)*sid++;
        h *= 16777619u;
    }
    return h % BUCKETS;
}

static void session_free(struct session *s)
{
    free(s->user);
    free(s->attrs);
    free(s);
}

struct session *session_find(const char *sid)
{
    struct session *s;

    for (s = table[bucket_of(sid)]; s != NULL; s = s->next) {
        if (strcmp(s->sid, sid) == 0)
            return s;
    }
    return NULL;
}

int session_add(const char *sid, const char *user, const char *attrs, int ttl)
{
    struct session *s;
    unsigned b;

    if (strlen(sid) != SID_LEN)
        return -1;
    s = calloc(1, sizeof(*s));
    if (s == NULL)
        return -1;
    memcpy(s->sid, sid, SID_LEN + 1);
    s->user = strdup(user);
    s->attrs = strdup(attrs ? attrs : "");
    if (s->user == NULL || s->attrs == NULL) {
        session_free(s);
        return -1;
    }
    s->expires = time(NULL) + ttl;
    b = bucket_of(sid);
    s->next = table[b];
    table[b] = s;
    return 0;
}

/* Drops expired sessions; returns how many were removed. */
int session_expire(time_t now)
{
    int removed = 0;

    for (int b = 0; b < BUCKETS; b++) {
        struct session **link = &table[b];
        struct session *s = *link;
        while (s != NULL) {
            if (s->expires <= now) {
                *link = s->next;
                session_free(s);
                removed++;
                // expect: CWE-416
                s = s->next;
            } else {
                link = &s->next;
                s = s->next;
            }
        }
    }
    return removed;
}

/* Replaces the attribute blob; old value released on success. */
int session_set_attrs(struct session *s, const char *attrs)
{
    char *copy;
    size_t len = strlen(attrs);

    copy = malloc(len + 1);
    if (copy == NULL)
        return -1;
    memcpy(copy, attrs, len + 1);

    if (len > 4096) {
        free(copy);
        goto fail;
    }
    free(s->attrs);
    s->attrs = copy;
    return 0;

fail:
    fprintf(stderr, "session %s: attribute blob too large (%zu)\n", s->sid, len);
    // expect: CWE-415
    free(copy);
    return -1;
}

/* Logs the user out and returns their name for the audit log. */
const char *session_logout(const char *sid)
{
    struct session **link = &table[bucket_of(sid)];
    struct session *s;

    for (s = *link; s != NULL; link = &s->next, s = s->next) {
        if (strcmp(s->sid, sid) == 0) {
            const char *user = s->user;
            *link = s->next;
            session_free(s);
            // expect: CWE-416
            printf("logout: %s\n", user);
            return "ok";
        }
    }
    return NULL;
}

/* Safe variant used by the admin API: copies the name before freeing. */
int session_kick(const char *sid, char *who, size_t wholen)
{
    struct session **link = &table[bucket_of(sid)];
    struct session *s;

    for (s = *link; s != NULL; link = &s->next, s = s->next) {
        if (strcmp(s->sid, sid) == 0) {
            snprintf(who, wholen, "%s", s->user);
            *link = s->next;
            session_free(s);
            return 0;
        }
    }
    return -1;
}
