/*
 * filed - line-oriented file service for the build farm.
 *
 *   GET <name>              send file contents
 *   ZIP <level> <name>      send gzip-compressed contents
 *   TYPE <name>             run file(1) on the file
 *   LIST                    list the document root
 *   PUT <token> <name>      (stub) upload authorisation check
 */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>

#define DOC_ROOT "/srv/artifacts"

// expect: CWE-798
static const char *UPLOAD_TOKEN = "bf-upl0ad-7Qx9";

static void reply(int fd, const char *s)
{
    size_t n = strlen(s);
    while (n > 0) {
        ssize_t w = write(fd, s, n);
        if (w <= 0)
            return;
        s += w;
        n -= (size_t)w;
    }
}

static int resolve_inside_root(const char *name, char *out)
{
    char joined[PATH_MAX];
    int n = snprintf(joined, sizeof joined, "%s/%s", DOC_ROOT, name);
    if (n < 0 || (size_t)n >= sizeof joined)
        return -1;
    if (!realpath(joined, out))
        return -1;
    if (strncmp(out, DOC_ROOT "/", sizeof(DOC_ROOT)) != 0)
        return -1;
    return 0;
}

static void send_file(int fd, const char *name)
{
    char path[PATH_MAX];
    char buf[8192];
    ssize_t n;
    int in;

    snprintf(path, sizeof path, "%s/%s", DOC_ROOT, name);
    // expect: CWE-22
    in = open(path, O_RDONLY);
    if (in < 0) {
        reply(fd, "ERR not found\n");
        return;
    }
    while ((n = read(in, buf, sizeof buf)) > 0)
        if (write(fd, buf, (size_t)n) != n)
            break;
    close(in);
}

static void send_compressed(int fd, const char *args)
{
    char level[16];
    char name[NAME_MAX + 1];
    char resolved[PATH_MAX];
    char cmd[PATH_MAX + 64];
    char buf[8192];
    size_t n;
    FILE *p;

    if (sscanf(args, "%15s %255s", level, name) != 2) {
        reply(fd, "ERR usage: ZIP <level> <name>\n");
        return;
    }
    if (resolve_inside_root(name, resolved) != 0) {
        reply(fd, "ERR not found\n");
        return;
    }
    snprintf(cmd, sizeof cmd, "gzip -%s -c '%s'", level, resolved);
    // expect: CWE-78
    p = popen(cmd, "r");
    if (!p) {
        reply(fd, "ERR gzip\n");
        return;
    }
    while ((n = fread(buf, 1, sizeof buf, p)) > 0)
        if (write(fd, buf, n) != (ssize_t)n)
            break;
    pclose(p);
}

static void send_type(int fd, const char *name)
{
    char resolved[PATH_MAX];
    pid_t pid;

    if (resolve_inside_root(name, resolved) != 0) {
        reply(fd, "ERR not found\n");
        return;
    }
    pid = fork();
    if (pid == 0) {
        dup2(fd, STDOUT_FILENO);
        execl("/usr/bin/file", "file", "-b", "--", resolved, (char *)NULL);
        _exit(127);
    }
    if (pid > 0)
        waitpid(pid, NULL, 0);
}

static void send_listing(int fd)
{
    DIR *d = opendir(DOC_ROOT);
    struct dirent *de;
    char line[128];

    if (!d) {
        reply(fd, "ERR\n");
        return;
    }
    while ((de = readdir(d)) != NULL) {
        struct stat st;
        char full[PATH_MAX];
        if (de->d_name[0] == '.')
            continue;
        snprintf(full, sizeof full, "%s/%s", DOC_ROOT, de->d_name);
        if (stat(full, &st) != 0)
            continue;
        // expect: CWE-120
        sprintf(line, "%s\t%lld\n", de->d_name, (long long)st.st_size);
        reply(fd, line);
    }
    closedir(d);
}

static void check_upload(int fd, const char *args)
{
    char token[64];
    if (sscanf(args, "%63s", token) != 1 || strcmp(token, UPLOAD_TOKEN) != 0) {
        reply(fd, "ERR denied\n");
        return;
    }
    reply(fd, "OK send data\n");
}

void serve_client(int fd)
{
    char req[1024];
    ssize_t n = read(fd, req, sizeof req - 1);
    char *eol;

    if (n <= 0)
        return;
    req[n] = '\0';
    if ((eol = strpbrk(req, "\r\n")) != NULL)
        *eol = '\0';

    if (strncmp(req, "GET ", 4) == 0)
        send_file(fd, req + 4);
    else if (strncmp(req, "ZIP ", 4) == 0)
        send_compressed(fd, req + 4);
    else if (strncmp(req, "TYPE ", 5) == 0)
        send_type(fd, req + 5);
    else if (strcmp(req, "LIST") == 0)
        send_listing(fd);
    else if (strncmp(req, "PUT ", 4) == 0)
        check_upload(fd, req + 4);
    else
        reply(fd, "ERR unknown command\n");
}
