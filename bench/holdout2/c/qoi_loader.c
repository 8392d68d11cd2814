/*
 * qoi_loader.c - QOI image decoder used by the thumbnail worker.
 *
 * Supports the standard QOI stream plus the "QMTA" metadata trailer our
 * camera firmware appends (key=value pairs, one per line).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define QOI_OP_INDEX 0x00
#define QOI_OP_DIFF 0x40
#define QOI_OP_LUMA 0x80
#define QOI_OP_RUN 0xc0
#define QOI_OP_RGB 0xfe
#define QOI_OP_RGBA 0xff
#define QOI_MASK_2 0xc0
#define QOI_HEADER_SIZE 14
#define QOI_MAGIC 0x716f6966u /* "qoif" */

struct qoi_image {
    uint32_t width;
    uint32_t height;
    uint8_t channels;
    uint8_t colorspace;
    uint8_t *pixels;
    char camera[32];
    char location[64];
};

static const uint8_t qoi_end_marker[8] = { 0, 0, 0, 0, 0, 0, 0, 1 };

typedef union {
    struct { uint8_t r, g, b, a; } rgba;
    uint32_t v;
} qoi_px;

static uint32_t read_be32(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}

static int parse_metadata(struct qoi_image *img, const uint8_t *p, const uint8_t *end)
{
    char key[32];
    char value[128];

    if (end - p < 4 || memcmp(p, "QMTA", 4) != 0)
        return 0;
    p += 4;
    while (p < end) {
        const uint8_t *eq = memchr(p, '=', (size_t)(end - p));
        const uint8_t *nl;
        size_t klen, vlen;
        if (eq == NULL)
            break;
        nl = memchr(eq, '\n', (size_t)(end - eq));
        if (nl == NULL)
            nl = end;

        klen = (size_t)(eq - p);
        if (klen > sizeof key)
            return -1;
        memcpy(key, p, klen);
        // expect: CWE-787
        key[klen] = '\0';

        vlen = (size_t)(nl - eq - 1);
        if (vlen >= sizeof value)
            vlen = sizeof value - 1;
        memcpy(value, eq + 1, vlen);
        value[vlen] = '\0';

        if (strcmp(key, "camera") == 0) {
            snprintf(img->camera, sizeof img->camera, "%s", value);
        } else if (strcmp(key, "location") == 0) {
            // expect: CWE-120
            strcpy(img->location, value);
        }
        p = nl < end ? nl + 1 : end;
    }
    return 0;
}

int qoi_decode(const uint8_t *data, size_t size, struct qoi_image *img)
{
    qoi_px index[64];
    qoi_px px;
    size_t p = QOI_HEADER_SIZE, chunks_len, px_len, px_pos;
    int run = 0;

    if (data == NULL || img == NULL || size < QOI_HEADER_SIZE + 8)
        return -1;
    if (read_be32(data) != QOI_MAGIC)
        return -1;

    memset(img, 0, sizeof *img);
    img->width = read_be32(data + 4);
    img->height = read_be32(data + 8);
    img->channels = data[12];
    img->colorspace = data[13];
    if (img->width == 0 || img->height == 0 || img->channels < 3 || img->channels > 4 || img->colorspace > 1)
        return -1;

    // expect: CWE-190
    img->pixels = malloc(img->width * img->height * img->channels);
    if (img->pixels == NULL)
        return -1;
    px_len = (size_t)img->width * img->height * img->channels;

    memset(index, 0, sizeof index);
    px.rgba.r = 0;
    px.rgba.g = 0;
    px.rgba.b = 0;
    px.rgba.a = 255;
    chunks_len = size - 8;

    for (px_pos = 0; px_pos < px_len; px_pos += img->channels) {
        if (run > 0) {
            run--;
        } else if (p < chunks_len) {
            int b1 = data[p++];
            if (b1 == QOI_OP_RGB) {
                if (p + 3 > chunks_len)
                    break;
                px.rgba.r = data[p++];
                px.rgba.g = data[p++];
                px.rgba.b = data[p++];
            } else if (b1 == QOI_OP_RGBA) {
                if (p + 4 > chunks_len)
                    break;
                px.rgba.r = data[p++];
                px.rgba.g = data[p++];
                px.rgba.b = data[p++];
                px.rgba.a = data[p++];
            } else if ((b1 & QOI_MASK_2) == QOI_OP_INDEX) {
                px = index[b1 & 0x3f];
            } else if ((b1 & QOI_MASK_2) == QOI_OP_DIFF) {
                px.rgba.r += ((b1 >> 4) & 0x03) - 2;
                px.rgba.g += ((b1 >> 2) & 0x03) - 2;
                px.rgba.b += (b1 & 0x03) - 2;
            } else if ((b1 & QOI_MASK_2) == QOI_OP_LUMA) {
                int b2, vg;
                if (p >= chunks_len)
                    break;
                b2 = data[p++];
                vg = (b1 & 0x3f) - 32;
                px.rgba.r += vg - 8 + ((b2 >> 4) & 0x0f);
                px.rgba.g += vg;
                px.rgba.b += vg - 8 + (b2 & 0x0f);
            } else if ((b1 & QOI_MASK_2) == QOI_OP_RUN) {
                run = (b1 & 0x3f);
            }
            index[(px.rgba.r * 3 + px.rgba.g * 5 + px.rgba.b * 7 + px.rgba.a * 11) % 64] = px;
        }
        img->pixels[px_pos + 0] = px.rgba.r;
        img->pixels[px_pos + 1] = px.rgba.g;
        img->pixels[px_pos + 2] = px.rgba.b;
        if (img->channels == 4)
            img->pixels[px_pos + 3] = px.rgba.a;
    }

    /* Optional metadata trailer follows the 8-byte end marker. */
    if (p + 8 < size && memcmp(data + p, qoi_end_marker, sizeof qoi_end_marker) == 0)
        return parse_metadata(img, data + p + 8, data + size);
    return 0;
}

int qoi_load_file(const char *path, struct qoi_image *img)
{
    FILE *fp = fopen(path, "rb");
    uint8_t *buf;
    long len;
    int rc;

    if (fp == NULL)
        return -1;
    if (fseek(fp, 0, SEEK_END) != 0 || (len = ftell(fp)) < 0 || len > 256L * 1024 * 1024) {
        fclose(fp);
        return -1;
    }
    rewind(fp);
    buf = malloc((size_t)len);
    if (buf == NULL) {
        fclose(fp);
        return -1;
    }
    if (fread(buf, 1, (size_t)len, fp) != (size_t)len) {
        free(buf);
        fclose(fp);
        return -1;
    }
    fclose(fp);
    rc = qoi_decode(buf, (size_t)len, img);
    free(buf);
    return rc;
}

void qoi_free(struct qoi_image *img)
{
    free(img->pixels);
    img->pixels = NULL;
}
