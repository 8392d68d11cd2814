// chat_server.cpp - line-based LAN chat server (select loop).
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

constexpr int kMaxClients = 32;
constexpr int kPort = 6667;

struct Client {
    int fd = -1;
    bool active = false;
    bool op = false;
    char nick[16] = "guest";
    std::string pending;
};

} // namespace

class ChatServer {
public:
    explicit ChatServer(FILE* logFile) : logFile_(logFile) {}
    bool listenOn(int port);
    void run();

private:
    void accept_();
    void readFrom(Client& c);
    void onLine(Client& c, const char* line);
    void broadcast(const char* text);
    void send(Client& c, const char* text) { ::send(c.fd, text, std::strlen(text), MSG_NOSIGNAL); }

    int listenFd_ = -1;
    Client clients_[kMaxClients];
    FILE* logFile_;
};

bool ChatServer::listenOn(int port)
{
    listenFd_ = socket(AF_INET, SOCK_STREAM, 0);
    if (listenFd_ < 0) return false;
    int one = 1;
    setsockopt(listenFd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in sa{};
    sa.sin_family = AF_INET;
    sa.sin_port = htons(static_cast<uint16_t>(port));
    sa.sin_addr.s_addr = htonl(INADDR_ANY);
    if (bind(listenFd_, reinterpret_cast<sockaddr*>(&sa), sizeof sa) < 0) return false;
    return listen(listenFd_, 16) == 0;
}

void ChatServer::broadcast(const char* text)
{
    for (auto& c : clients_)
        if (c.active) send(c, text);
}

void ChatServer::onLine(Client& c, const char* line)
{
    if (std::strncmp(line, "NICK ", 5) == 0) {
        // expect: CWE-120
        std::strcpy(c.nick, line + 5);
        send(c, "OK\r\n");
    } else if (std::strncmp(line, "MSG ", 4) == 0) {
        char out[512];
        std::snprintf(out, sizeof out, "<%s> %s\r\n", c.nick, line + 4);
        broadcast(out);
    } else if (std::strncmp(line, "ME ", 3) == 0) {
        char out[256];
        // expect: CWE-120
        std::sprintf(out, "* %s %s\r\n", c.nick, line + 3);
        broadcast(out);
    } else if (std::strncmp(line, "OPER ", 5) == 0) {
        const std::string pass = line + 5;
        // expect: CWE-798
        if (pass == "lan-party-op-2024") {
            c.op = true;
            send(c, "You are now an operator\r\n");
        }
    } else if (std::strncmp(line, "KICK ", 5) == 0 && c.op) {
        const int slot = std::atoi(line + 5);
        if (slot >= 0 && slot < kMaxClients && clients_[slot].active) {
            close(clients_[slot].fd);
            clients_[slot].active = false;
        }
    } else if (std::strncmp(line, "NOTE ", 5) == 0) {
        std::fprintf(logFile_, "[%s] ", c.nick);
        // expect: CWE-134
        std::fprintf(logFile_, line + 5);
        std::fputc('\n', logFile_);
    } else if (std::strncmp(line, "TOPIC ", 6) == 0) {
        std::fprintf(logFile_, "[%s] topic: %s\n", c.nick, line + 6);
        std::string t = "TOPIC " + std::string(line + 6) + "\r\n";
        broadcast(t.c_str());
    } else {
        send(c, "ERR unknown command\r\n");
    }
}

void ChatServer::readFrom(Client& c)
{
    char buf[1024];
    const ssize_t n = recv(c.fd, buf, sizeof buf - 1, 0);
    if (n <= 0) {
        close(c.fd);
        c.active = false;
        return;
    }
    buf[n] = '\0';
    c.pending.append(buf, static_cast<size_t>(n));
    size_t pos;
    while ((pos = c.pending.find('\n')) != std::string::npos) {
        std::string line = c.pending.substr(0, pos);
        c.pending.erase(0, pos + 1);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.size() > 400) continue;
        onLine(c, line.c_str());
    }
    if (c.pending.size() > 4096) c.pending.clear();
}

void ChatServer::accept_()
{
    const int fd = accept(listenFd_, nullptr, nullptr);
    if (fd < 0) return;
    for (auto& c : clients_) {
        if (!c.active) {
            c = Client{};
            c.fd = fd;
            c.active = true;
            return;
        }
    }
    close(fd);
}

void ChatServer::run()
{
    for (;;) {
        fd_set rfds;
        FD_ZERO(&rfds);
        FD_SET(listenFd_, &rfds);
        int maxfd = listenFd_;
        for (auto& c : clients_) {
            if (c.active) {
                FD_SET(c.fd, &rfds);
                if (c.fd > maxfd) maxfd = c.fd;
            }
        }
        if (select(maxfd + 1, &rfds, nullptr, nullptr, nullptr) < 0) continue;
        if (FD_ISSET(listenFd_, &rfds)) accept_();
        for (auto& c : clients_)
            if (c.active && FD_ISSET(c.fd, &rfds)) readFrom(c);
    }
}

int main()
{
    FILE* log = std::fopen("chat.log", "a");
    if (!log) return 1;
    ChatServer server(log);
    if (!server.listenOn(kPort)) {
        std::perror("listen");
        return 1;
    }
    server.run();
}
