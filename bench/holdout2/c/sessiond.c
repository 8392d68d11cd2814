/*
 * sessiond - presence/session daemon for the kiosk fleet.
 *
 * Wire format (big endian):
 *   uint8  type
 *   uint8  flags
 *   uint16 length
 *   uint8  payload[length]
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <syslog.h>
#include <time.h>
#include <unistd.h>

#define LISTEN_PORT 7443
#define MAX_SESSIONS 256
#define MAX_SCRATCH (48 * 1024)

enum msg_type {
    MSG_HELLO = 1,
    MSG_RENAME = 2,
    MSG_LOG = 3,
    MSG_UPLOAD = 4,
    MSG_BYE = 5,
};

struct packet_header {
    uint8_t type;
    uint8_t flags;
    uint16_t length;
} __attribute__((packed));

struct session {
    int fd;
    char user[32];
    char kiosk_id[16];
    uint8_t *scratch;
    size_t scratch_len;
    time_t last_seen;
};

static struct session *sessions[MAX_SESSIONS];

static ssize_t read_fully(int fd, void *buf, size_t len)
{
    size_t got = 0;
    while (got < len) {
        ssize_t n = recv(fd, (uint8_t *)buf + got, len - got, 0);
        if (n == 0)
            return -1;
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        got += (size_t)n;
    }
    return (ssize_t)got;
}

static void send_status(struct session *s, uint8_t code)
{
    uint8_t reply[4] = { 0x80, code, 0, 0 };
    (void)send(s->fd, reply, sizeof reply, MSG_NOSIGNAL);
}

static void session_free(struct session *s)
{
    close(s->fd);
    free(s->scratch);
    free(s);
}

static void handle_hello(struct session *s, const uint8_t *payload, uint16_t len)
{
    // expect: CWE-787
    memcpy(s->user, payload, len);
    s->user[sizeof s->user - 1] = '\0';
    syslog(LOG_INFO, "hello from user=%s fd=%d", s->user, s->fd);
    send_status(s, 0);
}

static void handle_rename(struct session *s, const uint8_t *payload, uint16_t len)
{
    if (len == 0 || len >= sizeof s->kiosk_id) {
        send_status(s, 22);
        return;
    }
    memcpy(s->kiosk_id, payload, len);
    s->kiosk_id[len] = '\0';
    syslog(LOG_INFO, "kiosk renamed to %s", s->kiosk_id);
    send_status(s, 0);
}

static void handle_log(struct session *s, const uint8_t *payload, uint16_t len)
{
    char msg[256];
    size_t n = len < sizeof msg - 1 ? len : sizeof msg - 1;
    memcpy(msg, payload, n);
    msg[n] = '\0';
    if (s->kiosk_id[0] != '\0') {
        syslog(LOG_NOTICE, "[%s] %s", s->kiosk_id, msg);
    } else {
        // expect: CWE-134
        syslog(LOG_NOTICE, msg);
    }
}

static int handle_upload(struct session *s, uint16_t declared)
{
    if (declared > MAX_SCRATCH) {
        send_status(s, 27);
        return -1;
    }
    s->scratch = malloc(declared);
    if (s->scratch == NULL)
        return -1;
    if (read_fully(s->fd, s->scratch, declared) < 0) {
        free(s->scratch);
        goto fail;
    }
    s->scratch_len = declared;
    send_status(s, 0);
    return 0;

fail:
    // expect: CWE-415
    free(s->scratch);
    s->scratch = NULL;
    s->scratch_len = 0;
    return -1;
}

static int handle_packet(int slot)
{
    struct session *s = sessions[slot];
    struct packet_header hdr;
    uint8_t payload[1024];

    if (read_fully(s->fd, &hdr, sizeof hdr) < 0)
        return -1;
    hdr.length = ntohs(hdr.length);
    s->last_seen = time(NULL);

    if (hdr.type == MSG_UPLOAD)
        return handle_upload(s, hdr.length);

    if (hdr.length > sizeof payload) {
        send_status(s, 7);
        return -1;
    }
    if (read_fully(s->fd, payload, hdr.length) < 0)
        return -1;

    switch (hdr.type) {
    case MSG_HELLO:
        handle_hello(s, payload, hdr.length);
        break;
    case MSG_RENAME:
        handle_rename(s, payload, hdr.length);
        break;
    case MSG_LOG:
        handle_log(s, payload, hdr.length);
        break;
    case MSG_BYE:
        session_free(s);
        sessions[slot] = NULL;
        // expect: CWE-416
        syslog(LOG_INFO, "session closed user=%s", s->user);
        return 0;
    default:
        send_status(s, 95);
    }
    return 0;
}

static int open_listener(void)
{
    int fd = socket(AF_INET6, SOCK_STREAM, 0);
    int one = 1;
    struct sockaddr_in6 addr;
    if (fd < 0)
        return -1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    memset(&addr, 0, sizeof addr);
    addr.sin6_family = AF_INET6;
    addr.sin6_addr = in6addr_any;
    addr.sin6_port = htons(LISTEN_PORT);
    if (bind(fd, (struct sockaddr *)&addr, sizeof addr) < 0 || listen(fd, 64) < 0) {
        close(fd);
        return -1;
    }
    return fd;
}

int main(void)
{
    struct pollfd pfds[MAX_SESSIONS + 1];
    int listener;

    openlog("sessiond", LOG_PID, LOG_DAEMON);
    listener = open_listener();
    if (listener < 0) {
        syslog(LOG_ERR, "cannot listen on %d: %m", LISTEN_PORT);
        return 1;
    }

    for (;;) {
        int n = 0;
        int slot_of[MAX_SESSIONS + 1];
        pfds[n].fd = listener;
        pfds[n].events = POLLIN;
        slot_of[n++] = -1;
        for (int i = 0; i < MAX_SESSIONS; i++) {
            if (sessions[i]) {
                pfds[n].fd = sessions[i]->fd;
                pfds[n].events = POLLIN;
                slot_of[n++] = i;
            }
        }
        if (poll(pfds, (nfds_t)n, 30000) < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        if (pfds[0].revents & POLLIN) {
            int cfd = accept(listener, NULL, NULL);
            int placed = 0;
            for (int i = 0; cfd >= 0 && i < MAX_SESSIONS; i++) {
                if (sessions[i] == NULL) {
                    sessions[i] = calloc(1, sizeof(struct session));
                    if (sessions[i] == NULL)
                        break;
                    sessions[i]->fd = cfd;
                    sessions[i]->last_seen = time(NULL);
                    placed = 1;
                    break;
                }
            }
            if (cfd >= 0 && !placed)
                close(cfd);
        }
        for (int k = 1; k < n; k++) {
            int slot = slot_of[k];
            if ((pfds[k].revents & (POLLIN | POLLHUP)) && sessions[slot]) {
                if (handle_packet(slot) < 0) {
                    session_free(sessions[slot]);
                    sessions[slot] = NULL;
                }
            }
        }
    }
    closelog();
    return 0;
}
