/*
 * status.cgi - shows the state of the print queues on the office print server.
 *   ?queue=<n>&sort=name|size&msg=<text>
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NQUEUES   4
#define MAX_JOBS  64

struct job {
    char     owner[32];
    char     title[96];
    unsigned size_kb;
};

static const char *queue_names[NQUEUES] = { "lobby", "finance", "design", "plotter" };

static void html_out(const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", stdout); break;
        case '>': fputs("&gt;", stdout); break;
        case '&': fputs("&amp;", stdout); break;
        case '"': fputs("&quot;", stdout); break;
        case '\'': fputs("&#39;", stdout); break;
        default: putchar(*s);
        }
    }
}

static int query_value(const char *qs, const char *key, char *out, size_t outsz)
{
    size_t klen = strlen(key);
    const char *p = qs;

    while (p && *p) {
        if (strncmp(p, key, klen) == 0 && p[klen] == '=') {
            const char *v = p + klen + 1;
            size_t n = strcspn(v, "&");
            if (n >= outsz)
                n = outsz - 1;
            memcpy(out, v, n);
            out[n] = '\0';
            return 0;
        }
        p = strchr(p, '&');
        if (p)
            p++;
    }
    return -1;
}

static int load_jobs(int queue, struct job *jobs, int max)
{
    char path[64];
    char line[256];
    int n = 0;
    FILE *f;

    snprintf(path, sizeof path, "/var/spool/officeprint/%s.queue", queue_names[queue]);
    f = fopen(path, "r");
    if (!f)
        return 0;
    while (n < max && fgets(line, sizeof line, f)) {
        char owner[32], title[96];
        unsigned kb;
        if (sscanf(line, "%31[^|]|%95[^|]|%u", owner, title, &kb) != 3)
            continue;
        snprintf(jobs[n].owner, sizeof jobs[n].owner, "%s", owner);
        snprintf(jobs[n].title, sizeof jobs[n].title, "%s", title);
        jobs[n].size_kb = kb;
        n++;
    }
    fclose(f);
    return n;
}

static int by_size(const void *a, const void *b)
{
    const struct job *x = a, *y = b;
    return (x->size_kb < y->size_kb) - (x->size_kb > y->size_kb);
}

static int by_owner(const void *a, const void *b)
{
    return strcmp(((const struct job *)a)->owner, ((const struct job *)b)->owner);
}

int main(void)
{
    const char *qs = getenv("QUERY_STRING");
    char val[64];
    char msg[128] = "";
    struct job jobs[MAX_JOBS];
    int queue = 0, njobs, i;
    char stamp[32];
    time_t now = time(NULL);

    if (!qs)
        qs = "";
    if (query_value(qs, "queue", val, sizeof val) == 0) {
        long q = strtol(val, NULL, 10);
        if (q >= 0 && q < NQUEUES)
            queue = (int)q;
    }
    query_value(qs, "msg", msg, sizeof msg);

    njobs = load_jobs(queue, jobs, MAX_JOBS);
    if (query_value(qs, "sort", val, sizeof val) == 0 && strcmp(val, "size") == 0)
        qsort(jobs, (size_t)njobs, sizeof jobs[0], by_size);
    else
        qsort(jobs, (size_t)njobs, sizeof jobs[0], by_owner);

    strftime(stamp, sizeof stamp, "%H:%M:%S", localtime(&now));
    printf("Content-Type: text/html; charset=utf-8\r\n\r\n");
    printf("<html><body><h1>Queue %s</h1><p>as of %s</p>\n", queue_names[queue], stamp);
    if (msg[0]) {
        printf("<p class=\"note\">");
        html_out(msg);
        printf("</p>\n");
    }
    printf("<table><tr><th>Owner</th><th>Title</th><th>KB</th></tr>\n");
    for (i = 0; i < njobs; i++) {
        printf("<tr><td>");
        html_out(jobs[i].owner);
        printf("</td><td>");
        html_out(jobs[i].title);
        printf("</td><td>%u</td></tr>\n", jobs[i].size_kb);
    }
    printf("</table></body></html>\n");
    return 0;
}
