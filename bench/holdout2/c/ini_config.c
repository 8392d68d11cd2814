/*
 * ini_config.c - configuration loader for the telemetry collector.
 *
 * [section]
 * key = value        ; comments with ';' or '#'
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define INI_MAX_LINE 512
#define INI_MAX_SECTION 48
#define INI_MAX_KEY 48
#define INI_MAX_VALUE 256
#define INI_MAX_ENTRIES 128

struct ini_entry {
    char section[INI_MAX_SECTION];
    char key[INI_MAX_KEY];
    char value[INI_MAX_VALUE];
};

struct ini_file {
    struct ini_entry entries[INI_MAX_ENTRIES];
    size_t count;
    char path[PATH_MAX];
};

struct collector_config {
    char listen_addr[64];
    unsigned short listen_port;
    unsigned int flush_interval_ms;
    size_t max_batch;
    char spool_dir[PATH_MAX];
    char upstream_host[128];
    char upstream_token_env[64];
};

static char *trim(char *s)
{
    char *end;
    while (isspace((unsigned char)*s))
        s++;
    if (*s == '\0')
        return s;
    end = s + strlen(s) - 1;
    while (end > s && isspace((unsigned char)*end))
        *end-- = '\0';
    return s;
}

static void copy_field(char *dst, size_t dstsz, const char *src)
{
    strncpy(dst, src, dstsz - 1);
    dst[dstsz - 1] = '\0';
}

int ini_load(struct ini_file *ini, const char *path)
{
    FILE *fp;
    char line[INI_MAX_LINE];
    char section[INI_MAX_SECTION] = "";
    unsigned lineno = 0;

    memset(ini, 0, sizeof *ini);
    copy_field(ini->path, sizeof ini->path, path);
    fp = fopen(path, "r");
    if (fp == NULL)
        return -errno;

    while (fgets(line, sizeof line, fp) != NULL) {
        char *p, *eq;
        lineno++;
        if (strchr(line, '\n') == NULL && !feof(fp)) {
            int c;
            fprintf(stderr, "%s:%u: line too long, ignored\n", path, lineno);
            while ((c = fgetc(fp)) != EOF && c != '\n')
                ;
            continue;
        }
        p = trim(line);
        if (*p == '\0' || *p == ';' || *p == '#')
            continue;
        if (*p == '[') {
            char *close = strchr(p, ']');
            if (close == NULL) {
                fprintf(stderr, "%s:%u: unterminated section header\n", path, lineno);
                continue;
            }
            *close = '\0';
            snprintf(section, sizeof section, "%s", trim(p + 1));
            continue;
        }
        eq = strchr(p, '=');
        if (eq == NULL) {
            fprintf(stderr, "%s:%u: expected key = value\n", path, lineno);
            continue;
        }
        if (ini->count >= INI_MAX_ENTRIES) {
            fprintf(stderr, "%s:%u: too many entries\n", path, lineno);
            break;
        }
        *eq = '\0';
        struct ini_entry *e = &ini->entries[ini->count++];
        copy_field(e->section, sizeof e->section, section);
        copy_field(e->key, sizeof e->key, trim(p));
        copy_field(e->value, sizeof e->value, trim(eq + 1));
    }
    fclose(fp);
    return 0;
}

const char *ini_get(const struct ini_file *ini, const char *section, const char *key)
{
    for (size_t i = 0; i < ini->count; i++) {
        if (strcmp(ini->entries[i].section, section) == 0 && strcmp(ini->entries[i].key, key) == 0)
            return ini->entries[i].value;
    }
    return NULL;
}

static int parse_ulong(const char *s, unsigned long min, unsigned long max, unsigned long *out)
{
    char *end;
    unsigned long v;
    if (s == NULL || *s == '\0' || *s == '-')
        return -1;
    errno = 0;
    v = strtoul(s, &end, 10);
    if (errno != 0 || *end != '\0' || v < min || v > max)
        return -1;
    *out = v;
    return 0;
}

int collector_config_from_ini(const struct ini_file *ini, struct collector_config *cfg)
{
    unsigned long v;
    const char *s;

    memset(cfg, 0, sizeof *cfg);
    snprintf(cfg->listen_addr, sizeof cfg->listen_addr, "%s",
             (s = ini_get(ini, "listen", "address")) ? s : "127.0.0.1");
    if (parse_ulong(ini_get(ini, "listen", "port"), 1, 65535, &v) != 0) {
        fprintf(stderr, "%s: [listen] port must be 1-65535\n", ini->path);
        return -1;
    }
    cfg->listen_port = (unsigned short)v;
    cfg->flush_interval_ms = parse_ulong(ini_get(ini, "batch", "flush_ms"), 10, 600000, &v) == 0 ? (unsigned)v : 1000;
    cfg->max_batch = parse_ulong(ini_get(ini, "batch", "max_items"), 1, 100000, &v) == 0 ? (size_t)v : 500;

    s = ini_get(ini, "spool", "dir");
    if (s == NULL || s[0] != '/') {
        fprintf(stderr, "%s: [spool] dir must be an absolute path\n", ini->path);
        return -1;
    }
    if (strlen(s) >= sizeof cfg->spool_dir) {
        fprintf(stderr, "%s: [spool] dir is too long\n", ini->path);
        return -1;
    }
    memcpy(cfg->spool_dir, s, strlen(s) + 1);

    s = ini_get(ini, "upstream", "host");
    copy_field(cfg->upstream_host, sizeof cfg->upstream_host, s ? s : "telemetry.internal");
    s = ini_get(ini, "upstream", "token_env");
    copy_field(cfg->upstream_token_env, sizeof cfg->upstream_token_env, s ? s : "COLLECTOR_UPSTREAM_TOKEN");
    return 0;
}

void *alloc_batch(size_t items, size_t item_size)
{
    if (item_size != 0 && items > SIZE_MAX / item_size)
        return NULL;
    return calloc(items, item_size);
}

void collector_config_dump(const struct collector_config *cfg, FILE *out)
{
    fprintf(out, "listen      %s:%u\n", cfg->listen_addr, cfg->listen_port);
    fprintf(out, "flush       %u ms\n", cfg->flush_interval_ms);
    fprintf(out, "max batch   %zu\n", cfg->max_batch);
    fprintf(out, "spool dir   %s\n", cfg->spool_dir);
    fprintf(out, "upstream    %s (token from $%s)\n", cfg->upstream_host, cfg->upstream_token_env);
}
