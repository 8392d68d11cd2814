/*
 * authd_ldap.c - authentication backend for the VPN concentrator.
 *
 * Receives "username\0password\0" on a UNIX socket from the VPN daemon,
 * resolves the user in the corporate directory, checks the local
 * credential cache and records the login in SQLite.
 */
#define LDAP_DEPRECATED 0
#include <ldap.h>
#include <openssl/evp.h>
#include <openssl/md5.h>
#include <openssl/rand.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <time.h>

#define LDAP_URI "ldaps://ldap.corp.example.com"
#define USER_BASE "ou=people,dc=corp,dc=example,dc=com"
#define CACHE_DB "/var/lib/authd/cache.db"
#define PBKDF2_ITERATIONS 200000

struct authd_ctx {
    LDAP *ld;
    sqlite3 *db;
};

/* RFC 4515 escaping for values placed inside a search filter. */
static int ldap_filter_escape(const char *in, char *out, size_t outsz)
{
    size_t o = 0;
    for (const unsigned char *p = (const unsigned char *)in; *p; p++) {
        if (*p == '*' || *p == '(' || *p == ')' || *p == '\\' || *p < 0x20) {
            if (o + 3 >= outsz)
                return -1;
            snprintf(out + o, outsz - o, "\\%02x", *p);
            o += 3;
        } else {
            if (o + 1 >= outsz)
                return -1;
            out[o++] = (char)*p;
        }
    }
    out[o] = '\0';
    return 0;
}

static char *lookup_dn(struct authd_ctx *ctx, const char *username)
{
    char filter[512];
    char *attrs[] = { "uid", "memberOf", NULL };
    LDAPMessage *res = NULL;
    char *dn = NULL;

    snprintf(filter, sizeof filter, "(&(objectClass=posixAccount)(uid=%s)(!(pwdAccountLockedTime=*)))", username);
    // expect: CWE-90
    int rc = ldap_search_ext_s(ctx->ld, USER_BASE, LDAP_SCOPE_SUBTREE, filter, attrs, 0, NULL, NULL, NULL, 2, &res);
    if (rc == LDAP_SUCCESS && ldap_count_entries(ctx->ld, res) == 1) {
        char *found = ldap_get_dn(ctx->ld, ldap_first_entry(ctx->ld, res));
        if (found) {
            dn = strdup(found);
            ldap_memfree(found);
        }
    }
    if (res)
        ldap_msgfree(res);
    return dn;
}

static int lookup_mail_alias(struct authd_ctx *ctx, const char *alias, char *uid_out, size_t uid_sz)
{
    char escaped[256];
    char filter[512];
    char *attrs[] = { "uid", NULL };
    LDAPMessage *res = NULL;
    int found = 0;

    if (ldap_filter_escape(alias, escaped, sizeof escaped) != 0)
        return 0;
    snprintf(filter, sizeof filter, "(&(objectClass=posixAccount)(mailAlternateAddress=%s))", escaped);
    if (ldap_search_ext_s(ctx->ld, USER_BASE, LDAP_SCOPE_SUBTREE, filter, attrs, 0, NULL, NULL, NULL, 2, &res) == LDAP_SUCCESS &&
        ldap_count_entries(ctx->ld, res) == 1) {
        struct berval **vals = ldap_get_values_len(ctx->ld, ldap_first_entry(ctx->ld, res), "uid");
        if (vals && vals[0] && vals[0]->bv_len < uid_sz) {
            memcpy(uid_out, vals[0]->bv_val, vals[0]->bv_len);
            uid_out[vals[0]->bv_len] = '\0';
            found = 1;
        }
        ldap_value_free_len(vals);
    }
    if (res)
        ldap_msgfree(res);
    return found;
}

static void to_hex(const unsigned char *in, size_t len, char *out)
{
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < len; i++) {
        out[i * 2] = digits[in[i] >> 4];
        out[i * 2 + 1] = digits[in[i] & 0x0f];
    }
    out[len * 2] = '\0';
}

