/*
 * statusd - line-based status protocol on a UNIX socket.
 *
 *   HELLO <client-name>   -> OK <session-token>
 *   UPTIME                -> OK <seconds>
 *   ECHO <text>           -> OK <text>
 *   QUIT
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/sysinfo.h>
#include <sys/un.h>
#include <syslog.h>
#include <unistd.h>

#define SOCK_PATH "/run/statusd.sock"
#define LINE_LEN 512

struct client {
    int fd;
    char name[32];
    char token[33];
};

static int reply(int fd, const char *status, const char *text)
{
    char out[LINE_LEN + 16];
    int n = snprintf(out, sizeof(out), "%s %s\n", status, text);

    if (n < 0)
        return -1;
    if ((size_t)n >= sizeof(out))
        n = (int)sizeof(out) - 1;
    return send(fd, out, (size_t)n, MSG_NOSIGNAL) == n ? 0 : -1;
}

static int new_token(char out[33])
{
    unsigned char raw[16];
    static const char hex[] = "0123456789abcdef";

    if (getrandom(raw, sizeof(raw), 0) != (ssize_t)sizeof(raw))
        return -1;
    for (int i = 0; i < 16; i++) {
        out[2 * i] = hex[raw[i] >> 4];
        out[2 * i + 1] = hex[raw[i] & 15];
    }
    out[32] = '\0';
    return 0;
}

static void serve(struct client *c)
{
    char line[LINE_LEN];
    size_t used = 0;
    ssize_t n;

    strcpy(c->name, "anonymous");
    while ((n = recv(c->fd, line + used, sizeof(line) - 1 - used, 0)) > 0) {
        char *nl;
        used += (size_t)n;
        line[used] = '\0';

        while ((nl = strchr(line, '\n')) != NULL) {
            *nl = '\0';
            if (strncmp(line, "HELLO ", 6) == 0) {
                snprintf(c->name, sizeof(c->name), "%s", line + 6);
                if (new_token(c->token) != 0) {
                    reply(c->fd, "ERR", "entropy");
                    return;
                }
                syslog(LOG_INFO, "client %s connected", c->name);
                reply(c->fd, "OK", c->token);
            } else if (strcmp(line, "UPTIME") == 0) {
                struct sysinfo si;
                char buf[32];
                sysinfo(&si);
                snprintf(buf, sizeof(buf), "%ld", si.uptime);
                reply(c->fd, "OK", buf);
            } else if (strncmp(line, "ECHO ", 5) == 0) {
                reply(c->fd, "OK", line + 5);
            } else if (strcmp(line, "QUIT") == 0) {
                return;
            } else {
                syslog(LOG_NOTICE, "%s: unknown command '%.40s'", c->name, line);
                reply(c->fd, "ERR", "unknown command");
            }
            used -= (size_t)(nl + 1 - line);
            memmove(line, nl + 1, used + 1);
        }
        if (used == sizeof(line) - 1) {
            reply(c->fd, "ERR", "line too long");
            return;
        }
    }
}

int main(void)
{
    struct sockaddr_un addr;
    int srv;

    openlog("statusd", LOG_PID, LOG_DAEMON);
    srv = socket(AF_UNIX, SOCK_STREAM, 0);
    if (srv < 0)
        return 1;

    memset(&addr, 0, sizeof(addr));
    addr.sun_family = AF_UNIX;
    strncpy(addr.sun_path, SOCK_PATH, sizeof(addr.sun_path) - 1);
    unlink(SOCK_PATH);
    if (bind(srv, (struct sockaddr *)&addr, sizeof(addr)) < 0 || listen(srv, 8) < 0) {
        syslog(LOG_ERR, "bind %s: %m", SOCK_PATH);
        return 1;
    }

    for (;;) {
        struct client c;
        memset(&c, 0, sizeof(c));
        c.fd = accept(srv, NULL, NULL);
        if (c.fd < 0)
            continue;
        serve(&c);
        close(c.fd);
    }
}
