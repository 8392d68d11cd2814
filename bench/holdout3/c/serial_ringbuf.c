/*
 * serial_ringbuf.c - lock-free single-producer/single-consumer ring buffer
 * used by the UART driver of the cold-chain temperature logger, plus the
 * line assembler that turns received bytes into NMEA-style records.
 */
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RB_CAPACITY   512u              /* must be a power of two */
#define LINE_MAX_LEN  96u

typedef struct {
    uint8_t          data[RB_CAPACITY];
    _Atomic uint32_t head;
    _Atomic uint32_t tail;
} ringbuf_t;

typedef struct {
    char   buf[LINE_MAX_LEN + 1];
    size_t len;
    int    overflowed;
} line_asm_t;

typedef struct {
    char     sensor_id[12];
    int32_t  centi_celsius;
    uint32_t seq;
} reading_t;

void rb_init(ringbuf_t *rb)
{
    atomic_store(&rb->head, 0);
    atomic_store(&rb->tail, 0);
}

size_t rb_push(ringbuf_t *rb, const uint8_t *src, size_t n)
{
    uint32_t head = atomic_load_explicit(&rb->head, memory_order_relaxed);
    uint32_t tail = atomic_load_explicit(&rb->tail, memory_order_acquire);
    size_t space = RB_CAPACITY - (head - tail);
    if (n > space) n = space;
    for (size_t i = 0; i < n; i++) {
        rb->data[(head + i) & (RB_CAPACITY - 1)] = src[i];
    }
    atomic_store_explicit(&rb->head, head + (uint32_t)n, memory_order_release);
    return n;
}

size_t rb_pop(ringbuf_t *rb, uint8_t *dst, size_t cap)
{
    uint32_t tail = atomic_load_explicit(&rb->tail, memory_order_relaxed);
    uint32_t head = atomic_load_explicit(&rb->head, memory_order_acquire);
    size_t avail = head - tail;
    size_t n = avail < cap ? avail : cap;
    for (size_t i = 0; i < n; i++) {
        dst[i] = rb->data[(tail + i) & (RB_CAPACITY - 1)];
    }
    atomic_store_explicit(&rb->tail, tail + (uint32_t)n, memory_order_release);
    return n;
}

/* Returns 1 when a complete line is available in la->buf. */
int line_feed(line_asm_t *la, uint8_t byte)
{
    if (byte == '\r') return 0;
    if (byte == '\n') {
        int complete = !la->overflowed && la->len > 0;
        la->buf[la->len] = '\0';
        la->len = 0;
        la->overflowed = 0;
        return complete;
    }
    if (la->len < LINE_MAX_LEN) {
        la->buf[la->len++] = (char)byte;
    } else {
        la->overflowed = 1;
    }
    return 0;
}

int parse_reading(const char *line, reading_t *out)
{
    char id[sizeof(out->sensor_id)];
    long temp;
    unsigned long seq;
    char *end;

    if (strncmp(line, "$TMP,", 5) != 0) return -1;
    const char *p = line + 5;
    size_t idlen = strcspn(p, ",");
    if (idlen == 0 || idlen >= sizeof(id)) return -1;
    memcpy(id, p, idlen);
    id[idlen] = '\0';
    p += idlen + 1;

    temp = strtol(p, &end, 10);
    if (end == p || *end != ',' || temp < -5000 || temp > 15000) return -1;
    p = end + 1;
    seq = strtoul(p, &end, 10);
    if (end == p || (*end != '\0' && *end != '*')) return -1;

    snprintf(out->sensor_id, sizeof(out->sensor_id), "%s", id);
    out->centi_celsius = (int32_t)temp;
    out->seq = (uint32_t)seq;
    return 0;
}

reading_t *readings_alloc(size_t count)
{
    if (count == 0 || count > SIZE_MAX / sizeof(reading_t)) return NULL;
    return calloc(count, sizeof(reading_t));
}

void format_reading(char *dst, size_t dstlen, const reading_t *r)
{
    int whole = r->centi_celsius / 100;
    int frac = abs(r->centi_celsius % 100);
    snprintf(dst, dstlen, "%s #%lu: %d.%02d C", r->sensor_id, (unsigned long)r->seq, whole, frac);
}

void log_line(FILE *out, const char *line)
{
    fprintf(out, "[rx] %s\n", line);
}
