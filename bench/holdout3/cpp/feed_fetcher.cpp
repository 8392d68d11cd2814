// feed_fetcher.cpp - podcast feed ingestion worker for the Wavelength app.
// Pulls RSS feeds submitted by creators, extracts episodes with libxml2.
#include <curl/curl.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xpath.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace wavelength {

struct Episode {
    std::string guid;
    std::string title;
    std::string enclosure_url;
};

struct FetchOptions {
    long timeout_seconds = 20;
    long max_redirects = 3;
    std::string ca_bundle = "/etc/ssl/certs/ca-certificates.crt";
};

static size_t append_body(char* data, size_t size, size_t nmemb, void* userp) {
    auto* body = static_cast<std::string*>(userp);
    if (body->size() + size * nmemb > 16 * 1024 * 1024) {
        return 0;
    }
    body->append(data, size * nmemb);
    return size * nmemb;
}

class FeedFetcher {
public:
    explicit FeedFetcher(FetchOptions opts) : opts_(std::move(opts)) {}

    std::string fetchSubmittedFeed(const std::string& feedUrl) {
        std::unique_ptr<CURL, decltype(&curl_easy_cleanup)> curl(curl_easy_init(), curl_easy_cleanup);
        std::string body;
        // expect: CWE-918
        curl_easy_setopt(curl.get(), CURLOPT_URL, feedUrl.c_str());
        curl_easy_setopt(curl.get(), CURLOPT_FOLLOWLOCATION, 1L);
        curl_easy_setopt(curl.get(), CURLOPT_MAXREDIRS, opts_.max_redirects);
        curl_easy_setopt(curl.get(), CURLOPT_TIMEOUT, opts_.timeout_seconds);
        curl_easy_setopt(curl.get(), CURLOPT_WRITEFUNCTION, append_body);
        curl_easy_setopt(curl.get(), CURLOPT_WRITEDATA, &body);
        curl_easy_setopt(curl.get(), CURLOPT_CAINFO, opts_.ca_bundle.c_str());
        curl_easy_setopt(curl.get(), CURLOPT_SSL_VERIFYPEER, 1L);
        curl_easy_setopt(curl.get(), CURLOPT_SSL_VERIFYHOST, 2L);
        if (curl_easy_perform(curl.get()) != CURLE_OK) {
            throw std::runtime_error("feed fetch failed");
        }
        return body;
    }

    std::string fetchLegacyDirectory(const std::string& directoryPath) {
        std::unique_ptr<CURL, decltype(&curl_easy_cleanup)> curl(curl_easy_init(), curl_easy_cleanup);
        std::string body;
        std::string url = "https://legacy-directory.wavelength.example/" + escapePath(curl.get(), directoryPath);
        curl_easy_setopt(curl.get(), CURLOPT_URL, url.c_str());
        curl_easy_setopt(curl.get(), CURLOPT_PROTOCOLS_STR, "https");
        curl_easy_setopt(curl.get(), CURLOPT_WRITEFUNCTION, append_body);
        curl_easy_setopt(curl.get(), CURLOPT_WRITEDATA, &body);
        // expect: CWE-295
        curl_easy_setopt(curl.get(), CURLOPT_SSL_VERIFYPEER, 0L);
        curl_easy_setopt(curl.get(), CURLOPT_TIMEOUT, opts_.timeout_seconds);
        curl_easy_perform(curl.get());
        return body;
    }

    std::vector<Episode> parseFeed(const std::string& xml) {
        // expect: CWE-611
        xmlDocPtr doc = xmlReadMemory(xml.data(), static_cast<int>(xml.size()), "feed.xml", nullptr, XML_PARSE_NOENT | XML_PARSE_DTDLOAD);
        if (!doc) {
            throw std::runtime_error("invalid feed xml");
        }
        std::vector<Episode> episodes;
        xmlXPathContextPtr ctx = xmlXPathNewContext(doc);
        xmlXPathObjectPtr items = xmlXPathEvalExpression(BAD_CAST "/rss/channel/item", ctx);
        if (items && items->nodesetval) {
            for (int i = 0; i < items->nodesetval->nodeNr; ++i) {
                episodes.push_back(toEpisode(items->nodesetval->nodeTab[i]));
            }
        }
        xmlXPathFreeObject(items);
        xmlXPathFreeContext(ctx);
        xmlFreeDoc(doc);
        return episodes;
    }

    std::vector<Episode> parseTrustedFeed(const std::string& xml) {
        xmlDocPtr doc = xmlReadMemory(xml.data(), static_cast<int>(xml.size()), "feed.xml", nullptr, XML_PARSE_NONET);
        std::vector<Episode> episodes;
        if (!doc) return episodes;
        xmlNodePtr rss = xmlDocGetRootElement(doc);
        xmlNodePtr channel = rss ? rss->children : nullptr;
        while (channel && (channel->type != XML_ELEMENT_NODE || xmlStrcmp(channel->name, BAD_CAST "channel") != 0)) {
            channel = channel->next;
        }
        for (xmlNodePtr n = channel ? channel->children : nullptr; n; n = n->next) {
            if (n->type == XML_ELEMENT_NODE && xmlStrcmp(n->name, BAD_CAST "item") == 0) {
                episodes.push_back(toEpisode(n));
            }
        }
        xmlFreeDoc(doc);
        return episodes;
    }

    std::string episodeTitleByGuid(xmlDocPtr doc, const std::string& guid) {
        xmlXPathContextPtr ctx = xmlXPathNewContext(doc);
        std::string expr = "string(/rss/channel/item[guid='" + guid + "']/title)";
        // expect: CWE-643
        xmlXPathObjectPtr res = xmlXPathEvalExpression(BAD_CAST expr.c_str(), ctx);
        std::string title = (res && res->stringval) ? reinterpret_cast<const char*>(res->stringval) : "";
        xmlXPathFreeObject(res);
        xmlXPathFreeContext(ctx);
        return title;
    }

private:
    static std::string escapePath(CURL* curl, const std::string& p) {
        char* esc = curl_easy_escape(curl, p.c_str(), static_cast<int>(p.size()));
        std::string out = esc ? esc : "";
        curl_free(esc);
        return out;
    }

    static std::string childText(xmlNodePtr parent, const char* name) {
        for (xmlNodePtr c = parent->children; c; c = c->next) {
            if (c->type == XML_ELEMENT_NODE && xmlStrcmp(c->name, BAD_CAST name) == 0) {
                xmlChar* t = xmlNodeGetContent(c);
                std::string s = t ? reinterpret_cast<const char*>(t) : "";
                xmlFree(t);
                return s;
            }
        }
        return {};
    }

    static Episode toEpisode(xmlNodePtr item) {
        Episode e;
        e.guid = childText(item, "guid");
        e.title = childText(item, "title");
        for (xmlNodePtr c = item->children; c; c = c->next) {
            if (c->type == XML_ELEMENT_NODE && xmlStrcmp(c->name, BAD_CAST "enclosure") == 0) {
                xmlChar* url = xmlGetProp(c, BAD_CAST "url");
                e.enclosure_url = url ? reinterpret_cast<const char*>(url) : "";
                xmlFree(url);
            }
        }
        return e;
    }

    FetchOptions opts_;
};

}  // namespace wavelength
