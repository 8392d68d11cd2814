// link_preview.cpp - fetches pages for chat link previews and avatars.
#include <curl/curl.h>

#include <cstdlib>
#include <memory>
#include <regex>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace chat {

// expect: CWE-798
static const char* kPreviewApiKey = "pk_live_51H8vQ2KxR7d0aNf3sYtZ9mLw";

class CurlHandle {
public:
    CurlHandle() : h_(curl_easy_init())
    {
        if (!h_) throw std::runtime_error("curl_easy_init failed");
    }
    ~CurlHandle() { curl_easy_cleanup(h_); }
    CurlHandle(const CurlHandle&) = delete;
    CurlHandle& operator=(const CurlHandle&) = delete;
    CURL* get() const { return h_; }

private:
    CURL* h_;
};

static size_t appendBody(char* ptr, size_t size, size_t nmemb, void* userdata)
{
    auto* body = static_cast<std::string*>(userdata);
    const size_t n = size * nmemb;
    if (body->size() + n > 512 * 1024) return 0;  // stop on oversized pages
    body->append(ptr, n);
    return n;
}

static std::string urlEncode(CURL* h, const std::string& s)
{
    char* enc = curl_easy_escape(h, s.c_str(), static_cast<int>(s.size()));
    std::string out = enc ? enc : "";
    curl_free(enc);
    return out;
}

struct Preview {
    std::string title;
    std::string description;
};

class LinkPreviewer {
public:
    Preview preview(const std::string& userUrl);
    std::string avatar(const std::string& host, const std::string& user);
    std::string enrich(const std::string& url);

private:
    static std::string extract(const std::string& html, const std::regex& re)
    {
        std::smatch m;
        return std::regex_search(html, m, re) ? m[1].str() : std::string();
    }
};

Preview LinkPreviewer::preview(const std::string& userUrl)
{
    if (userUrl.rfind("http://", 0) != 0 && userUrl.rfind("https://", 0) != 0)
        throw std::invalid_argument("unsupported scheme");

    CurlHandle h;
    std::string body;
    // expect: CWE-918
    curl_easy_setopt(h.get(), CURLOPT_URL, userUrl.c_str());
    curl_easy_setopt(h.get(), CURLOPT_FOLLOWLOCATION, 1L);
    curl_easy_setopt(h.get(), CURLOPT_MAXREDIRS, 5L);
    curl_easy_setopt(h.get(), CURLOPT_TIMEOUT, 5L);
    // Some customer intranets use self-signed certs; previews are best-effort.
    // expect: CWE-295
    curl_easy_setopt(h.get(), CURLOPT_SSL_VERIFYPEER, 0L);
    curl_easy_setopt(h.get(), CURLOPT_WRITEFUNCTION, appendBody);
    curl_easy_setopt(h.get(), CURLOPT_WRITEDATA, &body);
    if (curl_easy_perform(h.get()) != CURLE_OK) return {};

    static const std::regex titleRe("<title[^>]*>([^<]{0,200})</title>", std::regex::icase);
    static const std::regex descRe("<meta\\s+name=\"description\"\\s+content=\"([^\"]{0,300})\"", std::regex::icase);
    return {extract(body, titleRe), extract(body, descRe)};
}

std::string LinkPreviewer::avatar(const std::string& host, const std::string& user)
{
    static const std::set<std::string> kHosts = {"avatars.githubusercontent.com", "secure.gravatar.com"};
    if (kHosts.count(host) == 0) throw std::invalid_argument("avatar host not allowed");

    CurlHandle h;
    std::string body;
    const std::string url = "https://" + host + "/" + urlEncode(h.get(), user) + "?s=64";
    curl_easy_setopt(h.get(), CURLOPT_URL, url.c_str());
    curl_easy_setopt(h.get(), CURLOPT_FOLLOWLOCATION, 0L);
    curl_easy_setopt(h.get(), CURLOPT_SSL_VERIFYPEER, 1L);
    curl_easy_setopt(h.get(), CURLOPT_SSL_VERIFYHOST, 2L);
    curl_easy_setopt(h.get(), CURLOPT_WRITEFUNCTION, appendBody);
    curl_easy_setopt(h.get(), CURLOPT_WRITEDATA, &body);
    if (curl_easy_perform(h.get()) != CURLE_OK) return {};
    return body;
}

// Calls the third-party enrichment API for a URL (server-side, fixed endpoint).
std::string LinkPreviewer::enrich(const std::string& url)
{
    CurlHandle h;
    std::string body;
    const std::string endpoint = "https://api.linkmeta.example.com/v2/lookup?url=" + urlEncode(h.get(), url);
    const std::string auth = std::string("Authorization: Bearer ") + kPreviewApiKey;
    struct curl_slist* headers = curl_slist_append(nullptr, auth.c_str());

    const char* region = std::getenv("LINKMETA_REGION");
    const std::string regionHeader = std::string("X-Region: ") + (region ? region : "eu");
    headers = curl_slist_append(headers, regionHeader.c_str());

    curl_easy_setopt(h.get(), CURLOPT_URL, endpoint.c_str());
    curl_easy_setopt(h.get(), CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(h.get(), CURLOPT_WRITEFUNCTION, appendBody);
    curl_easy_setopt(h.get(), CURLOPT_WRITEDATA, &body);
    const CURLcode rc = curl_easy_perform(h.get());
    curl_slist_free_all(headers);
    return rc == CURLE_OK ? body : std::string();
}

// Called by the message pipeline for every chat message a user posts.
std::vector<Preview> previewsForMessage(LinkPreviewer& previewer, const std::string& messageText)
{
    static const std::regex urlRe(R"((https?://[^\s<>"']+))", std::regex::icase);
    std::vector<Preview> out;
    for (auto it = std::sregex_iterator(messageText.begin(), messageText.end(), urlRe);
         it != std::sregex_iterator() && out.size() < 3; ++it) {
        out.push_back(previewer.preview((*it)[1].str()));
    }
    return out;
}

} // namespace chat
