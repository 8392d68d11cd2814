/*
 * netdiag.cgi - "Diagnostics" page of the router web UI.
 * tool=ping|trace|arp|dns|log  host=<hostname or address>  file=<log name>
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static void cgi_header(void)
{
    printf("Content-Type: text/plain\r\n\r\n");
    fflush(stdout);
}

/* Extract a parameter from the query string (no URL decoding needed for our form). */
static const char *param(const char *qs, const char *name, char *buf, size_t len)
{
    const char *p = strstr(qs, name);
    size_t n;

    if (p == NULL || p[strlen(name)] != '=')
        return NULL;
    p += strlen(name) + 1;
    n = strcspn(p, "&");
    if (n >= len)
        n = len - 1;
    memcpy(buf, p, n);
    buf[n] = '\0';
    return buf;
}

/* Runs a program directly with an argument vector. */
static int run_argv(char *const argv[])
{
    pid_t pid = fork();
    int status;

    if (pid < 0)
        return -1;
    if (pid == 0) {
        dup2(STDOUT_FILENO, STDERR_FILENO);
        execvp(argv[0], argv);
        _exit(127);
    }
    if (waitpid(pid, &status, 0) < 0)
        return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int main(void)
{
    const char *qs = getenv("QUERY_STRING");
    char tool[16];
    char host[256];
    char cmd[512];
    char iface[32];
    char line[256];
    FILE *p;

    cgi_header();
    if (qs == NULL || param(qs, "tool", tool, sizeof(tool)) == NULL) {
        printf("missing tool\n");
        return 0;
    }
    if (param(qs, "host", host, sizeof(host)) == NULL)
        host[0] = '\0';

    /* The UI selects the source interface with an X-Iface header, e.g. "br-lan". */
    const char *env_iface = getenv("HTTP_X_IFACE");
    if (env_iface == NULL)
        env_iface = "br-lan";
    // expect: CWE-120
    strcpy(iface, env_iface);

    if (strcmp(tool, "ping") == 0) {
        snprintf(cmd, sizeof(cmd), "ping -c 4 -W 2 -I %s %s 2>&1", iface, host);
        // expect: CWE-78
        system(cmd);
    } else if (strcmp(tool, "trace") == 0) {
        snprintf(cmd, sizeof(cmd), "traceroute -w 2 -q 1 %s", host);
        // expect: CWE-78
        p = popen(cmd, "r");
        if (p != NULL) {
            while (fgets(line, sizeof(line), p) != NULL)
                fputs(line, stdout);
            pclose(p);
        }
    } else if (strcmp(tool, "dns") == 0) {
        char *argv[] = { "nslookup", host, NULL };
        if (host[0] == '-') {
            printf("invalid host\n");
            return 0;
        }
        run_argv(argv);
    } else if (strcmp(tool, "log") == 0) {
        char file[64];
        char logpath[128];
        FILE *lf;
        if (param(qs, "file", file, sizeof(file)) == NULL)
            strcpy(file, "messages");
        snprintf(logpath, sizeof(logpath), "/var/log/%s", file);
        // expect: CWE-22
        lf = fopen(logpath, "r");
        if (lf == NULL) {
            printf("no such log\n");
            return 0;
        }
        while (fgets(line, sizeof(line), lf) != NULL)
            fputs(line, stdout);
        fclose(lf);
    } else if (strcmp(tool, "arp") == 0) {
        /* constant command line */
        system("cat /proc/net/arp");
    } else {
        printf("unknown tool\n");
    }
    return 0;
}
