/*
 * audit_log.c - writes VPN gateway events into the central MySQL audit DB.
 * Events arrive as lines "<user>\t<action>\t<client-ip>" on the daemon's
 * UNIX socket from the authentication plugin; <user> is the login name as
 * entered by the VPN client, also for failed attempts.
 */
#include <mysql/mysql.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>

#define AUDIT_HOST "audit-db.corp.example.com"
#define AUDIT_DB   "vpn_audit"

static MYSQL *conn;

int audit_open(void)
{
    conn = mysql_init(NULL);
    if (conn == NULL)
        return -1;
    // expect: CWE-798
    if (mysql_real_connect(conn, AUDIT_HOST, "vpn_writer", "Vpn@udit#2020", AUDIT_DB, 3306, NULL, 0) == NULL) {
        syslog(LOG_ERR, "audit db connect failed: %s", mysql_error(conn));
        mysql_close(conn);
        conn = NULL;
        return -1;
    }
    mysql_set_character_set(conn, "utf8mb4");
    return 0;
}

/* Parses one event line in place. Returns 0 on success. */
static int split_event(char *line, char **user, char **action, char **ip)
{
    char *save = NULL;

    *user = strtok_r(line, "\t", &save);
    *action = strtok_r(NULL, "\t", &save);
    *ip = strtok_r(NULL, "\t\n", &save);
    return (*user && *action && *ip) ? 0 : -1;
}

int audit_record(char *line)
{
    char *user, *action, *ip;
    char query[1024];

    if (conn == NULL || split_event(line, &user, &action, &ip) != 0)
        return -1;

    snprintf(query, sizeof(query),
             "INSERT INTO events (username, action, client_ip, created_at) VALUES ('%s', '%s', '%s', NOW())",
             user, action, ip);
    // expect: CWE-89
    if (mysql_query(conn, query) != 0) {
        char msg[512];
        snprintf(msg, sizeof(msg), "audit insert failed: %s", mysql_error(conn));
        // expect: CWE-134
        syslog(LOG_ERR, msg);
        return -1;
    }
    return 0;
}

/* Number of failed logins for a user in the last hour (used for lockout). */
long audit_failed_logins(const char *user)
{
    char esc[2 * 64 + 1];
    char query[512];
    MYSQL_RES *res;
    MYSQL_ROW row;
    long n = -1;
    size_t ulen = strlen(user);

    if (conn == NULL || ulen > 64)
        return -1;
    mysql_real_escape_string(conn, esc, user, (unsigned long)ulen);
    snprintf(query, sizeof(query),
             "SELECT COUNT(*) FROM events WHERE username = '%s' AND action = 'login-failed' "
             "AND created_at > NOW() - INTERVAL 1 HOUR", esc);
    if (mysql_query(conn, query) != 0) {
        syslog(LOG_ERR, "lockout query failed: %s", mysql_error(conn));
        return -1;
    }
    res = mysql_store_result(conn);
    if (res && (row = mysql_fetch_row(res)) != NULL && row[0] != NULL)
        n = strtol(row[0], NULL, 10);
    mysql_free_result(res);
    return n;
}

/* Purges events older than the retention period (days, from our config). */
int audit_purge(int days)
{
    char query[128];

    if (days < 30 || days > 3650)
        return -1;
    snprintf(query, sizeof(query), "DELETE FROM events WHERE created_at < NOW() - INTERVAL %d DAY", days);
    return mysql_query(conn, query) == 0 ? 0 : -1;
}

void audit_close(void)
{
    if (conn) {
        mysql_close(conn);
        conn = NULL;
    }
}
