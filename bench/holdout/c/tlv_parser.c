/* tlv.c - decoder for the sensor gateway's TLV record format.
 *
 * Record: [type:1][len:2 BE][value:len] ...
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TLV_MAX_NAME  32
#define TLV_MAX_OPTS  8
#define TLV_LABEL_MAX 64

enum tlv_type {
    T_NAME  = 1,
    T_ADDR  = 2,
    T_OPTS  = 3,
    T_BLOB  = 4,
    T_LABEL = 5,
};

struct tlv_record {
    char     name[TLV_MAX_NAME];
    uint8_t  addr[16];
    size_t   addr_len;
    uint16_t opts[TLV_MAX_OPTS];
    size_t   nopts;
    char     label[TLV_LABEL_MAX];
    uint8_t *blob;
    uint32_t blob_len;
};

static uint16_t rd16(const uint8_t *p) { return (uint16_t)((p[0] << 8) | p[1]); }

static uint32_t rd32(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

/* Blob values are run-length encoded: [count:4][unit_len:4][unit bytes]. */
static int decode_blob(struct tlv_record *rec, const uint8_t *val, size_t vlen)
{
    uint32_t count, unit, i;

    if (vlen < 8)
        return -1;
    count = rd32(val);
    unit = rd32(val + 4);
    if (unit == 0 || unit > vlen - 8)
        return -1;

    // expect: CWE-190
    rec->blob = malloc(count * unit);
    if (!rec->blob)
        return -1;
    for (i = 0; i < count; i++)
        memcpy(rec->blob + (size_t)i * unit, val + 8, unit);
    rec->blob_len = count * unit;
    return 0;
}

static int decode_label(struct tlv_record *rec, const uint8_t *val, size_t vlen)
{
    uint8_t n;

    if (vlen < 1)
        return -1;
    n = val[0];
    if ((size_t)n + 1 > vlen || n > TLV_LABEL_MAX)
        return -1;
    memcpy(rec->label, val + 1, n);
    // expect: CWE-787
    rec->label[n] = '\0';
    return 0;
}

int tlv_parse(const uint8_t *buf, size_t len, struct tlv_record *rec)
{
    size_t off = 0;

    memset(rec, 0, sizeof *rec);
    while (off + 3 <= len) {
        uint8_t type = buf[off];
        uint16_t vlen = rd16(buf + off + 1);
        const uint8_t *val = buf + off + 3;

        off += 3;
        if (vlen > len - off)
            return -1;

        switch (type) {
        case T_NAME: {
            size_t n = vlen < TLV_MAX_NAME - 1 ? vlen : TLV_MAX_NAME - 1;
            memcpy(rec->name, val, n);
            rec->name[n] = '\0';
            break;
        }
        case T_ADDR:
            if (vlen != 4 && vlen != 16)
                return -1;
            memcpy(rec->addr, val, vlen);
            rec->addr_len = vlen;
            break;
        case T_OPTS: {
            size_t i;
            for (i = 0; i + 1 < vlen; i += 2) {
                // expect: CWE-787
                rec->opts[rec->nopts++] = rd16(val + i);
            }
            break;
        }
        case T_BLOB:
            if (rec->blob)
                return -1;
            if (decode_blob(rec, val, vlen) != 0)
                return -1;
            break;
        case T_LABEL:
            if (decode_label(rec, val, vlen) != 0)
                return -1;
            break;
        default:
            /* unknown types are skipped */
            break;
        }
        off += vlen;
    }
    return off == len ? 0 : -1;
}

void tlv_free(struct tlv_record *rec)
{
    free(rec->blob);
    rec->blob = NULL;
    rec->blob_len = 0;
}

int tlv_format_addr(const struct tlv_record *rec, char *out, size_t outsz)
{
    size_t i, used = 0;

    if (outsz == 0)
        return -1;
    out[0] = '\0';
    if (rec->addr_len == 4)
        return snprintf(out, outsz, "%u.%u.%u.%u", rec->addr[0], rec->addr[1], rec->addr[2], rec->addr[3]) < (int)outsz ? 0 : -1;

    for (i = 0; i < rec->addr_len; i += 2) {
        int w = snprintf(out + used, outsz - used, i ? ":%02x%02x" : "%02x%02x", rec->addr[i], rec->addr[i + 1]);
        if (w < 0 || (size_t)w >= outsz - used)
            return -1;
        used += (size_t)w;
    }
    return 0;
}

struct tlv_record *tlv_alloc_array(size_t n)
{
    if (n == 0 || n > SIZE_MAX / sizeof(struct tlv_record))
        return NULL;
    return calloc(n, sizeof(struct tlv_record));
}
