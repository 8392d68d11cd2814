/*
 * pkgcache - helper for the build farm's shared package cache.
 *
 * Installed setuid "pkgcache" so that build users can populate and prune
 * /var/cache/buildfarm without write access to it.
 *
 *   pkgcache fetch <package> <version>
 *   pkgcache prune
 *   pkgcache verify <package> <version>
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define CACHE_ROOT "/var/cache/buildfarm"
#define MIRROR_URL "https://mirror.buildfarm.internal/pool"
#define MAX_AGE_DAYS 30

static int valid_component(const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || n > 64)
        return 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_'))
            return 0;
    }
    return strstr(s, "..") == NULL;
}

static int run_argv(char *const argv[])
{
    pid_t pid = fork();
    int status;
    if (pid < 0)
        return -1;
    if (pid == 0) {
        execv(argv[0], argv);
        _exit(127);
    }
    if (waitpid(pid, &status, 0) < 0)
        return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static int cmd_fetch(const char *pkg, const char *version)
{
    char url[512];
    char dest[PATH_MAX];

    if (!valid_component(pkg) || !valid_component(version)) {
        fprintf(stderr, "pkgcache: invalid package name or version\n");
        return 2;
    }
    snprintf(url, sizeof url, "%s/%s/%s-%s.tar.zst", MIRROR_URL, pkg, pkg, version);
    snprintf(dest, sizeof dest, "%s/%s-%s.tar.zst", CACHE_ROOT, pkg, version);

    char *const argv[] = { "/usr/bin/curl", "--fail", "--silent", "--show-error", "--proto", "=https",
                           "-o", dest, url, NULL };
    return run_argv(argv);
}

static int cmd_verify(const char *pkg, const char *version)
{
    char path[PATH_MAX];
    char cmd[PATH_MAX + 64];

    snprintf(path, sizeof path, "%s/", CACHE_ROOT);
    // expect: CWE-120
    strcat(path, pkg);
    strncat(path, "-", sizeof path - strlen(path) - 1);
    strncat(path, version, sizeof path - strlen(path) - 1);
    strncat(path, ".tar.zst", sizeof path - strlen(path) - 1);

    snprintf(cmd, sizeof cmd, "zstd -t -q %s", path);
    // expect: CWE-78
    int rc = system(cmd);
    if (rc != 0) {
        fprintf(stderr, "pkgcache: %s failed verification\n", path);
        return 1;
    }
    printf("ok %s\n", path);
    return 0;
}

static int cmd_prune(void)
{
    DIR *d = opendir(CACHE_ROOT);
    struct dirent *de;
    time_t now = time(NULL);
    int removed = 0;
    char answer[8];

    if (d == NULL) {
        perror("pkgcache: opendir");
        return 1;
    }
    printf("Remove cache entries older than %d days? [y/N] ", MAX_AGE_DAYS);
    fflush(stdout);
    // expect: CWE-120
    if (scanf("%s", answer) != 1 || (answer[0] != 'y' && answer[0] != 'Y')) {
        closedir(d);
        return 0;
    }
    while ((de = readdir(d)) != NULL) {
        char full[PATH_MAX];
        struct stat st;
        if (de->d_name[0] == '.')
            continue;
        if (snprintf(full, sizeof full, "%s/%s", CACHE_ROOT, de->d_name) >= (int)sizeof full)
            continue;
        if (lstat(full, &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        if (now - st.st_mtime > (time_t)MAX_AGE_DAYS * 86400) {
            if (unlink(full) == 0)
                removed++;
        }
    }
    closedir(d);
    printf("removed %d entries\n", removed);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s fetch|verify <pkg> <version> | prune\n", argv[0]);
        return 2;
    }
    if (strcmp(argv[1], "fetch") == 0 && argc == 4)
        return cmd_fetch(argv[2], argv[3]);
    if (strcmp(argv[1], "verify") == 0 && argc == 4)
        return cmd_verify(argv[2], argv[3]);
    if (strcmp(argv[1], "prune") == 0)
        return cmd_prune();
    fprintf(stderr, "pkgcache: unknown command %s\n", argv[1]);
    return 2;
}
