/*
 * thumbd - reads upload names (one per line) from stdin, sent by the web
 * frontend, and generates 256px thumbnails with ImageMagick.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define UPLOAD_DIR "/srv/uploads"
#define THUMB_DIR  "/srv/thumbs"
#define CONVERT    "/usr/bin/convert"

/* Resolves name under base; returns 0 only if the result stays inside base. */
static int resolve_inside(const char *base, const char *name, char *out)
{
    char joined[PATH_MAX];
    size_t blen = strlen(base);

    if (snprintf(joined, sizeof(joined), "%s/%s", base, name) >= (int)sizeof(joined))
        return -1;
    if (realpath(joined, out) == NULL)
        return -1;
    if (strncmp(out, base, blen) != 0 || out[blen] != '/')
        return -1;
    return 0;
}

static int valid_name(const char *name)
{
    size_t n = strlen(name);

    if (n == 0 || n > 100)
        return 0;
    for (size_t i = 0; i < n; i++) {
        char c = name[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '-' || c == '_' || c == '.'))
            return 0;
    }
    return name[0] != '.';
}

static int make_thumb(const char *src, const char *dst)
{
    char *const argv[] = { CONVERT, (char *)src, "-thumbnail", "256x256>", "-strip", (char *)dst, NULL };
    pid_t pid;
    int status;

    pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        execv(CONVERT, argv);
        _exit(127);
    }
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR)
            return -1;
    }
    return (WIFEXITED(status) && WEXITSTATUS(status) == 0) ? 0 : -1;
}

int main(void)
{
    char line[256];
    char src[PATH_MAX];
    char dst[PATH_MAX];
    struct stat st;

    umask(022);
    while (fgets(line, sizeof(line), stdin) != NULL) {
        line[strcspn(line, "\r\n")] = '\0';

        if (!valid_name(line)) {
            fprintf(stderr, "thumbd: rejected name\n");
            continue;
        }
        if (resolve_inside(UPLOAD_DIR, line, src) != 0 || stat(src, &st) != 0 || !S_ISREG(st.st_mode)) {
            fprintf(stderr, "thumbd: no such upload: %s\n", line);
            continue;
        }
        if (snprintf(dst, sizeof(dst), "%s/%s.jpg", THUMB_DIR, line) >= (int)sizeof(dst))
            continue;

        if (make_thumb(src, dst) == 0)
            printf("ok %s\n", line);
        else
            printf("fail %s\n", line);
        fflush(stdout);
    }
    return 0;
}
