// connection_pool.cpp - pool of upstream connections for the cache proxy.

#include <algorithm>
#include <chrono>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <unistd.h>

namespace proxy {

struct Upstream {
    std::string host;
    int port;
};

class Connection {
public:
    Connection(int fd, const Upstream &up) : fd_(fd), upstream_(up), lastUsed_(std::chrono::steady_clock::now()) {}
    ~Connection()
    {
        if (fd_ >= 0)
            ::close(fd_);
    }

    bool healthy() const { return fd_ >= 0 && !broken_; }
    void markBroken() { broken_ = true; }
    const Upstream &upstream() const { return upstream_; }
    std::chrono::steady_clock::time_point lastUsed() const { return lastUsed_; }
    void touch() { lastUsed_ = std::chrono::steady_clock::now(); }

private:
    int fd_;
    Upstream upstream_;
    bool broken_ = false;
    std::chrono::steady_clock::time_point lastUsed_;
};

class ConnectionPool {
public:
    explicit ConnectionPool(size_t maxIdle) : maxIdle_(maxIdle) {}

    ~ConnectionPool()
    {
        for (Connection *c : idle_)
            delete c;
    }

    // Returns true if the connection was kept for reuse.
    bool release(Connection *conn)
    {
        const bool reusable = conn->healthy();
        if (!reusable) {
            ++brokenCount_;
            delete conn;
        }
        if (!reusable || idle_.size() >= maxIdle_) {
            // expect: CWE-415
            delete conn;
            return false;
        }
        conn->touch();
        idle_.push_back(conn);
        return true;
    }

    // Closes connections idle for longer than maxAge.
    void reap(std::chrono::seconds maxAge)
    {
        auto now = std::chrono::steady_clock::now();
        auto it = std::remove_if(idle_.begin(), idle_.end(), [&](Connection *c) {
            if (now - c->lastUsed() > maxAge) {
                delete c;
                return true;
            }
            return false;
        });
        idle_.erase(it, idle_.end());
    }

    void registerUpstream(const Upstream &up)
    {
        const Upstream &primary = upstreams_.empty() ? up : upstreams_.front();
        upstreams_.push_back(up);
        // expect: CWE-416
        std::clog << "registered " << up.host << " (primary " << primary.host << ")\n";
    }

    void dropUpstream(const std::string &host)
    {
        for (auto it = idle_.begin(); it != idle_.end();) {
            Connection *c = *it;
            if (c->upstream().host == host) {
                it = idle_.erase(it);
                delete c;
                // expect: CWE-416
                std::clog << "dropped idle connection to " << c->upstream().host << ':' << c->upstream().port << '\n';
            } else {
                ++it;
            }
        }
    }

    // Owning handle used by newer code paths.
    std::unique_ptr<Connection> take()
    {
        if (idle_.empty())
            return nullptr;
        std::unique_ptr<Connection> c(idle_.back());
        idle_.pop_back();
        return c;
    }

private:
    size_t maxIdle_;
    size_t brokenCount_ = 0;
    std::vector<Connection *> idle_;
    std::vector<Upstream> upstreams_;
};

} // namespace proxy
