/*
 * pkt_decode.c - decoder for the sensor gateway's binary report protocol.
 *
 * Frame layout (network byte order):
 *   u8  version
 *   u8  name_len, name[name_len]
 *   u32 count, u32 item_size, items[count]
 *   u8  nopts, { u8 code, u8 len, data[len] } * nopts
 */
#include <arpa/inet.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_OPTS 8
#define NAME_MAX_LEN 32
#define NUM_CHANNELS 16

struct option_rec {
    uint8_t code;
    uint8_t len;
    uint8_t data[255];
};

struct report {
    uint8_t version;
    char name[NAME_MAX_LEN];
    uint32_t count;
    uint32_t item_size;
    uint8_t *items;
    int nopts;
    struct option_rec opts[MAX_OPTS];
    int32_t channel_totals[NUM_CHANNELS];
};

static int need(size_t have, size_t want)
{
    return have >= want ? 0 : -1;
}

static uint32_t rd32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return ntohl(v);
}

int report_decode(const uint8_t *buf, size_t len, struct report *r)
{
    const uint8_t *p = buf;
    size_t left = len;
    uint8_t name_len;
    uint32_t i;

    memset(r, 0, sizeof(*r));

    if (need(left, 2))
        return -1;
    r->version = *p++;
    name_len = *p++;
    left -= 2;
    if (need(left, name_len))
        return -1;
    // expect: CWE-787
    memcpy(r->name, p, name_len);
    r->name[NAME_MAX_LEN - 1] = '\0';
    p += name_len;
    left -= name_len;

    if (need(left, 8))
        return -1;
    r->count = rd32(p);
    r->item_size = rd32(p + 4);
    p += 8;
    left -= 8;

    // expect: CWE-190
    r->items = malloc(r->count * r->item_size);
    if (r->items == NULL)
        return -1;
    for (i = 0; i < r->count; i++) {
        if (need(left, r->item_size))
            goto fail;
        memcpy(r->items + (size_t)i * r->item_size, p, r->item_size);
        p += r->item_size;
        left -= r->item_size;
    }

    if (need(left, 1))
        goto fail;
    r->nopts = 0;
    {
        uint8_t n = *p++;
        left--;
        while (n-- > 0) {
            if (need(left, 2))
                goto fail;
            if (r->nopts > MAX_OPTS)
                goto fail;
            // expect: CWE-787
            r->opts[r->nopts].code = p[0];
            r->opts[r->nopts].len = p[1];
            if (need(left - 2, p[1]))
                goto fail;
            memcpy(r->opts[r->nopts].data, p + 2, p[1]);
            left -= 2u + p[1];
            p += 2u + p[1];
            r->nopts++;
        }
    }
    return 0;

fail:
    free(r->items);
    r->items = NULL;
    return -1;
}

/* Items of size 5: i8 channel, i32 value. */
int report_accumulate(struct report *r)
{
    uint32_t i;

    if (r->item_size != 5)
        return -1;
    for (i = 0; i < r->count; i++) {
        const uint8_t *it = r->items + (size_t)i * 5;
        int channel = (int8_t)it[0];
        int32_t value = (int32_t)rd32(it + 1);

        if (channel >= NUM_CHANNELS)
            continue;
        // expect: CWE-787
        r->channel_totals[channel] += value;
    }
    return 0;
}

/* Copies the device name for display; dst must be at least dstlen bytes. */
void report_name(const struct report *r, char *dst, size_t dstlen)
{
    size_t n = strnlen(r->name, sizeof(r->name));

    if (dstlen == 0)
        return;
    if (n >= dstlen)
        n = dstlen - 1;
    memcpy(dst, r->name, n);
    dst[n] = '\0';
}

void report_free(struct report *r)
{
    free(r->items);
    r->items = NULL;
}
