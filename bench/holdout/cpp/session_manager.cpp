// session_manager.cpp - game lobby sessions (raw-pointer era code, partially migrated).
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <map>
#include <memory>
#include <mutex>
#include <ostream>
#include <string>
#include <vector>

struct Session {
    std::string user;
    std::string token;
    std::time_t expires = 0;
    uint8_t* state = nullptr;     // serialized lobby state, owned by the session
    size_t stateLen = 0;
};

struct Player {
    std::string name;
    int rating = 1000;
};

// Takes ownership of buf; frees it if it cannot be decoded.
static bool decodeInto(Session& s, uint8_t* buf, size_t n)
{
    if (n < 4 || std::memcmp(buf, "LBY1", 4) != 0) {
        delete[] buf;
        return false;
    }
    delete[] s.state;
    s.state = buf;
    s.stateLen = n;
    return true;
}

class SessionManager {
public:
    explicit SessionManager(std::ostream& log) : log_(log) {}
    ~SessionManager()
    {
        for (auto& kv : byToken_) destroy(kv.second);
    }

    Session* create(const std::string& user, const std::string& token, int ttlSeconds)
    {
        std::lock_guard<std::mutex> lk(mu_);
        auto* s = new Session{user, token, std::time(nullptr) + ttlSeconds, nullptr, 0};
        byToken_[token] = s;
        return s;
    }

    Session* find(const std::string& token)
    {
        auto it = byToken_.find(token);
        return it == byToken_.end() ? nullptr : it->second;
    }

    void logout(const std::string& token)
    {
        std::lock_guard<std::mutex> lk(mu_);
        auto it = byToken_.find(token);
        if (it == byToken_.end()) return;
        Session* s = it->second;
        byToken_.erase(it);
        destroy(s);
        // expect: CWE-416
        log_ << "logout user=" << s->user << "\n";
    }

    void purgeExpired(std::time_t now)
    {
        std::lock_guard<std::mutex> lk(mu_);
        for (auto it = byToken_.begin(); it != byToken_.end();) {
            if (it->second->expires <= now) {
                log_ << "expired user=" << it->second->user << "\n";
                destroy(it->second);
                it = byToken_.erase(it);
            } else {
                ++it;
            }
        }
    }

    bool importState(const std::string& token, const uint8_t* data, size_t n)
    {
        std::lock_guard<std::mutex> lk(mu_);
        Session* s = find(token);
        if (!s || n == 0 || n > (1u << 20)) return false;
        uint8_t* copy = new uint8_t[n];
        std::memcpy(copy, data, n);
        if (!decodeInto(*s, copy, n)) {
            log_ << "bad lobby state from " << s->user << "\n";
            // expect: CWE-415
            delete[] copy;
            return false;
        }
        return true;
    }

    std::string describe(const std::string& token)
    {
        std::lock_guard<std::mutex> lk(mu_);
        Session* s = find(token);
        if (!s) return "unknown";
        char line[64];
        // expect: CWE-120
        std::sprintf(line, "%s (%s)", s->user.c_str(), s->token.c_str());
        return line;
    }

    std::string shortId(const std::string& token)
    {
        std::lock_guard<std::mutex> lk(mu_);
        Session* s = find(token);
        if (!s) return {};
        char buf[16];
        std::snprintf(buf, sizeof buf, "%.8s", s->token.c_str());
        return buf;
    }

private:
    static void destroy(Session* s)
    {
        delete[] s->state;
        delete s;
    }

    std::mutex mu_;
    std::map<std::string, Session*> byToken_;
    std::ostream& log_;
};

class Lobby {
public:
    void join(std::unique_ptr<Player> p) { players_.push_back(std::move(p)); }

    void kick(const std::string& name)
    {
        for (auto it = players_.begin(); it != players_.end(); ++it) {
            if ((*it)->name == name) {
                const std::string gone = (*it)->name;
                players_.erase(it);
                announce(gone + " was kicked");
                return;
            }
        }
    }

    const std::vector<std::string>& announcements() const { return log_; }

private:
    void announce(const std::string& msg) { log_.push_back(msg); }

    std::vector<std::unique_ptr<Player>> players_;
    std::vector<std::string> log_;
};
