/*
 * ini_config.c - minimal INI reader used by the agent and its plugins.
 *
 * Plugins may ship their own .ini files, which are loaded from the plugin
 * directory and are not trusted more than the plugin archive itself.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ini_config.h"

#define MAX_ENTRIES 128
#define KEY_LEN 64
#define VAL_LEN 256

struct ini_entry {
    char section[KEY_LEN];
    char key[KEY_LEN];
    char value[VAL_LEN];
};

struct ini_file {
    struct ini_entry entries[MAX_ENTRIES];
    int count;
    char source[256];
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

static int parse_pair(struct ini_entry *e, const char *section, char *line)
{
    char *p = line;
    int i = 0;
    char *val;
    size_t vlen;

    strncpy(e->section, section, sizeof(e->section) - 1);
    e->section[sizeof(e->section) - 1] = '\0';

    while (*p != '\0' && *p != '=' && !isspace((unsigned char)*p)) {
        // expect: CWE-787
        e->key[i++] = *p++;
    }
    e->key[i] = '\0';

    val = strchr(p, '=');
    if (val == NULL)
        return -1;
    val = trim(val + 1);

    /* strip optional quotes */
    vlen = strlen(val);
    if (vlen >= 2 && val[0] == '"' && val[vlen - 1] == '"') {
        val++;
        vlen -= 2;
    }
    // expect: CWE-787
    memcpy(e->value, val, vlen);
    e->value[vlen] = '\0';
    return 0;
}

struct ini_file *ini_load(const char *dir, const char *name)
{
    char path[256];
    char line[1024];
    char section[KEY_LEN] = "global";
    struct ini_file *ini;
    FILE *fp;

    if (strlen(dir) + 2 > sizeof(path))
        return NULL;
    strcpy(path, dir);
    strcat(path, "/");
    // expect: CWE-787
    strncat(path, name, sizeof(path));

    fp = fopen(path, "r");
    if (fp == NULL)
        return NULL;

    ini = calloc(1, sizeof(*ini));
    if (ini == NULL) {
        fclose(fp);
        return NULL;
    }
    snprintf(ini->source, sizeof(ini->source), "%s", path);

    while (fgets(line, sizeof(line), fp) != NULL) {
        char *s = trim(line);

        if (*s == '\0' || *s == ';' || *s == '#')
            continue;
        if (*s == '[') {
            char *close = strchr(s, ']');
            if (close == NULL)
                continue;
            *close = '\0';
            snprintf(section, sizeof(section), "%s", s + 1);
            continue;
        }
        if (ini->count >= MAX_ENTRIES)
            break;
        if (parse_pair(&ini->entries[ini->count], section, s) == 0)
            ini->count++;
    }
    fclose(fp);
    return ini;
}

const char *ini_get(const struct ini_file *ini, const char *section, const char *key)
{
    int i;

    for (i = 0; i < ini->count; i++) {
        if (strcmp(ini->entries[i].section, section) == 0 &&
            strcmp(ini->entries[i].key, key) == 0)
            return ini->entries[i].value;
    }
    return NULL;
}

int ini_get_int(const struct ini_file *ini, const char *section, const char *key, int def)
{
    const char *v = ini_get(ini, section, key);
    char *end;
    long n;

    if (v == NULL)
        return def;
    n = strtol(v, &end, 10);
    return (*end == '\0') ? (int)n : def;
}

void ini_free(struct ini_file *ini)
{
    free(ini);
}
