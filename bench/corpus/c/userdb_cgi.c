/*
 * userdb.cgi - user lookup / admin endpoint for the router web UI.
 * Runs under the embedded httpd as a CGI program; parameters come from
 * QUERY_STRING (GET) or stdin (POST, application/x-www-form-urlencoded).
 */
#include <ctype.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DB_PATH "/etc/webui/users.db"

/* libwebui: PBKDF2 check against users.pw_hash */
extern int webui_check_password(sqlite3 *db, const char *user, const char *pass);

// expect: CWE-798
static const char *SUPPORT_PASSWORD = "r0uter-supp0rt";

/* Decode a single form value in place. */
static void url_decode(char *s)
{
    char *o = s;
    while (*s) {
        if (*s == '+') {
            *o++ = ' ';
            s++;
        } else if (*s == '%' && isxdigit((unsigned char)s[1]) && isxdigit((unsigned char)s[2])) {
            char hex[3] = { s[1], s[2], '\0' };
            *o++ = (char)strtol(hex, NULL, 16);
            s += 3;
        } else {
            *o++ = *s++;
        }
    }
    *o = '\0';
}

/* Copies the value of `name` from a query string into out (size outlen). */
static int form_value(const char *qs, const char *name, char *out, size_t outlen)
{
    size_t nlen = strlen(name);
    const char *p = qs;

    while (p && *p) {
        if (strncmp(p, name, nlen) == 0 && p[nlen] == '=') {
            const char *v = p + nlen + 1;
            size_t len = strcspn(v, "&");
            if (len >= outlen)
                len = outlen - 1;
            memcpy(out, v, len);
            out[len] = '\0';
            url_decode(out);
            return 0;
        }
        p = strchr(p, '&');
        if (p)
            p++;
    }
    return -1;
}

static int print_row(void *unused, int ncol, char **vals, char **cols)
{
    (void)unused;
    for (int i = 0; i < ncol; i++)
        printf("%s=%s%s", cols[i], vals[i] ? vals[i] : "", i + 1 < ncol ? "&" : "\n");
    return 0;
}

int main(void)
{
    const char *qs = getenv("QUERY_STRING");
    char action[16] = "", user[128] = "", pass[128] = "", role[32] = "";
    char sql[512];
    char *err = NULL;
    sqlite3 *db;
    sqlite3_stmt *st;

    if (qs == NULL)
        qs = "";
    form_value(qs, "action", action, sizeof(action));
    form_value(qs, "user", user, sizeof(user));
    form_value(qs, "pass", pass, sizeof(pass));
    form_value(qs, "role", role, sizeof(role));

    printf("Content-Type: text/plain\r\n\r\n");

    if (sqlite3_open_v2(DB_PATH, &db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
        printf("error=db\n");
        return 0;
    }

    if (strcmp(action, "login") == 0) {
        int ok = 0;
        if (strcmp(user, "support") == 0 && strcmp(pass, SUPPORT_PASSWORD) == 0)
            ok = 1;
        else
            ok = webui_check_password(db, user, pass);
        printf("login=%s\n", ok ? "ok" : "denied");
    } else if (strcmp(action, "role") == 0) {
        if (sqlite3_prepare_v2(db, "SELECT role FROM users WHERE name = ?1", -1, &st, NULL) == SQLITE_OK) {
            sqlite3_bind_text(st, 1, user, -1, SQLITE_TRANSIENT);
            if (sqlite3_step(st) == SQLITE_ROW)
                printf("role=%s\n", sqlite3_column_text(st, 0));
            sqlite3_finalize(st);
        }
    } else if (strcmp(action, "lookup") == 0) {
        snprintf(sql, sizeof(sql), "SELECT name, role, last_login FROM users WHERE name = '%s'", user);
        // expect: CWE-89
        if (sqlite3_exec(db, sql, print_row, NULL, &err) != SQLITE_OK) {
            printf("error=%s\n", err);
            sqlite3_free(err);
        }
    } else if (strcmp(action, "list") == 0) {
        strcpy(sql, "SELECT name, role FROM users");
        if (role[0] != '\0') {
            strcat(sql, " WHERE role = '");
            strncat(sql, role, sizeof(sql) - strlen(sql) - 3);
            strcat(sql, "'");
        }
        // expect: CWE-89
        if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK) {
            while (sqlite3_step(st) == SQLITE_ROW)
                printf("%s:%s\n", sqlite3_column_text(st, 0), sqlite3_column_text(st, 1));
            sqlite3_finalize(st);
        }
    } else if (strcmp(action, "count") == 0) {
        sqlite3_exec(db, "SELECT COUNT(*) AS users FROM users", print_row, NULL, NULL);
    } else {
        printf("error=unknown action\n");
    }

    sqlite3_close(db);
    return 0;
}
