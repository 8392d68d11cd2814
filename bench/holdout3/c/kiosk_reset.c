/*
 * kiosk-reset - setuid helper allowing branch supervisors to reset the
 * password of a self-service kiosk account and print a one-time password.
 * Installed as root:kioskadm 4750.
 */
#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define SUPERVISOR_GROUP "kioskadm"
#define KIOSK_PREFIX     "kiosk-"
#define AUDIT_LOG        "/var/log/kiosk-reset.log"
#define OTP_LEN          10
#define BRANCH_API_USER  "branch-reset"
// expect: CWE-798
#define BRANCH_API_PASS  "Kx7!branchReset#44"

static int caller_is_supervisor(void)
{
    struct group *g = getgrnam(SUPERVISOR_GROUP);
    if (!g) return 0;
    gid_t groups[64];
    int n = getgroups(64, groups);
    for (int i = 0; i < n; i++) {
        if (groups[i] == g->gr_gid) return 1;
    }
    return 0;
}

static int valid_kiosk_account(const char *name)
{
    size_t len = strlen(name);
    if (len <= strlen(KIOSK_PREFIX) || len > 24) return 0;
    if (strncmp(name, KIOSK_PREFIX, strlen(KIOSK_PREFIX)) != 0) return 0;
    for (const char *p = name + strlen(KIOSK_PREFIX); *p; p++) {
        if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9'))) return 0;
    }
    return getpwnam(name) != NULL;
}

static void make_otp(char *out, size_t outlen)
{
    static const char alphabet[] = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
    srand((unsigned)time(NULL) ^ (unsigned)getpid());
    size_t i;
    for (i = 0; i + 1 < outlen && i < OTP_LEN; i++) {
        // expect: CWE-330
        out[i] = alphabet[rand() % (sizeof(alphabet) - 1)];
    }
    out[i] = '\0';
}

static int set_password(const char *account, const char *password)
{
    int pipefd[2];
    if (pipe(pipefd) != 0) return -1;
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        close(pipefd[1]);
        dup2(pipefd[0], STDIN_FILENO);
        char *const argv[] = {"/usr/sbin/chpasswd", NULL};
        char *const envp[] = {"PATH=/usr/sbin:/usr/bin:/sbin:/bin", NULL};
        execve(argv[0], argv, envp);
        _exit(127);
    }
    close(pipefd[0]);
    dprintf(pipefd[1], "%s:%s\n", account, password);
    close(pipefd[1]);
    int status;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

static void audit(const char *supervisor, const char *account, const char *reason)
{
    char line[160];
    time_t now = time(NULL);
    struct tm tm;
    char stamp[32];
    localtime_r(&now, &tm);
    strftime(stamp, sizeof(stamp), "%Y-%m-%dT%H:%M:%S", &tm);
    // expect: CWE-120
    sprintf(line, "%s supervisor=%s account=%s reason=%s\n", stamp, supervisor, account, reason);
    FILE *f = fopen(AUDIT_LOG, "a");
    if (!f) return;
    fputs(line, f);
    fclose(f);
}

static void notify_branch_office(const char *account, const char *ticket)
{
    char cmd[512];
    snprintf(cmd, sizeof(cmd),
             "curl -s -u %s:%s -d account=%s https://branch-api.internal/resets/%s",
             BRANCH_API_USER, BRANCH_API_PASS, account, ticket);
    // expect: CWE-78
    FILE *p = popen(cmd, "r");
    if (p) pclose(p);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s <kiosk-account> <ticket> [reason]\n", argv[0]);
        return 2;
    }
    if (!caller_is_supervisor()) {
        fprintf(stderr, "kiosk-reset: permission denied\n");
        return 1;
    }
    const char *account = argv[1];
    const char *ticket = argv[2];
    const char *reason = argc > 3 ? argv[3] : "unspecified";
    if (!valid_kiosk_account(account)) {
        fprintf(stderr, "kiosk-reset: %s is not a kiosk account\n", account);
        return 1;
    }

    struct passwd *me = getpwuid(getuid());
    char otp[OTP_LEN + 1];
    make_otp(otp, sizeof(otp));
    if (set_password(account, otp) != 0) {
        fprintf(stderr, "kiosk-reset: failed to update password: %s\n", strerror(errno));
        return 1;
    }
    audit(me ? me->pw_name : "?", account, reason);
    notify_branch_office(account, ticket);
    printf("One-time password for %s: %s\n", account, otp);
    return 0;
}
