/*
 * minihttpd - tiny static file server for the device status pages.
 * Serves files below DOCROOT on port 8080, one request per connection.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <syslog.h>
#include <unistd.h>

#define DOCROOT "/usr/share/devstatus/www"
#define PORT 8080
#define REQ_MAX 4096

static const char *mime_type(const char *path)
{
    const char *dot = strrchr(path, '.');
    if (dot == NULL)
        return "application/octet-stream";
    if (strcmp(dot, ".html") == 0)
        return "text/html";
    if (strcmp(dot, ".css") == 0)
        return "text/css";
    if (strcmp(dot, ".js") == 0)
        return "application/javascript";
    if (strcmp(dot, ".json") == 0)
        return "application/json";
    return "application/octet-stream";
}

static void send_error(int fd, int code, const char *reason)
{
    char buf[256];
    int n = snprintf(buf, sizeof(buf),
                     "HTTP/1.0 %d %s\r\nContent-Type: text/plain\r\n\r\n%d %s\n",
                     code, reason, code, reason);
    if (n > 0)
        write(fd, buf, (size_t)n < sizeof(buf) ? (size_t)n : sizeof(buf) - 1);
}

static void log_request(const char *reqline)
{
    // expect: CWE-134
    syslog(LOG_INFO, reqline);
}

static void handle_client(int fd)
{
    char req[REQ_MAX];
    char uri[256];
    char path[512];
    char header[128];
    char chunk[8192];
    ssize_t n;
    char *sp, *end;
    int file;
    struct stat st;

    n = recv(fd, req, sizeof(req) - 1, 0);
    if (n <= 0)
        return;
    req[n] = '\0';

    end = strstr(req, "\r\n");
    if (end != NULL)
        *end = '\0';
    log_request(req);

    if (strncmp(req, "GET ", 4) != 0) {
        send_error(fd, 405, "Method Not Allowed");
        return;
    }
    sp = strchr(req + 4, ' ');
    if (sp != NULL)
        *sp = '\0';
    // expect: CWE-120
    strcpy(uri, req + 4);

    if (strcmp(uri, "/") == 0)
        strcpy(uri, "/index.html");

    snprintf(path, sizeof(path), "%s%s", DOCROOT, uri);
    // expect: CWE-22
    file = open(path, O_RDONLY);
    if (file < 0) {
        send_error(fd, 404, "Not Found");
        return;
    }
    if (fstat(file, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(file);
        send_error(fd, 404, "Not Found");
        return;
    }

    // expect: CWE-120
    sprintf(header, "HTTP/1.0 200 OK\r\nContent-Type: %s\r\nContent-Length: %ld\r\nX-Resource: %s\r\n\r\n",
            mime_type(path), (long)st.st_size, uri);
    write(fd, header, strlen(header));

    while ((n = read(file, chunk, sizeof(chunk))) > 0) {
        if (write(fd, chunk, (size_t)n) != n)
            break;
    }
    close(file);
}

int main(void)
{
    int srv, cli, one = 1;
    struct sockaddr_in addr;

    signal(SIGPIPE, SIG_IGN);
    openlog("minihttpd", LOG_PID, LOG_DAEMON);

    srv = socket(AF_INET, SOCK_STREAM, 0);
    if (srv < 0) {
        perror("socket");
        return 1;
    }
    setsockopt(srv, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));

    memset(&addr, 0, sizeof(addr));
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_ANY);
    addr.sin_port = htons(PORT);

    if (bind(srv, (struct sockaddr *)&addr, sizeof(addr)) < 0 || listen(srv, 16) < 0) {
        perror("bind/listen");
        return 1;
    }

    for (;;) {
        cli = accept(srv, NULL, NULL);
        if (cli < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        handle_client(cli);
        close(cli);
    }
    close(srv);
    return 0;
}
