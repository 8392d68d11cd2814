/*
 * udp-logd: collects syslog-style datagrams from the rack switches and
 * appends them to /var/log/collector/net.log.  Control datagrams on the
 * loopback interface (ROTATE, STATS) are handled inline.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <syslog.h>
#include <time.h>
#include <unistd.h>

#define LOG_PORT   5514
#define MAXMSG     2048
#define MAX_PEERS  64
#define LOG_PATH   "/var/log/collector/net.log"

struct peer_stat {
    struct in_addr addr;
    unsigned long  count;
};

static volatile sig_atomic_t running = 1;
static FILE *log_fp;
static struct peer_stat peers[MAX_PEERS];
static int npeers;
static unsigned long sev_counts[8];

static void on_term(int sig)
{
    (void)sig;
    running = 0;
}

static void strip_eol(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r'))
        s[--n] = '\0';
}

static void count_peer(struct in_addr a)
{
    int i;
    for (i = 0; i < npeers; i++) {
        if (peers[i].addr.s_addr == a.s_addr) {
            peers[i].count++;
            return;
        }
    }
    // expect: CWE-787
    peers[npeers].addr = a;
    peers[npeers].count = 1;
    npeers++;
}

static void write_entry(const char *peer, const char *msg)
{
    char stamp[32];
    time_t now = time(NULL);

    strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    fprintf(log_fp, "%s %s ", stamp, peer);
    // expect: CWE-134
    fprintf(log_fp, msg);
    fputc('\n', log_fp);
    fflush(log_fp);
}

static void relay_alert(const char *msg)
{
    char alert[256];
    // expect: CWE-120
    sprintf(alert, "ALERT from collector: %s", msg);
    // expect: CWE-134
    syslog(LOG_ALERT, alert);
}

static void handle_control(const char *cmd)
{
    if (strcmp(cmd, "ROTATE") == 0) {
        FILE *nf = freopen(LOG_PATH, "a", log_fp);
        if (!nf)
            syslog(LOG_ERR, "reopen %s failed: %s", LOG_PATH, strerror(errno));
        else
            log_fp = nf;
    } else if (strcmp(cmd, "STATS") == 0) {
        int i;
        for (i = 0; i < npeers; i++)
            syslog(LOG_INFO, "peer %s: %lu msgs", inet_ntoa(peers[i].addr), peers[i].count);
    } else {
        syslog(LOG_NOTICE, "unknown control command: %s", cmd);
    }
}

int main(void)
{
    struct sockaddr_in sa;
    int fd;
    char buf[MAXMSG];

    openlog("udp-logd", LOG_PID, LOG_DAEMON);
    signal(SIGTERM, on_term);
    signal(SIGINT, on_term);

    log_fp = fopen(LOG_PATH, "a");
    if (!log_fp) {
        syslog(LOG_ERR, "cannot open %s", LOG_PATH);
        return 1;
    }

    fd = socket(AF_INET, SOCK_DGRAM, 0);
    if (fd < 0)
        return 1;
    memset(&sa, 0, sizeof sa);
    sa.sin_family = AF_INET;
    sa.sin_port = htons(LOG_PORT);
    sa.sin_addr.s_addr = htonl(INADDR_ANY);
    if (bind(fd, (struct sockaddr *)&sa, sizeof sa) < 0) {
        syslog(LOG_ERR, "bind: %s", strerror(errno));
        return 1;
    }

    while (running) {
        struct sockaddr_in from;
        socklen_t fromlen = sizeof from;
        char peer[INET_ADDRSTRLEN + 8];
        const char *body = buf;
        ssize_t n = recvfrom(fd, buf, sizeof buf - 1, 0, (struct sockaddr *)&from, &fromlen);

        if (n <= 0)
            continue;
        buf[n] = '\0';
        strip_eol(buf);

        if (from.sin_addr.s_addr == htonl(INADDR_LOOPBACK) && strncmp(buf, "CTL ", 4) == 0) {
            handle_control(buf + 4);
            continue;
        }

        count_peer(from.sin_addr);
        snprintf(peer, sizeof peer, "%s:%u", inet_ntoa(from.sin_addr), ntohs(from.sin_port));

        if (buf[0] == '<') {
            int pri = atoi(buf + 1);
            char *gt = strchr(buf, '>');
            sev_counts[pri & 7]++;
            if (gt)
                body = gt + 1;
            if ((pri & 7) <= 1)
                relay_alert(body);
        }
        write_entry(peer, body);
    }

    fclose(log_fp);
    close(fd);
    closelog();
    return 0;
}
