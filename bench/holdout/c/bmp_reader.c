/* bmp.c - minimal BMP loader for the kiosk image viewer (8 and 24 bpp, uncompressed). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#pragma pack(push, 1)
struct bmp_file_header {
    uint16_t magic;
    uint32_t file_size;
    uint16_t reserved1;
    uint16_t reserved2;
    uint32_t data_offset;
};

struct bmp_info_header {
    uint32_t header_size;
    int32_t  width;
    int32_t  height;
    uint16_t planes;
    uint16_t bpp;
    uint32_t compression;
    uint32_t image_size;
    int32_t  xppm;
    int32_t  yppm;
    uint32_t colors_used;
    uint32_t colors_important;
};
#pragma pack(pop)

struct image {
    uint32_t w, h;
    uint8_t *rgb;             /* w * h * 3 bytes */
    uint32_t palette[256];
};

static int fail(FILE *f, struct image *img, const char *why)
{
    fprintf(stderr, "bmp: %s\n", why);
    if (f)
        fclose(f);
    free(img->rgb);
    img->rgb = NULL;
    return -1;
}

int bmp_load(const char *path, struct image *img)
{
    struct bmp_file_header fh;
    struct bmp_info_header ih;
    uint32_t w, h, y, x;
    size_t stride;
    uint8_t *row;
    FILE *f;

    memset(img, 0, sizeof *img);
    f = fopen(path, "rb");
    if (!f)
        return fail(NULL, img, "cannot open file");
    if (fread(&fh, sizeof fh, 1, f) != 1 || fread(&ih, sizeof ih, 1, f) != 1)
        return fail(f, img, "short header");
    if (fh.magic != 0x4D42 || ih.compression != 0 || ih.planes != 1)
        return fail(f, img, "unsupported format");
    if (ih.bpp != 24 && ih.bpp != 8)
        return fail(f, img, "unsupported depth");
    if (ih.width <= 0 || ih.height == 0)
        return fail(f, img, "bad dimensions");

    w = (uint32_t)ih.width;
    h = (uint32_t)(ih.height < 0 ? -(int64_t)ih.height : ih.height);

    if (ih.bpp == 8) {
        uint32_t ncolors = ih.colors_used ? ih.colors_used : 256;
        // expect: CWE-787
        if (fread(img->palette, sizeof(uint32_t), ncolors, f) != ncolors)
            return fail(f, img, "short palette");
    }

    // expect: CWE-190
    img->rgb = malloc(w * h * 3);
    if (!img->rgb)
        return fail(f, img, "out of memory");
    img->w = w;
    img->h = h;

    stride = (((size_t)w * ih.bpp / 8) + 3) & ~(size_t)3;
    row = malloc(stride);
    if (!row)
        return fail(f, img, "out of memory");
    if (fseek(f, (long)fh.data_offset, SEEK_SET) != 0) {
        free(row);
        return fail(f, img, "bad data offset");
    }

    for (y = 0; y < h; y++) {
        uint32_t dst_y = ih.height > 0 ? h - 1 - y : y;
        uint8_t *dst = img->rgb + (size_t)dst_y * w * 3;
        if (fread(row, 1, stride, f) != stride) {
            free(row);
            return fail(f, img, "truncated pixel data");
        }
        for (x = 0; x < w; x++) {
            if (ih.bpp == 24) {
                dst[x * 3 + 0] = row[x * 3 + 2];
                dst[x * 3 + 1] = row[x * 3 + 1];
                dst[x * 3 + 2] = row[x * 3 + 0];
            } else {
                uint32_t c = img->palette[row[x]];
                dst[x * 3 + 0] = (uint8_t)(c >> 16);
                dst[x * 3 + 1] = (uint8_t)(c >> 8);
                dst[x * 3 + 2] = (uint8_t)c;
            }
        }
    }
    free(row);
    fclose(f);
    return 0;
}

int bmp_crop(const struct image *src, uint32_t x0, uint32_t y0, uint32_t cw, uint32_t ch, struct image *out)
{
    uint32_t y;

    memset(out, 0, sizeof *out);
    if (cw == 0 || ch == 0 || x0 >= src->w || y0 >= src->h)
        return -1;
    if (cw > src->w - x0 || ch > src->h - y0)
        return -1;
    if ((size_t)cw > SIZE_MAX / 3 / ch)
        return -1;

    out->rgb = malloc((size_t)cw * ch * 3);
    if (!out->rgb)
        return -1;
    out->w = cw;
    out->h = ch;
    for (y = 0; y < ch; y++)
        memcpy(out->rgb + (size_t)y * cw * 3, src->rgb + ((size_t)(y0 + y) * src->w + x0) * 3, (size_t)cw * 3);
    return 0;
}

void bmp_describe(const struct image *img, char *out, size_t outsz)
{
    snprintf(out, outsz, "%ux%u RGB (%zu bytes)", img->w, img->h, (size_t)img->w * img->h * 3);
}

void bmp_free(struct image *img)
{
    free(img->rgb);
    img->rgb = NULL;
}
