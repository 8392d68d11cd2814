/* config.c - loads /etc/gatewayd.conf (INI style) into a fixed struct. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LINE     256
#define MAX_UPSTREAM 4

struct upstream {
    char host[64];
    int  port;
};

struct gw_config {
    char            node_name[32];
    char            log_path[128];
    int             poll_ms;
    struct upstream upstreams[MAX_UPSTREAM];
    int             nupstreams;
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

static int parse_int(const char *s, int lo, int hi, int *out)
{
    char *end;
    long v;

    errno = 0;
    v = strtol(s, &end, 10);
    if (errno || end == s || *end != '\0' || v < lo || v > hi)
        return -1;
    *out = (int)v;
    return 0;
}

static void copy_field(char *dst, size_t dstsz, const char *src)
{
    strncpy(dst, src, dstsz - 1);
    dst[dstsz - 1] = '\0';
}

static int add_upstream(struct gw_config *cfg, const char *value)
{
    char tmp[MAX_LINE];
    char *colon;
    struct upstream *u;

    if (cfg->nupstreams >= MAX_UPSTREAM)
        return -1;
    snprintf(tmp, sizeof tmp, "%s", value);
    colon = strrchr(tmp, ':');
    if (!colon)
        return -1;
    *colon = '\0';
    u = &cfg->upstreams[cfg->nupstreams];
    if (strlen(tmp) >= sizeof u->host)
        return -1;
    if (parse_int(colon + 1, 1, 65535, &u->port) != 0)
        return -1;
    strcpy(u->host, tmp);
    cfg->nupstreams++;
    return 0;
}

int config_load(const char *path, struct gw_config *cfg)
{
    char line[MAX_LINE];
    char section[32] = "";
    int lineno = 0;
    FILE *f;

    memset(cfg, 0, sizeof *cfg);
    strcpy(cfg->node_name, "gateway");
    strcpy(cfg->log_path, "/var/log/gatewayd.log");
    cfg->poll_ms = 1000;

    f = fopen(path, "r");
    if (!f)
        return -1;
    while (fgets(line, sizeof line, f)) {
        char *p = trim(line), *eq, *key, *val;
        lineno++;
        if (*p == '\0' || *p == '#' || *p == ';')
            continue;
        if (*p == '[') {
            char *close_br = strchr(p, ']');
            if (!close_br)
                goto bad;
            *close_br = '\0';
            copy_field(section, sizeof section, p + 1);
            continue;
        }
        eq = strchr(p, '=');
        if (!eq)
            goto bad;
        *eq = '\0';
        key = trim(p);
        val = trim(eq + 1);

        if (strcmp(section, "node") == 0 && strcmp(key, "name") == 0) {
            copy_field(cfg->node_name, sizeof cfg->node_name, val);
        } else if (strcmp(section, "node") == 0 && strcmp(key, "log") == 0) {
            copy_field(cfg->log_path, sizeof cfg->log_path, val);
        } else if (strcmp(section, "poll") == 0 && strcmp(key, "interval_ms") == 0) {
            if (parse_int(val, 50, 60000, &cfg->poll_ms) != 0)
                goto bad;
        } else if (strcmp(section, "upstream") == 0 && strcmp(key, "server") == 0) {
            if (add_upstream(cfg, val) != 0)
                goto bad;
        } else {
            fprintf(stderr, "%s:%d: ignoring unknown key '%s'\n", path, lineno, key);
        }
    }
    fclose(f);
    return 0;

bad:
    fprintf(stderr, "%s:%d: syntax error\n", path, lineno);
    fclose(f);
    return -1;
}

void config_dump(const struct gw_config *cfg, FILE *out)
{
    int i;
    fprintf(out, "node=%s\nlog=%s\npoll=%d\n", cfg->node_name, cfg->log_path, cfg->poll_ms);
    for (i = 0; i < cfg->nupstreams; i++)
        fprintf(out, "upstream[%d]=%s:%d\n", i, cfg->upstreams[i].host, cfg->upstreams[i].port);
}
