/*
 * kvstore - tiny persistent key/value store on top of SQLite.
 *
 *   kvstore <db> get <key>
 *   kvstore <db> set <key> <value>
 *   kvstore <db> del <key>
 *   kvstore <db> list [prefix]
 */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int exec_simple(sqlite3 *db, const char *sql)
{
    char *err = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK) {
        fprintf(stderr, "sqlite: %s\n", err ? err : "unknown error");
        sqlite3_free(err);
        return -1;
    }
    return 0;
}

static int kv_get(sqlite3 *db, const char *key)
{
    sqlite3_stmt *st;
    int rc = 1;

    if (sqlite3_prepare_v2(db, "SELECT value FROM kv WHERE key = ?1", -1, &st, NULL) != SQLITE_OK)
        return -1;
    sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
    if (sqlite3_step(st) == SQLITE_ROW) {
        printf("%s\n", (const char *)sqlite3_column_text(st, 0));
        rc = 0;
    }
    sqlite3_finalize(st);
    return rc;
}

static int kv_set(sqlite3 *db, const char *key, const char *value)
{
    sqlite3_stmt *st;
    int rc;

    if (sqlite3_prepare_v2(db,
            "INSERT INTO kv (key, value, updated) VALUES (?1, ?2, strftime('%s','now')) "
            "ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated = excluded.updated",
            -1, &st, NULL) != SQLITE_OK)
        return -1;
    sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, value, -1, SQLITE_STATIC);
    rc = sqlite3_step(st) == SQLITE_DONE ? 0 : -1;
    sqlite3_finalize(st);
    return rc;
}

static int kv_del(sqlite3 *db, const char *key)
{
    sqlite3_stmt *st;
    int rc;

    if (sqlite3_prepare_v2(db, "DELETE FROM kv WHERE key = ?1", -1, &st, NULL) != SQLITE_OK)
        return -1;
    sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
    rc = sqlite3_step(st) == SQLITE_DONE ? 0 : -1;
    printf("%d row(s) deleted\n", sqlite3_changes(db));
    sqlite3_finalize(st);
    return rc;
}

static int kv_list(sqlite3 *db, const char *prefix)
{
    sqlite3_stmt *st;
    char *pattern;

    /* the pattern is bound as a value; wildcards in the prefix are allowed */
    pattern = sqlite3_mprintf("%s%%", prefix ? prefix : "");
    if (pattern == NULL)
        return -1;
    if (sqlite3_prepare_v2(db, "SELECT key, value FROM kv WHERE key LIKE ?1 ORDER BY key", -1, &st, NULL) != SQLITE_OK) {
        sqlite3_free(pattern);
        return -1;
    }
    sqlite3_bind_text(st, 1, pattern, -1, sqlite3_free);
    while (sqlite3_step(st) == SQLITE_ROW)
        printf("%s=%s\n", sqlite3_column_text(st, 0), sqlite3_column_text(st, 1));
    sqlite3_finalize(st);
    return 0;
}

int main(int argc, char **argv)
{
    sqlite3 *db;
    int rc = 2;

    if (argc < 3) {
        fprintf(stderr, "usage: %s <db> get|set|del|list ...\n", argv[0]);
        return 2;
    }
    if (sqlite3_open(argv[1], &db) != SQLITE_OK) {
        fprintf(stderr, "cannot open %s: %s\n", argv[1], sqlite3_errmsg(db));
        return 1;
    }
    if (exec_simple(db, "CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT, updated INTEGER)") != 0) {
        sqlite3_close(db);
        return 1;
    }

    if (strcmp(argv[2], "get") == 0 && argc == 4)
        rc = kv_get(db, argv[3]);
    else if (strcmp(argv[2], "set") == 0 && argc == 5)
        rc = kv_set(db, argv[3], argv[4]);
    else if (strcmp(argv[2], "del") == 0 && argc == 4)
        rc = kv_del(db, argv[3]);
    else if (strcmp(argv[2], "list") == 0)
        rc = kv_list(db, argc > 3 ? argv[3] : NULL);
    else
        fprintf(stderr, "bad command\n");

    sqlite3_close(db);
    return rc < 0 ? 1 : rc;
}
