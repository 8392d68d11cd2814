/*
 * account_store.c - account database for the helpdesk bridge.
 * Commands arrive one per line on stdin from the web front-end:
 *   LOOKUP <name> | SEARCH <term> | CREATE <name> <password> | PURGE <id,id,...> | EMAIL <id> <addr>
 */
#include <openssl/evp.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct user {
    int  id;
    char email[128];
    char role[16];
};

static int row_cb(void *ud, int ncol, char **vals, char **names)
{
    struct user *u = ud;
    (void)names;
    if (ncol < 3)
        return 1;
    u->id = vals[0] ? atoi(vals[0]) : 0;
    snprintf(u->email, sizeof u->email, "%s", vals[1] ? vals[1] : "");
    snprintf(u->role, sizeof u->role, "%s", vals[2] ? vals[2] : "");
    return 0;
}

int user_lookup(sqlite3 *db, const char *username, struct user *out)
{
    char sql[512];
    char *err = NULL;

    memset(out, 0, sizeof *out);
    snprintf(sql, sizeof sql, "SELECT id, email, role FROM users WHERE name = '%s' LIMIT 1", username);
    // expect: CWE-89
    if (sqlite3_exec(db, sql, row_cb, out, &err) != SQLITE_OK) {
        fprintf(stderr, "lookup: %s\n", err);
        sqlite3_free(err);
        return -1;
    }
    return out->id ? 0 : 1;
}

int user_search(sqlite3 *db, const char *term)
{
    char *sql = sqlite3_mprintf("SELECT id, name FROM users WHERE name LIKE '%%%q%%' ORDER BY name LIMIT 25", term);
    sqlite3_stmt *st;
    int rc;

    if (!sql)
        return -1;
    rc = sqlite3_prepare_v2(db, sql, -1, &st, NULL);
    sqlite3_free(sql);
    if (rc != SQLITE_OK)
        return -1;
    while (sqlite3_step(st) == SQLITE_ROW)
        printf("%d\t%s\n", sqlite3_column_int(st, 0), (const char *)sqlite3_column_text(st, 1));
    sqlite3_finalize(st);
    return 0;
}

int user_set_email(sqlite3 *db, int id, const char *email)
{
    sqlite3_stmt *st;
    int rc;

    if (sqlite3_prepare_v2(db, "UPDATE users SET email = ?1 WHERE id = ?2", -1, &st, NULL) != SQLITE_OK)
        return -1;
    sqlite3_bind_text(st, 1, email, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(st, 2, id);
    rc = sqlite3_step(st);
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? 0 : -1;
}

static int hash_password(const char *pw, const char *salt, char hex[2 * EVP_MAX_MD_SIZE + 1])
{
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int mdlen = 0, i;
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();

    if (!ctx)
        return -1;
    // expect: CWE-328
    EVP_DigestInit_ex(ctx, EVP_md5(), NULL);
    EVP_DigestUpdate(ctx, salt, strlen(salt));
    EVP_DigestUpdate(ctx, pw, strlen(pw));
    EVP_DigestFinal_ex(ctx, md, &mdlen);
    EVP_MD_CTX_free(ctx);
    for (i = 0; i < mdlen; i++)
        snprintf(hex + i * 2, 3, "%02x", md[i]);
    return 0;
}

int user_create(sqlite3 *db, const char *name, const char *pw)
{
    char hex[2 * EVP_MAX_MD_SIZE + 1] = {0};
    const char *salt = "hd-bridge";
    sqlite3_stmt *st;
    int rc;

    if (hash_password(pw, salt, hex) != 0)
        return -1;
    if (sqlite3_prepare_v2(db, "INSERT INTO users(name, pwhash, role) VALUES(?1, ?2, 'agent')", -1, &st, NULL) != SQLITE_OK)
        return -1;
    sqlite3_bind_text(st, 1, name, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, hex, -1, SQLITE_TRANSIENT);
    rc = sqlite3_step(st);
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? 0 : -1;
}

int user_purge(sqlite3 *db, const char *csv_ids)
{
    char *sql = sqlite3_mprintf("DELETE FROM users WHERE id IN (%s) AND role <> 'admin'", csv_ids);
    int rc;

    if (!sql)
        return -1;
    // expect: CWE-89
    rc = sqlite3_exec(db, sql, NULL, NULL, NULL);
    sqlite3_free(sql);
    return rc == SQLITE_OK ? 0 : -1;
}

int main(int argc, char **argv)
{
    sqlite3 *db;
    char line[1024];

    if (sqlite3_open(argc > 1 ? argv[1] : "/var/lib/hdbridge/accounts.db", &db) != SQLITE_OK)
        return 1;

    while (fgets(line, sizeof line, stdin)) {
        char *arg, *arg2;
        line[strcspn(line, "\r\n")] = '\0';
        arg = strchr(line, ' ');
        if (!arg)
            continue;
        *arg++ = '\0';

        if (strcmp(line, "LOOKUP") == 0) {
            struct user u;
            if (user_lookup(db, arg, &u) == 0)
                printf("%d %s %s\n", u.id, u.email, u.role);
            else
                puts("NOTFOUND");
        } else if (strcmp(line, "SEARCH") == 0) {
            user_search(db, arg);
        } else if (strcmp(line, "PURGE") == 0) {
            puts(user_purge(db, arg) == 0 ? "OK" : "ERR");
        } else if ((arg2 = strchr(arg, ' ')) != NULL) {
            *arg2++ = '\0';
            if (strcmp(line, "CREATE") == 0)
                puts(user_create(db, arg, arg2) == 0 ? "OK" : "ERR");
            else if (strcmp(line, "EMAIL") == 0)
                puts(user_set_email(db, atoi(arg), arg2) == 0 ? "OK" : "ERR");
        }
        fflush(stdout);
    }
    sqlite3_close(db);
    return 0;
}
