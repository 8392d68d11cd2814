/* ringbuf.c - byte ring buffer used between the UART ISR and the protocol task. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct ringbuf {
    uint8_t *data;
    size_t   cap;     /* power of two */
    size_t   head;    /* write index (monotonic) */
    size_t   tail;    /* read index (monotonic) */
};

static int is_pow2(size_t n) { return n && !(n & (n - 1)); }

int rb_init(struct ringbuf *rb, size_t cap)
{
    if (!is_pow2(cap))
        return -1;
    rb->data = malloc(cap);
    if (!rb->data)
        return -1;
    rb->cap = cap;
    rb->head = rb->tail = 0;
    return 0;
}

void rb_destroy(struct ringbuf *rb)
{
    free(rb->data);
    rb->data = NULL;
    rb->cap = rb->head = rb->tail = 0;
}

size_t rb_used(const struct ringbuf *rb) { return rb->head - rb->tail; }
size_t rb_free(const struct ringbuf *rb) { return rb->cap - rb_used(rb); }

size_t rb_write(struct ringbuf *rb, const void *src, size_t len)
{
    const uint8_t *p = src;
    size_t space = rb_free(rb);
    size_t idx, first;

    if (len > space)
        len = space;
    idx = rb->head & (rb->cap - 1);
    first = rb->cap - idx;
    if (first > len)
        first = len;
    memcpy(rb->data + idx, p, first);
    memcpy(rb->data, p + first, len - first);
    rb->head += len;
    return len;
}

size_t rb_read(struct ringbuf *rb, void *dst, size_t len)
{
    uint8_t *p = dst;
    size_t avail = rb_used(rb);
    size_t idx, first;

    if (len > avail)
        len = avail;
    idx = rb->tail & (rb->cap - 1);
    first = rb->cap - idx;
    if (first > len)
        first = len;
    memcpy(p, rb->data + idx, first);
    memcpy(p + first, rb->data, len - first);
    rb->tail += len;
    return len;
}

int rb_peek(const struct ringbuf *rb, size_t offset, uint8_t *out)
{
    if (offset >= rb_used(rb))
        return -1;
    *out = rb->data[(rb->tail + offset) & (rb->cap - 1)];
    return 0;
}

/*
 * Extracts one '\n'-terminated line into `line` (NUL-terminated, without the
 * newline).  Lines longer than linesz-1 are truncated and the rest discarded.
 * Returns the line length, or -1 if no complete line is buffered.
 */
int rb_getline(struct ringbuf *rb, char *line, size_t linesz)
{
    size_t used = rb_used(rb);
    size_t i, n = 0;
    uint8_t c;

    if (linesz == 0)
        return -1;
    for (i = 0; i < used; i++) {
        rb_peek(rb, i, &c);
        if (c == '\n')
            break;
    }
    if (i == used)
        return -1;

    while (rb_read(rb, &c, 1) == 1 && c != '\n') {
        if (n + 1 < linesz)
            line[n++] = (char)c;
    }
    line[n] = '\0';
    return (int)n;
}

/* Copies at most the last `keep` bytes into a caller-supplied history buffer. */
size_t rb_snapshot(const struct ringbuf *rb, uint8_t *hist, size_t histsz)
{
    size_t used = rb_used(rb);
    size_t n = used < histsz ? used : histsz;
    size_t start = used - n;
    size_t i;

    for (i = 0; i < n; i++)
        rb_peek(rb, start + i, &hist[i]);
    return n;
}