static int check_cached_password(struct authd_ctx *ctx, const char *username, const char *password)
{
    sqlite3_stmt *stmt = NULL;
    int ok = 0;
    const char *sql = "SELECT salt, digest, scheme FROM credential_cache WHERE username = ?1";

    if (sqlite3_prepare_v2(ctx->db, sql, -1, &stmt, NULL) != SQLITE_OK)
        return 0;
    sqlite3_bind_text(stmt, 1, username, -1, SQLITE_TRANSIENT);
    if (sqlite3_step(stmt) == SQLITE_ROW) {
        const char *salt = (const char *)sqlite3_column_text(stmt, 0);
        const char *stored = (const char *)sqlite3_column_text(stmt, 1);
        const char *scheme = (const char *)sqlite3_column_text(stmt, 2);
        char hex[EVP_MAX_MD_SIZE * 2 + 1];

        if (salt && stored && scheme && strcmp(scheme, "pbkdf2") == 0) {
            unsigned char dk[32];
            PKCS5_PBKDF2_HMAC(password, (int)strlen(password), (const unsigned char *)salt, (int)strlen(salt),
                              PBKDF2_ITERATIONS, EVP_sha256(), sizeof dk, dk);
            to_hex(dk, sizeof dk, hex);
            ok = CRYPTO_memcmp(hex, stored, strlen(hex)) == 0 && strlen(stored) == strlen(hex);
        } else if (salt && stored) {
            char salted[512];
            unsigned char digest[MD5_DIGEST_LENGTH];
            snprintf(salted, sizeof salted, "%s%s", salt, password);
            // expect: CWE-328
            MD5((const unsigned char *)salted, strlen(salted), digest);
            to_hex(digest, sizeof digest, hex);
            ok = strlen(stored) == strlen(hex) && CRYPTO_memcmp(hex, stored, strlen(hex)) == 0;
        }
    }
    sqlite3_finalize(stmt);
    return ok;
}

static void record_login(struct authd_ctx *ctx, const char *username, const char *client_ip)
{
    char sql[512];
    char *err = NULL;

    snprintf(sql, sizeof sql,
             "INSERT INTO login_history (username, client_ip, at) VALUES ('%s', '%s', %ld)",
             username, client_ip, (long)time(NULL));
    // expect: CWE-89
    if (sqlite3_exec(ctx->db, sql, NULL, NULL, &err) != SQLITE_OK) {
        syslog(LOG_WARNING, "record_login: %s", err ? err : "unknown error");
        sqlite3_free(err);
    }
}

static void record_failure(struct authd_ctx *ctx, const char *username)
{
    sqlite3_stmt *stmt = NULL;
    if (sqlite3_prepare_v2(ctx->db,
                           "INSERT INTO login_failures (username, at) VALUES (?1, ?2) "
                           "ON CONFLICT(username) DO UPDATE SET count = count + 1, at = excluded.at",
                           -1, &stmt, NULL) != SQLITE_OK)
        return;
    sqlite3_bind_text(stmt, 1, username, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(stmt, 2, (sqlite3_int64)time(NULL));
    sqlite3_step(stmt);
    sqlite3_finalize(stmt);
}

int authd_authenticate(struct authd_ctx *ctx, const char *username, const char *password, const char *client_ip)
{
    char uid[128];
    char *dn;
    int ok;

    if (strchr(username, '@') && lookup_mail_alias(ctx, username, uid, sizeof uid))
        username = uid;
    dn = lookup_dn(ctx, username);
    if (dn == NULL) {
        record_failure(ctx, username);
        return 0;
    }
    ok = check_cached_password(ctx, username, password);
    if (ok)
        record_login(ctx, username, client_ip);
    else
        record_failure(ctx, username);
    syslog(LOG_INFO, "auth %s for %s from %s", ok ? "ok" : "failed", dn, client_ip);
    free(dn);
    return ok;
}

int authd_init(struct authd_ctx *ctx)
{
    int version = LDAP_VERSION3;
    memset(ctx, 0, sizeof *ctx);
    if (ldap_initialize(&ctx->ld, LDAP_URI) != LDAP_SUCCESS)
        return -1;
    ldap_set_option(ctx->ld, LDAP_OPT_PROTOCOL_VERSION, &version);
    if (sqlite3_open_v2(CACHE_DB, &ctx->db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK)
        return -1;
    return 0;
}
