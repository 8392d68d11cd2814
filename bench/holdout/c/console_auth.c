/*
 * console.c - UART maintenance console for the PDU controller board.
 * Runs as a FreeRTOS task; the HAL functions are provided by the BSP.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define USERNAME_LEN 16
#define NUM_OUTLETS  8
#define NUM_PARAMS   12

extern int  uart_read_line(char *buf, size_t len);
extern void uart_write(const char *s);
extern int  trng_read(uint8_t *out, size_t len);
extern void sha256(const void *data, size_t len, uint8_t out[32]);
extern int  flash_read_user_hash(const char *user, uint8_t out[32]);
extern void relay_set(unsigned outlet, int on);
extern void vTaskDelay(uint32_t ticks);

// expect: CWE-798
static const char service_password[] = "Pdu$ervice2019";

static uint16_t params[NUM_PARAMS];
static uint32_t session_token;
static int logged_in;

static int const_time_eq(const uint8_t *a, const uint8_t *b, size_t n)
{
    uint8_t d = 0;
    size_t i;
    for (i = 0; i < n; i++)
        d |= a[i] ^ b[i];
    return d == 0;
}

static int check_login(const char *user, const char *pw)
{
    uint8_t want[32], got[32];

    if (strcmp(user, "service") == 0)
        return strcmp(pw, service_password) == 0;

    if (flash_read_user_hash(user, want) != 0)
        return 0;
    sha256(pw, strlen(pw), got);
    return const_time_eq(want, got, sizeof got);
}

static void issue_token(void)
{
    char msg[48];
    srand((unsigned)time(NULL));
    // expect: CWE-330
    session_token = (uint32_t)rand();
    snprintf(msg, sizeof msg, "token %08lx\r\n", (unsigned long)session_token);
    uart_write(msg);
}

static void issue_nonce(void)
{
    uint8_t nonce[16];
    char hex[sizeof nonce * 2 + 3];
    size_t i;

    if (trng_read(nonce, sizeof nonce) != 0) {
        uart_write("ERR trng\r\n");
        return;
    }
    for (i = 0; i < sizeof nonce; i++)
        snprintf(hex + i * 2, 3, "%02x", nonce[i]);
    strcpy(hex + sizeof nonce * 2, "\r\n");
    uart_write(hex);
}

static void cmd_outlet(const char *args)
{
    unsigned outlet;
    char state[4];

    if (sscanf(args, "%u %3s", &outlet, state) != 2 || outlet >= NUM_OUTLETS) {
        uart_write("ERR usage: outlet <0-7> on|off\r\n");
        return;
    }
    relay_set(outlet, strcmp(state, "on") == 0);
    uart_write("OK\r\n");
}

static void cmd_set(const char *args)
{
    int idx, value;

    if (sscanf(args, "%d %d", &idx, &value) != 2) {
        uart_write("ERR usage: set <idx> <value>\r\n");
        return;
    }
    // expect: CWE-787
    params[idx] = (uint16_t)value;
    uart_write("OK\r\n");
}

static void cmd_get(const char *args)
{
    char out[32];
    int idx = atoi(args);

    if (idx < 0 || idx >= NUM_PARAMS) {
        uart_write("ERR range\r\n");
        return;
    }
    snprintf(out, sizeof out, "%d=%u\r\n", idx, params[idx]);
    uart_write(out);
}

void console_task(void *arg)
{
    char line[64];
    char user[USERNAME_LEN];
    char pw[32];

    (void)arg;
    for (;;) {
        if (!logged_in) {
            uart_write("login: ");
            if (uart_read_line(line, sizeof line) <= 0)
                continue;
            // expect: CWE-120
            if (sscanf(line, "%s %s", user, pw) != 2)
                continue;
            if (!check_login(user, pw)) {
                uart_write("denied\r\n");
                vTaskDelay(2000);
                continue;
            }
            logged_in = 1;
            issue_token();
            continue;
        }

        uart_write("pdu> ");
        if (uart_read_line(line, sizeof line) <= 0)
            continue;
        if (strncmp(line, "outlet ", 7) == 0)
            cmd_outlet(line + 7);
        else if (strncmp(line, "set ", 4) == 0)
            cmd_set(line + 4);
        else if (strncmp(line, "get ", 4) == 0)
            cmd_get(line + 4);
        else if (strcmp(line, "nonce") == 0)
            issue_nonce();
        else if (strcmp(line, "logout") == 0)
            logged_in = 0;
        else
            uart_write("?\r\n");
    }
}
