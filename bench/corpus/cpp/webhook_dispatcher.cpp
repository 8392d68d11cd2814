// webhook_dispatcher.cpp - delivers event notifications to customer-registered
// webhook URLs and reports delivery status to the billing service.

#include <curl/curl.h>
#include <openssl/hmac.h>

#include <chrono>
#include <cstdio>
#include <iomanip>
#include <sstream>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

using json = nlohmann::json;

namespace notify {

// expect: CWE-798
static const std::string kBillingApiKey = "bk_prod_4c1f9e7b2a6d48e0b3c5a9f1d7e2c6b8";
static const char *kBillingUrl = "https://billing.internal.example.com/api/v1/usage";

struct Subscription {
    std::string id;
    std::string url;      // entered by the customer in the dashboard
    std::string secret;   // per-subscription signing secret
};

static size_t discard(char *, size_t size, size_t nmemb, void *) { return size * nmemb; }

static std::string hmacHex(const std::string &key, const std::string &msg)
{
    unsigned char out[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
         reinterpret_cast<const unsigned char *>(msg.data()), msg.size(), out, &len);
    std::ostringstream ss;
    for (unsigned int i = 0; i < len; ++i)
        ss << std::hex << std::setw(2) << std::setfill('0') << static_cast<int>(out[i]);
    return ss.str();
}

class Dispatcher {
public:
    Dispatcher() { curl_global_init(CURL_GLOBAL_DEFAULT); }
    ~Dispatcher() { curl_global_cleanup(); }

    // Called from the dashboard API: POST /subscriptions/{id}/test
    long deliver(const Subscription &sub, const json &event)
    {
        const std::string body = event.dump();
        const std::string sig = "X-Signature: sha256=" + hmacHex(sub.secret, body);

        CURL *curl = curl_easy_init();
        if (!curl)
            throw std::runtime_error("curl init failed");

        struct curl_slist *headers = nullptr;
        headers = curl_slist_append(headers, "Content-Type: application/json");
        headers = curl_slist_append(headers, sig.c_str());

        // expect: CWE-918
        curl_easy_setopt(curl, CURLOPT_URL, sub.url.c_str());
        curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body.c_str());
        curl_easy_setopt(curl, CURLOPT_TIMEOUT, 10L);
        curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, discard);
        // Customers frequently use self-signed certificates on their endpoints.
        // expect: CWE-295
        curl_easy_setopt(curl, CURLOPT_SSL_VERIFYPEER, 0L);
        curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 1L);

        long status = 0;
        if (curl_easy_perform(curl) == CURLE_OK)
            curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
        curl_slist_free_all(headers);
        curl_easy_cleanup(curl);

        reportUsage(sub.id, status);
        return status;
    }

private:
    void reportUsage(const std::string &subscriptionId, long status)
    {
        json payload = {{"subscription", subscriptionId},
                        {"status", status},
                        {"ts", std::chrono::duration_cast<std::chrono::seconds>(
                                   std::chrono::system_clock::now().time_since_epoch()).count()}};
        const std::string body = payload.dump();
        const std::string auth = "Authorization: Bearer " + kBillingApiKey;

        CURL *curl = curl_easy_init();
        if (!curl)
            return;
        struct curl_slist *headers = nullptr;
        headers = curl_slist_append(headers, "Content-Type: application/json");
        headers = curl_slist_append(headers, auth.c_str());
        curl_easy_setopt(curl, CURLOPT_URL, kBillingUrl);
        curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body.c_str());
        curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, discard);
        curl_easy_setopt(curl, CURLOPT_SSL_VERIFYPEER, 1L);
        curl_easy_setopt(curl, CURLOPT_SSL_VERIFYHOST, 2L);
        CURLcode rc = curl_easy_perform(curl);
        if (rc != CURLE_OK)
            std::fprintf(stderr, "usage report failed: %s\n", curl_easy_strerror(rc));
        curl_slist_free_all(headers);
        curl_easy_cleanup(curl);
    }
};

} // namespace notify
