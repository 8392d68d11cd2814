/*
 * ini_config.c - configuration loader for the parking-garage barrier
 * controller. Parses /etc/barrierd/barrierd.ini into a fixed struct.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define INI_LINE_MAX 256
#define MAX_LANES    8

typedef struct {
    char     site_name[64];
    char     plate_reader_host[128];
    unsigned plate_reader_port;
    unsigned lane_count;
    unsigned lane_gpio[MAX_LANES];
    unsigned open_ms;
    char     log_path[PATH_MAX];
} barrier_config;

static char *trim(char *s)
{
    while (isspace((unsigned char)*s)) s++;
    char *end = s + strlen(s);
    while (end > s && isspace((unsigned char)end[-1])) end--;
    *end = '\0';
    return s;
}

static int copy_str(char *dst, size_t dstlen, const char *src)
{
    size_t n = strlen(src);
    if (n >= dstlen) return -1;
    memcpy(dst, src, n + 1);
    return 0;
}

static int parse_uint(const char *s, unsigned min, unsigned max, unsigned *out)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(s, &end, 10);
    if (errno || end == s || *end != '\0' || v < min || v > max) return -1;
    *out = (unsigned)v;
    return 0;
}

static int apply(barrier_config *cfg, const char *section, const char *key, const char *val)
{
    if (strcmp(section, "site") == 0 && strcmp(key, "name") == 0)
        return copy_str(cfg->site_name, sizeof(cfg->site_name), val);
    if (strcmp(section, "plate_reader") == 0 && strcmp(key, "host") == 0)
        return copy_str(cfg->plate_reader_host, sizeof(cfg->plate_reader_host), val);
    if (strcmp(section, "plate_reader") == 0 && strcmp(key, "port") == 0)
        return parse_uint(val, 1, 65535, &cfg->plate_reader_port);
    if (strcmp(section, "barrier") == 0 && strcmp(key, "open_ms") == 0)
        return parse_uint(val, 500, 60000, &cfg->open_ms);
    if (strcmp(section, "logging") == 0 && strcmp(key, "path") == 0) {
        char resolved[PATH_MAX];
        if (!realpath(val, resolved)) return -1;
        if (strncmp(resolved, "/var/log/barrierd/", 18) != 0) return -1;
        return copy_str(cfg->log_path, sizeof(cfg->log_path), resolved);
    }
    if (strcmp(section, "lanes") == 0 && strncmp(key, "lane", 4) == 0) {
        unsigned idx, gpio;
        if (parse_uint(key + 4, 1, MAX_LANES, &idx) != 0) return -1;
        if (parse_uint(val, 0, 53, &gpio) != 0) return -1;
        cfg->lane_gpio[idx - 1] = gpio;
        if (idx > cfg->lane_count) cfg->lane_count = idx;
        return 0;
    }
    return 0;
}

int barrier_config_load(const char *path, barrier_config *cfg)
{
    char line[INI_LINE_MAX];
    char section[32] = "";
    unsigned lineno = 0;
    FILE *f = fopen(path, "r");
    if (!f) return -1;

    memset(cfg, 0, sizeof(*cfg));
    cfg->plate_reader_port = 7070;
    cfg->open_ms = 4000;

    while (fgets(line, sizeof(line), f)) {
        lineno++;
        if (!strchr(line, '\n') && !feof(f)) {
            fprintf(stderr, "%s:%u: line too long\n", path, lineno);
            fclose(f);
            return -1;
        }
        char *s = trim(line);
        if (*s == '\0' || *s == ';' || *s == '#') continue;
        if (*s == '[') {
            char *close = strchr(s, ']');
            if (!close) goto bad;
            *close = '\0';
            if (copy_str(section, sizeof(section), trim(s + 1)) != 0) goto bad;
            continue;
        }
        char *eq = strchr(s, '=');
        if (!eq) goto bad;
        *eq = '\0';
        if (apply(cfg, section, trim(s), trim(eq + 1)) != 0) goto bad;
        continue;
bad:
        fprintf(stderr, "%s:%u: invalid entry\n", path, lineno);
        fclose(f);
        return -1;
    }
    fclose(f);
    return 0;
}
