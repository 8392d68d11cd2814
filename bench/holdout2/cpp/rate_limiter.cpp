// rate_limiter.cpp - token-bucket rate limiting for the API edge proxy.
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <optional>
#include <random>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace edge {

using Clock = std::chrono::steady_clock;

struct LimitPolicy {
    double tokens_per_second = 10.0;
    double burst = 20.0;
};

class TokenBucket {
public:
    explicit TokenBucket(LimitPolicy p) : policy_(p), tokens_(p.burst), last_(Clock::now()) {}

    bool try_take(double cost = 1.0) {
        const auto now = Clock::now();
        const std::chrono::duration<double> elapsed = now - last_;
        last_ = now;
        tokens_ = std::min(policy_.burst, tokens_ + elapsed.count() * policy_.tokens_per_second);
        if (tokens_ < cost) return false;
        tokens_ -= cost;
        return true;
    }

    double retry_after_seconds(double cost = 1.0) const {
        return tokens_ >= cost ? 0.0 : (cost - tokens_) / policy_.tokens_per_second;
    }

private:
    LimitPolicy policy_;
    double tokens_;
    Clock::time_point last_;
};

class RateLimiter {
public:
    RateLimiter(LimitPolicy default_policy, std::unordered_map<std::string, LimitPolicy> per_route)
        : default_(default_policy), routes_(std::move(per_route)), shards_(kShards) {}

    struct Result {
        bool allowed;
        double retry_after;
    };

    Result check(std::string_view client_key, std::string_view route) {
        const LimitPolicy policy = policy_for(route);
        std::string key;
        key.reserve(client_key.size() + route.size() + 1);
        key.append(client_key).append("|").append(route);

        Shard& shard = shards_[std::hash<std::string>{}(key) % shards_.size()];
        std::lock_guard<std::mutex> lock(shard.mu);
        auto it = shard.buckets.find(key);
        if (it == shard.buckets.end()) {
            if (shard.buckets.size() >= kMaxBucketsPerShard) evict_one(shard);
            it = shard.buckets.emplace(key, TokenBucket(policy)).first;
        }
        const bool ok = it->second.try_take();
        return Result{ok, ok ? 0.0 : it->second.retry_after_seconds()};
    }

    std::string retry_after_header(const Result& r) const {
        char buf[48];
        std::snprintf(buf, sizeof buf, "Retry-After: %d", static_cast<int>(r.retry_after + 0.999));
        return buf;
    }

    std::string describe(std::string_view route) const {
        const LimitPolicy p = policy_for(route);
        char buf[128];
        const int n = std::snprintf(buf, sizeof buf, "route=%.*s rate=%.2f/s burst=%.0f",
                                    static_cast<int>(std::min<size_t>(route.size(), 64)), route.data(),
                                    p.tokens_per_second, p.burst);
        return std::string(buf, static_cast<size_t>(std::clamp(n, 0, static_cast<int>(sizeof buf) - 1)));
    }

    uint8_t histogram_bucket(double retry_after) const {
        static constexpr std::array<double, 6> edges{0.1, 0.5, 1.0, 5.0, 30.0, 120.0};
        size_t i = 0;
        while (i < edges.size() && retry_after > edges[i]) ++i;
        return static_cast<uint8_t>(i);
    }

    void record_rejection(double retry_after) {
        const uint8_t b = histogram_bucket(retry_after);
        std::lock_guard<std::mutex> lock(hist_mu_);
        if (b < histogram_.size()) histogram_[b]++;
    }

private:
    static constexpr size_t kShards = 32;
    static constexpr size_t kMaxBucketsPerShard = 4096;

    struct Shard {
        std::mutex mu;
        std::unordered_map<std::string, TokenBucket> buckets;
    };

    LimitPolicy policy_for(std::string_view route) const {
        auto it = routes_.find(std::string(route));
        return it == routes_.end() ? default_ : it->second;
    }

    void evict_one(Shard& shard) {
        static thread_local std::minstd_rand rng{std::random_device{}()};
        if (shard.buckets.empty()) return;
        auto it = shard.buckets.begin();
        std::advance(it, static_cast<long>(rng() % shard.buckets.size()));
        shard.buckets.erase(it);
    }

    LimitPolicy default_;
    std::unordered_map<std::string, LimitPolicy> routes_;
    std::vector<Shard> shards_;
    std::mutex hist_mu_;
    std::array<uint64_t, 7> histogram_{};
};

}  // namespace edge
