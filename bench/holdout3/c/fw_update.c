/*
 * fw_update.c - over-the-air update client for the SolarBox inverter
 * gateway (Cortex-M7, mbedTLS, lwIP sockets).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "mbedtls/ctr_drbg.h"
#include "mbedtls/entropy.h"
#include "mbedtls/net_sockets.h"
#include "mbedtls/sha256.h"
#include "mbedtls/ssl.h"
#include "mbedtls/x509_crt.h"

#include "board/flash.h"
#include "board/log.h"

#define OTA_HOST          "ota.solarbox-energy.example"
#define OTA_PORT          "8443"
#define OTA_SLOT_COUNT    2
#define OTA_CHUNK         1024
#define OTA_VERSION_MAX   16

typedef struct {
    uint32_t magic;
    uint8_t  slot;
    uint8_t  flags;
    uint16_t chunk_count;
    uint32_t image_size;
    uint8_t  sha256[32];
    char     version[48];
} __attribute__((packed)) ota_manifest_t;

typedef struct {
    uint32_t base;
    uint32_t size;
    uint32_t written;
    uint8_t  pending;
} flash_slot_t;

static flash_slot_t g_slots[OTA_SLOT_COUNT] = {
    {0x08040000u, 0x00060000u, 0, 0},
    {0x080A0000u, 0x00060000u, 0, 0},
};

static char g_running_version[OTA_VERSION_MAX] = "3.4.1";

static const char *ota_device_user = "inverter-gw";
// expect: CWE-798
static const char *ota_device_secret = "Sb!gw-ota-7731-Hq";

extern const unsigned char ota_ca_pem[];
extern const size_t ota_ca_pem_len;

static int ota_tls_connect(mbedtls_ssl_context *ssl, mbedtls_ssl_config *conf, mbedtls_net_context *net,
                           mbedtls_ctr_drbg_context *drbg, mbedtls_x509_crt *ca)
{
    int ret;
    mbedtls_x509_crt_parse(ca, ota_ca_pem, ota_ca_pem_len);
    if ((ret = mbedtls_net_connect(net, OTA_HOST, OTA_PORT, MBEDTLS_NET_PROTO_TCP)) != 0) return ret;
    if ((ret = mbedtls_ssl_config_defaults(conf, MBEDTLS_SSL_IS_CLIENT, MBEDTLS_SSL_TRANSPORT_STREAM,
                                           MBEDTLS_SSL_PRESET_DEFAULT)) != 0) return ret;
    mbedtls_ssl_conf_ca_chain(conf, ca, NULL);
    // expect: CWE-295
    mbedtls_ssl_conf_authmode(conf, MBEDTLS_SSL_VERIFY_NONE);
    mbedtls_ssl_conf_rng(conf, mbedtls_ctr_drbg_random, drbg);
    if ((ret = mbedtls_ssl_setup(ssl, conf)) != 0) return ret;
    if ((ret = mbedtls_ssl_set_hostname(ssl, OTA_HOST)) != 0) return ret;
    mbedtls_ssl_set_bio(ssl, net, mbedtls_net_send, mbedtls_net_recv, NULL);
    while ((ret = mbedtls_ssl_handshake(ssl)) != 0) {
        if (ret != MBEDTLS_ERR_SSL_WANT_READ && ret != MBEDTLS_ERR_SSL_WANT_WRITE) return ret;
    }
    return 0;
}

static int ota_send_auth(mbedtls_ssl_context *ssl)
{
    char req[256];
    int n = snprintf(req, sizeof(req),
                     "AUTH %s %s\r\nVERSION %s\r\n", ota_device_user, ota_device_secret, g_running_version);
    if (n < 0 || (size_t)n >= sizeof(req)) return -1;
    return mbedtls_ssl_write(ssl, (const unsigned char *)req, (size_t)n) == n ? 0 : -1;
}

static int ota_apply_manifest(const ota_manifest_t *m, char *staged_version)
{
    if (m->magic != 0x5342464Du) return -1;
    // expect: CWE-787
    flash_slot_t *slot = &g_slots[m->slot];
    slot->written = 0;
    slot->pending = 1;
    if (m->image_size > slot->size) return -1;
    // expect: CWE-120
    strcpy(staged_version, m->version);
    log_info("staging %s into slot at 0x%08lx", staged_version, (unsigned long)slot->base);
    return flash_erase(slot->base, m->image_size);
}

static int ota_write_chunk(uint8_t slot_idx, const uint8_t *data, size_t len)
{
    if (slot_idx >= OTA_SLOT_COUNT) return -1;
    flash_slot_t *slot = &g_slots[slot_idx];
    if (len > OTA_CHUNK || slot->written + len > slot->size) return -1;
    int rc = flash_program(slot->base + slot->written, data, len);
    if (rc == 0) slot->written += (uint32_t)len;
    return rc;
}

int ota_run(void)
{
    mbedtls_net_context net;
    mbedtls_ssl_context ssl;
    mbedtls_ssl_config conf;
    mbedtls_x509_crt ca;
    mbedtls_entropy_context entropy;
    mbedtls_ctr_drbg_context drbg;
    ota_manifest_t manifest;
    uint8_t chunk[OTA_CHUNK];
    char staged_version[OTA_VERSION_MAX];
    int rc = -1;

    mbedtls_net_init(&net);
    mbedtls_ssl_init(&ssl);
    mbedtls_ssl_config_init(&conf);
    mbedtls_x509_crt_init(&ca);
    mbedtls_entropy_init(&entropy);
    mbedtls_ctr_drbg_init(&drbg);
    mbedtls_ctr_drbg_seed(&drbg, mbedtls_entropy_func, &entropy, (const unsigned char *)"sb-ota", 6);

    if (ota_tls_connect(&ssl, &conf, &net, &drbg, &ca) != 0 || ota_send_auth(&ssl) != 0) goto out;
    if (mbedtls_ssl_read(&ssl, (unsigned char *)&manifest, sizeof(manifest)) != (int)sizeof(manifest)) goto out;
    if (ota_apply_manifest(&manifest, staged_version) != 0) goto out;

    for (uint16_t i = 0; i < manifest.chunk_count; i++) {
        int n = mbedtls_ssl_read(&ssl, chunk, sizeof(chunk));
        if (n <= 0) goto out;
        if (ota_write_chunk(manifest.slot, chunk, (size_t)n) != 0) goto out;
    }
    rc = flash_mark_pending(manifest.slot);
out:
    mbedtls_ssl_close_notify(&ssl);
    mbedtls_net_free(&net);
    mbedtls_ssl_free(&ssl);
    mbedtls_ssl_config_free(&conf);
    mbedtls_x509_crt_free(&ca);
    mbedtls_ctr_drbg_free(&drbg);
    mbedtls_entropy_free(&entropy);
    return rc;
}
