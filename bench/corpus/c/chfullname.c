/*
 * chfullname - let users change the full name shown in the company
 * directory. Installed setuid root so it can update /var/lib/dirsync.
 *
 *   usage: chfullname <login> "<Full Name>"
 */
#include <errno.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <sys/types.h>
#include <unistd.h>

#define STATE_DIR "/var/lib/dirsync"

static void usage(const char *prog)
{
    fprintf(stderr, "usage: %s <login> \"<Full Name>\"\n", prog);
    exit(2);
}

static int valid_name_char(char c)
{
    return c != ':' && c != '\n' && c != '\r';
}

int main(int argc, char **argv)
{
    char login[32];
    char gecos[128];
    char answer[8];
    char path[256];
    char msg[512];
    struct passwd *pw;
    FILE *fp;
    size_t i;

    if (argc != 3)
        usage(argv[0]);

    // expect: CWE-120
    strcpy(login, argv[1]);

    pw = getpwnam(login);
    if (pw == NULL) {
        fprintf(stderr, "%s: unknown user\n", login);
        return 1;
    }
    if (getuid() != 0 && getuid() != pw->pw_uid) {
        fprintf(stderr, "you may only change your own name\n");
        return 1;
    }

    for (i = 0; argv[2][i] != '\0'; i++) {
        if (!valid_name_char(argv[2][i])) {
            fprintf(stderr, "invalid character in name\n");
            return 1;
        }
    }
    // expect: CWE-120
    sprintf(gecos, "%s,,,", argv[2]);

    printf("Change full name of %s to \"%s\"? [yes/no] ", pw->pw_name, argv[2]);
    fflush(stdout);
    // expect: CWE-120
    if (scanf("%s", answer) != 1 || strcmp(answer, "yes") != 0) {
        printf("aborted\n");
        return 0;
    }

    /* pw_name comes from the passwd database, not from the command line */
    snprintf(path, sizeof(path), "%s/%s.gecos", STATE_DIR, pw->pw_name);
    fp = fopen(path, "w");
    if (fp == NULL) {
        fprintf(stderr, "cannot write %s: %s\n", path, strerror(errno));
        return 1;
    }
    fprintf(fp, "%s\n", gecos);
    fclose(fp);

    openlog("chfullname", LOG_PID, LOG_AUTHPRIV);
    snprintf(msg, sizeof(msg), "uid %d changed gecos of %s to '%s'", (int)getuid(), pw->pw_name, gecos);
    // expect: CWE-134
    syslog(LOG_NOTICE, msg);
    closelog();

    printf("%s\n", "done; the directory is updated within 15 minutes");
    return 0;
}
