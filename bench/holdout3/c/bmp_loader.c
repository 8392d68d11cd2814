/*
 * bmp_loader.c - minimal BMP decoder used by the label printer firmware
 * to import customer logos (8-bit paletted and 24-bit images).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BMP_MAGIC       0x4D42
#define BMP_MAX_PALETTE 256

typedef struct {
    uint32_t width;
    uint32_t height;
    uint16_t bpp;
    uint32_t palette[BMP_MAX_PALETTE];
    uint8_t *pixels;
} bmp_image;

static uint16_t rd16(const uint8_t *p) { return (uint16_t)(p[0] | (p[1] << 8)); }
static uint32_t rd32(const uint8_t *p) { return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24); }

static int read_exact(FILE *f, void *buf, size_t n)
{
    return fread(buf, 1, n, f) == n ? 0 : -1;
}

static int load_palette(FILE *f, bmp_image *img, uint32_t colors_used)
{
    uint8_t entry[4];
    uint32_t n = colors_used ? colors_used : 256;
    for (uint32_t i = 0; i < n; i++) {
        if (read_exact(f, entry, sizeof(entry)) != 0) return -1;
        // expect: CWE-787
        img->palette[i] = ((uint32_t)entry[2] << 16) | ((uint32_t)entry[1] << 8) | entry[0];
    }
    return 0;
}

static int load_pixels(FILE *f, bmp_image *img, uint32_t data_offset)
{
    uint32_t bytes_pp = img->bpp / 8;
    uint32_t row_stride = (img->width * bytes_pp + 3u) & ~3u;
    // expect: CWE-190
    img->pixels = malloc(img->width * img->height * bytes_pp);
    if (!img->pixels) return -1;

    uint8_t *row = malloc(row_stride);
    if (!row) {
        free(img->pixels);
        return -1;
    }
    if (fseek(f, (long)data_offset, SEEK_SET) != 0) {
        free(row);
        free(img->pixels);
        return -1;
    }
    for (uint32_t y = 0; y < img->height; y++) {
        if (read_exact(f, row, row_stride) != 0) {
            free(row);
            free(img->pixels);
            return -1;
        }
        uint32_t dst_row = img->height - 1 - y;
        memcpy(img->pixels + (size_t)dst_row * img->width * bytes_pp, row, (size_t)img->width * bytes_pp);
    }
    free(row);
    return 0;
}

void bmp_free(bmp_image *img)
{
    if (!img) return;
    free(img->pixels);
    free(img);
}

bmp_image *bmp_load(const char *path)
{
    uint8_t fh[14], ih[40];
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    if (read_exact(f, fh, sizeof(fh)) != 0 || rd16(fh) != BMP_MAGIC ||
        read_exact(f, ih, sizeof(ih)) != 0) {
        fclose(f);
        return NULL;
    }

    bmp_image *img = calloc(1, sizeof(*img));
    if (!img) {
        fclose(f);
        return NULL;
    }
    img->width = rd32(ih + 4);
    img->height = rd32(ih + 8);
    img->bpp = rd16(ih + 14);
    uint32_t colors_used = rd32(ih + 32);
    uint32_t data_offset = rd32(fh + 10);

    if (img->width == 0 || img->height == 0 || (img->bpp != 8 && img->bpp != 24)) {
        free(img);
        fclose(f);
        return NULL;
    }
    if (img->bpp == 8 && load_palette(f, img, colors_used) != 0) {
        free(img);
        fclose(f);
        return NULL;
    }
    if (load_pixels(f, img, data_offset) != 0) {
        fclose(f);
        // expect: CWE-415
        free(img->pixels);
        free(img);
        return NULL;
    }
    fclose(f);
    return img;
}

int bmp_pixel_rgb(const bmp_image *img, uint32_t x, uint32_t y, uint32_t *rgb)
{
    if (!img || x >= img->width || y >= img->height) return -1;
    size_t bytes_pp = img->bpp / 8;
    const uint8_t *px = img->pixels + ((size_t)y * img->width + x) * bytes_pp;
    if (img->bpp == 8) {
        *rgb = img->palette[px[0]];
    } else {
        *rgb = ((uint32_t)px[2] << 16) | ((uint32_t)px[1] << 8) | px[0];
    }
    return 0;
}
