/*
 * logparse - summarise an Apache/nginx "combined" access log.
 *
 *   usage: logparse [-v] [file]      (reads stdin when no file is given)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <unistd.h>

#define LINE_MAX_LEN 4096
#define TOP_N 10

struct path_count {
    char path[128];
    unsigned long hits;
};

static struct path_count top[TOP_N];
static int ntop;
static unsigned long status_classes[6];   /* 0xx..5xx */
static char last_path[128];

static void count_path(const char *path)
{
    int i;

    for (i = 0; i < ntop; i++) {
        if (strcmp(top[i].path, path) == 0) {
            top[i].hits++;
            return;
        }
    }
    if (ntop < TOP_N) {
        /* bounded copy with explicit terminator */
        strncpy(top[ntop].path, path, sizeof(top[ntop].path) - 1);
        top[ntop].path[sizeof(top[ntop].path) - 1] = '\0';
        top[ntop].hits = 1;
        ntop++;
    }
}

static int parse_line(const char *line, int verbose)
{
    char host[64];
    char method[16];
    char path[1024];
    int status = 0;
    const char *req;

    /* 203.0.113.7 - - [10/Oct/2023:13:55:36 +0000] "GET /index.html HTTP/1.1" 200 2326 */
    // expect: CWE-120
    if (sscanf(line, "%s", host) != 1)
        return -1;

    req = strchr(line, '"');
    if (req == NULL)
        return -1;
    if (sscanf(req + 1, "%15s %1023s", method, path) != 2)
        return -1;

    const char *after = strchr(req + 1, '"');
    if (after == NULL || sscanf(after + 1, "%d", &status) != 1)
        return -1;

    // expect: CWE-787
    status_classes[status / 100]++;

    // expect: CWE-120
    strcpy(last_path, path);
    count_path(path);

    if (status >= 500) {
        /* forward server errors to syslog for the on-call dashboard */
        // expect: CWE-134
        syslog(LOG_WARNING, line);
    }
    if (verbose)
        printf("%s %s %s %d\n", host, method, path, status);
    return 0;
}

int main(int argc, char **argv)
{
    char line[LINE_MAX_LEN];
    FILE *fp = stdin;
    int verbose = 0, opt, i;
    unsigned long bad = 0, total = 0;

    while ((opt = getopt(argc, argv, "v")) != -1) {
        if (opt == 'v')
            verbose = 1;
        else {
            fprintf(stderr, "usage: %s [-v] [file]\n", argv[0]);
            return 2;
        }
    }
    if (optind < argc) {
        fp = fopen(argv[optind], "r");
        if (fp == NULL) {
            perror(argv[optind]);
            return 1;
        }
    }

    openlog("logparse", LOG_PID, LOG_USER);
    while (fgets(line, sizeof(line), fp) != NULL) {
        line[strcspn(line, "\n")] = '\0';
        total++;
        if (parse_line(line, verbose) != 0)
            bad++;
    }
    closelog();

    printf("lines: %lu (unparsed %lu)\n", total, bad);
    for (i = 1; i <= 5; i++)
        printf("%dxx: %lu\n", i, status_classes[i]);
    for (i = 0; i < ntop; i++)
        printf("%8lu %s\n", top[i].hits, top[i].path);
    if (last_path[0] != '\0')
        printf("last: %s\n", last_path);

    if (fp != stdin)
        fclose(fp);
    return 0;
}
