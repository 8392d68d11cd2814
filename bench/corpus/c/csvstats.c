/*
 * csvstats - per-column statistics for numeric CSV exports.
 *
 *   usage: csvstats file.csv [column-name ...]
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_COLS 64
#define NAME_LEN 48

struct column {
    char name[NAME_LEN];
    double sum, min, max;
    unsigned long n;
    int selected;
};

/* Splits line on commas in place; returns number of fields (<= max). */
static int split_csv(char *line, char **fields, int max)
{
    int n = 0;
    char *p = line;

    while (n < max) {
        fields[n++] = p;
        p = strchr(p, ',');
        if (p == NULL)
            break;
        *p++ = '\0';
    }
    return n;
}

static int parse_double(const char *s, double *out)
{
    char *end;

    errno = 0;
    *out = strtod(s, &end);
    return (errno == 0 && end != s && (*end == '\0' || *end == '\r')) ? 0 : -1;
}

int main(int argc, char **argv)
{
    char line[8192];
    char *fields[MAX_COLS];
    struct column *cols;
    int ncols, i, j;
    FILE *fp;

    if (argc < 2) {
        fprintf(stderr, "usage: %s file.csv [column ...]\n", argv[0]);
        return 2;
    }
    fp = fopen(argv[1], "r");
    if (fp == NULL) {
        perror(argv[1]);
        return 1;
    }
    if (fgets(line, sizeof(line), fp) == NULL) {
        fprintf(stderr, "empty file\n");
        fclose(fp);
        return 1;
    }
    line[strcspn(line, "\r\n")] = '\0';
    ncols = split_csv(line, fields, MAX_COLS);

    cols = calloc((size_t)ncols, sizeof(*cols));
    if (cols == NULL) {
        fclose(fp);
        return 1;
    }
    for (i = 0; i < ncols; i++) {
        snprintf(cols[i].name, sizeof(cols[i].name), "%s", fields[i]);
        cols[i].min = INFINITY;
        cols[i].max = -INFINITY;
        cols[i].selected = (argc == 2);
        for (j = 2; j < argc; j++) {
            if (strcmp(argv[j], cols[i].name) == 0)
                cols[i].selected = 1;
        }
    }

    while (fgets(line, sizeof(line), fp) != NULL) {
        int nf;

        line[strcspn(line, "\r\n")] = '\0';
        nf = split_csv(line, fields, MAX_COLS);
        for (i = 0; i < nf && i < ncols; i++) {
            double v;
            if (!cols[i].selected || parse_double(fields[i], &v) != 0)
                continue;
            cols[i].sum += v;
            if (v < cols[i].min)
                cols[i].min = v;
            if (v > cols[i].max)
                cols[i].max = v;
            cols[i].n++;
        }
    }
    fclose(fp);

    printf("%-*s %10s %12s %12s %12s\n", NAME_LEN - 1, "column", "count", "min", "max", "mean");
    for (i = 0; i < ncols; i++) {
        if (!cols[i].selected || cols[i].n == 0)
            continue;
        printf("%-*s %10lu %12.3f %12.3f %12.3f\n", NAME_LEN - 1, cols[i].name, cols[i].n,
               cols[i].min, cols[i].max, cols[i].sum / (double)cols[i].n);
    }
    free(cols);
    return 0;
}
