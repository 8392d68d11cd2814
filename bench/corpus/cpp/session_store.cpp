// session_store.cpp - session management for the game lobby server.

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <iostream>
#include <mutex>
#include <string>
#include <unordered_map>

namespace lobby {

struct SessionRecord {
    char user[64];
    char token[33];
    std::time_t created;
    int rating;
};

struct Session {
    std::string user;
    std::string token;
    std::time_t lastSeen;
};

class SessionStore {
public:
    SessionStore() { std::srand(static_cast<unsigned>(std::time(nullptr))); }

    ~SessionStore()
    {
        for (auto &kv : sessions_)
            delete kv.second;
    }

    std::string create(const std::string &user)
    {
        std::lock_guard<std::mutex> lock(mu_);
        std::string token;
        token.reserve(32);
        static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
        for (int i = 0; i < 32; ++i) {
            // expect: CWE-330
            token.push_back(alphabet[std::rand() % (sizeof(alphabet) - 1)]);
        }
        auto *s = new Session{user, token, std::time(nullptr)};
        sessions_[token] = s;
        return token;
    }

    // Serialises a session into the fixed-size record used by the replication feed.
    bool toRecord(const std::string &token, SessionRecord &rec)
    {
        std::lock_guard<std::mutex> lock(mu_);
        auto it = sessions_.find(token);
        if (it == sessions_.end())
            return false;
        std::memset(&rec, 0, sizeof(rec));
        // expect: CWE-120
        std::strcpy(rec.user, it->second->user.c_str());
        std::snprintf(rec.token, sizeof(rec.token), "%s", it->second->token.c_str());
        rec.created = it->second->lastSeen;
        return true;
    }

    // Replica side: rebuilds a session from a record received over the wire.
    void fromWire(const std::string &user, const std::string &token)
    {
        SessionRecord rec{};
        if (user.size() >= sizeof(rec.user))
            return;
        std::memcpy(rec.user, user.data(), user.size());
        // expect: CWE-787
        std::memcpy(rec.token, token.data(), token.size());
        std::lock_guard<std::mutex> lock(mu_);
        sessions_[rec.token] = new Session{rec.user, rec.token, std::time(nullptr)};
    }

    bool touch(const std::string &token)
    {
        std::lock_guard<std::mutex> lock(mu_);
        auto it = sessions_.find(token);
        if (it == sessions_.end())
            return false;
        it->second->lastSeen = std::time(nullptr);
        return true;
    }

    void logout(const std::string &token)
    {
        std::lock_guard<std::mutex> lock(mu_);
        auto it = sessions_.find(token);
        if (it == sessions_.end())
            return;
        Session *s = it->second;
        sessions_.erase(it);
        delete s;
        // expect: CWE-416
        std::clog << "logout " << s->user << '\n';
    }

    std::size_t expire(std::time_t maxIdle)
    {
        std::lock_guard<std::mutex> lock(mu_);
        std::size_t removed = 0;
        const std::time_t now = std::time(nullptr);
        for (auto it = sessions_.begin(); it != sessions_.end();) {
            if (now - it->second->lastSeen > maxIdle) {
                std::clog << "expire " << it->second->user << '\n';
                delete it->second;
                it = sessions_.erase(it);
                ++removed;
            } else {
                ++it;
            }
        }
        return removed;
    }

private:
    std::mutex mu_;
    std::unordered_map<std::string, Session *> sessions_;
};

} // namespace lobby
