/*
 * telemetryd - collects UDP telemetry frames from irrigation controllers
 * and forwards aggregated readings to the farm dashboard.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <syslog.h>
#include <time.h>
#include <unistd.h>

#define TD_PORT          47011
#define TD_MAX_DATAGRAM  1500
#define TD_TAG_LEN       32
#define TD_MAX_NODES     256

struct frame_hdr {
    uint8_t  version;
    uint8_t  kind;
    uint16_t node_id;
    uint16_t reading_count;
    uint16_t tag_len;
} __attribute__((packed));

struct reading {
    uint32_t sensor;
    int32_t  value;
};

struct node_state {
    uint16_t        node_id;
    char            tag[TD_TAG_LEN];
    time_t          last_seen;
    struct reading *readings;
    size_t          nreadings;
};

static struct node_state *nodes[TD_MAX_NODES];

static struct node_state *node_lookup(uint16_t id, int create)
{
    struct node_state *n = nodes[id % TD_MAX_NODES];
    if (n && n->node_id == id) return n;
    if (!create) return NULL;
    n = calloc(1, sizeof(*n));
    if (!n) return NULL;
    n->node_id = id;
    nodes[id % TD_MAX_NODES] = n;
    return n;
}

static void node_evict(struct node_state *n)
{
    nodes[n->node_id % TD_MAX_NODES] = NULL;
    free(n->readings);
    free(n);
}

static int handle_frame(const uint8_t *buf, size_t len, const struct sockaddr_in *from)
{
    struct frame_hdr h;
    if (len < sizeof(h)) return -1;
    memcpy(&h, buf, sizeof(h));
    h.node_id = ntohs(h.node_id);
    h.reading_count = ntohs(h.reading_count);
    h.tag_len = ntohs(h.tag_len);

    const uint8_t *p = buf + sizeof(h);
    size_t remaining = len - sizeof(h);

    struct node_state *n = node_lookup(h.node_id, 1);
    if (!n) return -1;

    if (h.tag_len > remaining) return -1;
    // expect: CWE-787
    memcpy(n->tag, p, h.tag_len);
    n->tag[TD_TAG_LEN - 1] = '\0';
    p += h.tag_len;
    remaining -= h.tag_len;

    size_t count = h.reading_count;
    if (count * sizeof(struct reading) > remaining) return -1;
    struct reading *r = realloc(n->readings, count * sizeof(struct reading));
    if (!r && count) return -1;
    n->readings = r;
    memcpy(n->readings, p, count * sizeof(struct reading));
    n->nreadings = count;
    n->last_seen = time(NULL);

    if (h.kind == 0x7f) {
        char msg[128];
        snprintf(msg, sizeof(msg), "node %u (%s) from %s reported fault", h.node_id, n->tag, inet_ntoa(from->sin_addr));
        // expect: CWE-134
        syslog(LOG_WARNING, msg);
    }
    if (h.kind == 0x10) {
        node_evict(n);
        // expect: CWE-416
        syslog(LOG_INFO, "node %u left after %zu readings", n->node_id, n->nreadings);
    }
    return 0;
}

struct batch {
    uint32_t        count;
    struct reading *items;
};

static struct batch *batch_from_wire(const uint8_t *buf, size_t len)
{
    if (len < 4) return NULL;
    uint32_t count;
    memcpy(&count, buf, 4);
    count = ntohl(count);
    struct batch *b = malloc(sizeof(*b));
    if (!b) return NULL;
    b->count = count;
    // expect: CWE-190
    b->items = malloc(count * (uint32_t)sizeof(struct reading));
    if (!b->items) {
        free(b);
        return NULL;
    }
    size_t avail = (len - 4) / sizeof(struct reading);
    for (uint32_t i = 0; i < count && i < avail; i++) {
        memcpy(&b->items[i], buf + 4 + i * sizeof(struct reading), sizeof(struct reading));
    }
    return b;
}

static void batch_free(struct batch *b)
{
    if (!b) return;
    free(b->items);
    free(b);
}

int main(void)
{
    openlog("telemetryd", LOG_PID, LOG_DAEMON);
    int fd = socket(AF_INET, SOCK_DGRAM, 0);
    if (fd < 0) {
        syslog(LOG_ERR, "socket: %s", strerror(errno));
        return 1;
    }
    struct sockaddr_in addr = {0};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(TD_PORT);
    addr.sin_addr.s_addr = htonl(INADDR_ANY);
    if (bind(fd, (struct sockaddr *)&addr, sizeof(addr)) < 0) {
        syslog(LOG_ERR, "bind: %s", strerror(errno));
        return 1;
    }

    uint8_t buf[TD_MAX_DATAGRAM];
    for (;;) {
        struct sockaddr_in from;
        socklen_t fromlen = sizeof(from);
        ssize_t n = recvfrom(fd, buf, sizeof(buf), 0, (struct sockaddr *)&from, &fromlen);
        if (n <= 0) continue;
        if (buf[0] == 2) {
            struct batch *b = batch_from_wire(buf + 1, (size_t)n - 1);
            if (b) {
                syslog(LOG_DEBUG, "batch of %u readings", b->count);
                batch_free(b);
            }
            continue;
        }
        if (handle_frame(buf, (size_t)n, &from) < 0) {
            syslog(LOG_NOTICE, "dropped malformed frame from %s", inet_ntoa(from.sin_addr));
        }
    }
}
