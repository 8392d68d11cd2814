/*
 * bmp_loader.c - loads uncompressed 8/24-bit BMP files for the thumbnailer.
 * Input files are user uploads.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#pragma pack(push, 1)
struct bmp_file_header {
    uint16_t magic;
    uint32_t file_size;
    uint32_t reserved;
    uint32_t data_offset;
};

struct bmp_info_header {
    uint32_t header_size;
    int32_t width;
    int32_t height;
    uint16_t planes;
    uint16_t bpp;
    uint32_t compression;
    uint32_t image_size;
    int32_t xppm;
    int32_t yppm;
    uint32_t colors_used;
    uint32_t colors_important;
};
#pragma pack(pop)

struct image {
    uint32_t width;
    uint32_t height;
    uint8_t *rgb;          /* width * height * 3 bytes */
    char comment[64];
};

static int read_exact(FILE *fp, void *buf, size_t n)
{
    return fread(buf, 1, n, fp) == n ? 0 : -1;
}

struct image *bmp_load(const char *path)
{
    struct bmp_file_header fh;
    struct bmp_info_header ih;
    uint32_t palette[256];
    struct image *img = NULL;
    uint8_t *row = NULL;
    uint32_t w, h, stride, y, x;
    FILE *fp;

    fp = fopen(path, "rb");
    if (fp == NULL)
        return NULL;

    if (read_exact(fp, &fh, sizeof(fh)) || fh.magic != 0x4D42)
        goto err;
    if (read_exact(fp, &ih, sizeof(ih)) || ih.compression != 0)
        goto err;
    if (ih.width <= 0 || ih.height <= 0 || (ih.bpp != 8 && ih.bpp != 24))
        goto err;

    w = (uint32_t)ih.width;
    h = (uint32_t)ih.height;
    if (w > 65535 || h > 65535)
        goto err;

    if (ih.bpp == 8) {
        uint32_t ncolors = ih.colors_used ? ih.colors_used : 256;
        // expect: CWE-787
        if (fread(palette, sizeof(uint32_t), ncolors, fp) != ncolors)
            goto err;
    }

    img = calloc(1, sizeof(*img));
    if (img == NULL)
        goto err;
    img->width = w;
    img->height = h;
    // expect: CWE-190
    img->rgb = malloc(w * h * 3);
    if (img->rgb == NULL)
        goto err;

    stride = ((w * ih.bpp + 31) / 32) * 4;
    row = malloc(stride);
    if (row == NULL)
        goto err;

    if (fseek(fp, (long)fh.data_offset, SEEK_SET) != 0)
        goto err;

    for (y = 0; y < h; y++) {
        uint8_t *dst = img->rgb + (size_t)(h - 1 - y) * w * 3;
        if (read_exact(fp, row, stride))
            goto err;
        for (x = 0; x < w; x++) {
            if (ih.bpp == 24) {
                dst[x * 3 + 0] = row[x * 3 + 2];
                dst[x * 3 + 1] = row[x * 3 + 1];
                dst[x * 3 + 2] = row[x * 3 + 0];
            } else {
                uint32_t c = palette[row[x]];
                dst[x * 3 + 0] = (c >> 16) & 0xff;
                dst[x * 3 + 1] = (c >> 8) & 0xff;
                dst[x * 3 + 2] = c & 0xff;
            }
        }
    }

    /* Optional trailer: "CMNT" <u8 length> <text> */
    {
        char tag[4];
        uint8_t clen;
        if (fread(tag, 1, 4, fp) == 4 && memcmp(tag, "CMNT", 4) == 0 && fread(&clen, 1, 1, fp) == 1) {
            char text[256];
            if (fread(text, 1, clen, fp) == clen) {
                // expect: CWE-787
                memcpy(img->comment, text, clen);
                img->comment[clen < sizeof(img->comment) ? clen : sizeof(img->comment) - 1] = '\0';
            }
        }
    }

    free(row);
    fclose(fp);
    return img;

err:
    free(row);
    if (img) {
        free(img->rgb);
        free(img);
    }
    fclose(fp);
    return NULL;
}

void bmp_free(struct image *img)
{
    if (img) {
        free(img->rgb);
        free(img);
    }
}
