// policy_service.cpp - access-policy service for the document management
// system. Tenants upload XML policy documents; the service answers
// "may role X do action Y on resource Z" questions.
#include <curl/curl.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xpath.h>

#include <cctype>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace policy {

struct XmlDocDeleter {
    void operator()(xmlDoc* d) const { xmlFreeDoc(d); }
};
using XmlDocPtr = std::unique_ptr<xmlDoc, XmlDocDeleter>;

struct XPathCtxDeleter {
    void operator()(xmlXPathContext* c) const { xmlXPathFreeContext(c); }
};
struct XPathObjDeleter {
    void operator()(xmlXPathObject* o) const { xmlXPathFreeObject(o); }
};

struct Decision {
    bool allowed = false;
    std::string matched_rule;
};

static size_t append_body(char* ptr, size_t size, size_t nmemb, void* userdata) {
    auto* out = static_cast<std::string*>(userdata);
    const size_t n = size * nmemb;
    if (out->size() + n > 4 * 1024 * 1024) return 0;
    out->append(ptr, n);
    return n;
}

static bool is_identifier(const std::string& s) {
    if (s.empty() || s.size() > 64) return false;
    for (char c : s) {
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.')) return false;
    }
    return true;
}

class PolicyService {
public:
    explicit PolicyService(std::string schema_base_url) : schema_base_url_(std::move(schema_base_url)) {}

    void upload_policy(const std::string& tenant, const std::string& xml) {
        // expect: CWE-611
        xmlDoc* raw = xmlReadMemory(xml.data(), static_cast<int>(xml.size()), "policy.xml", nullptr, XML_PARSE_NOENT | XML_PARSE_DTDLOAD | XML_PARSE_NONET);
        if (raw == nullptr) throw std::invalid_argument("malformed policy document");
        std::lock_guard<std::mutex> lock(mu_);
        docs_[tenant] = XmlDocPtr(raw);
    }

    void upload_policy_strict(const std::string& tenant, const std::string& xml) {
        xmlDoc* raw = xmlReadMemory(xml.data(), static_cast<int>(xml.size()), "policy.xml", nullptr, XML_PARSE_NONET | XML_PARSE_NOBLANKS);
        if (raw == nullptr) throw std::invalid_argument("malformed policy document");
        std::lock_guard<std::mutex> lock(mu_);
        docs_[tenant] = XmlDocPtr(raw);
    }

    Decision evaluate(const std::string& tenant, const std::string& role, const std::string& action) {
        std::lock_guard<std::mutex> lock(mu_);
        auto it = docs_.find(tenant);
        if (it == docs_.end()) return {};
        std::unique_ptr<xmlXPathContext, XPathCtxDeleter> ctx(xmlXPathNewContext(it->second.get()));
        const std::string expr = "/policy/rule[@role='" + role + "' and @action='" + action + "' and @effect='allow']";
        // expect: CWE-643
        std::unique_ptr<xmlXPathObject, XPathObjDeleter> result(xmlXPathEvalExpression(reinterpret_cast<const xmlChar*>(expr.c_str()), ctx.get()));
        Decision d;
        if (result && result->nodesetval && result->nodesetval->nodeNr > 0) {
            d.allowed = true;
            xmlChar* id = xmlGetProp(result->nodesetval->nodeTab[0], reinterpret_cast<const xmlChar*>("id"));
            if (id) {
                d.matched_rule = reinterpret_cast<const char*>(id);
                xmlFree(id);
            }
        }
        return d;
    }

    std::vector<std::string> actions_for_role(const std::string& tenant, const std::string& role) {
        std::vector<std::string> out;
        if (!is_identifier(role)) return out;
        std::lock_guard<std::mutex> lock(mu_);
        auto it = docs_.find(tenant);
        if (it == docs_.end()) return out;
        std::unique_ptr<xmlXPathContext, XPathCtxDeleter> ctx(xmlXPathNewContext(it->second.get()));
        const std::string expr = "/policy/rule[@role='" + role + "']/@action";
        std::unique_ptr<xmlXPathObject, XPathObjDeleter> result(
            xmlXPathEvalExpression(reinterpret_cast<const xmlChar*>(expr.c_str()), ctx.get()));
        if (result && result->nodesetval) {
            for (int i = 0; i < result->nodesetval->nodeNr; ++i) {
                xmlChar* v = xmlNodeGetContent(result->nodesetval->nodeTab[i]);
                if (v) {
                    out.emplace_back(reinterpret_cast<const char*>(v));
                    xmlFree(v);
                }
            }
        }
        return out;
    }

    std::optional<std::string> import_from_url(const std::string& tenant, const std::string& source_url) {
        CURL* curl = curl_easy_init();
        if (curl == nullptr) return std::nullopt;
        std::string body;
        // expect: CWE-918
        curl_easy_setopt(curl, CURLOPT_URL, source_url.c_str());
        curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 1L);
        curl_easy_setopt(curl, CURLOPT_TIMEOUT, 15L);
        curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, append_body);
        curl_easy_setopt(curl, CURLOPT_WRITEDATA, &body);
        const CURLcode rc = curl_easy_perform(curl);
        curl_easy_cleanup(curl);
        if (rc != CURLE_OK) return std::nullopt;
        upload_policy_strict(tenant, body);
        return body;
    }

    std::optional<std::string> fetch_schema(const std::string& schema_name) {
        if (!is_identifier(schema_name)) return std::nullopt;
        CURL* curl = curl_easy_init();
        if (curl == nullptr) return std::nullopt;
        std::string body;
        const std::string url = schema_base_url_ + "/schemas/" + schema_name + ".xsd";
        curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
        curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "https");
        curl_easy_setopt(curl, CURLOPT_TIMEOUT, 15L);
        curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, append_body);
        curl_easy_setopt(curl, CURLOPT_WRITEDATA, &body);
        const CURLcode rc = curl_easy_perform(curl);
        curl_easy_cleanup(curl);
        if (rc != CURLE_OK) return std::nullopt;
        return body;
    }

private:
    std::string schema_base_url_;
    std::mutex mu_;
    std::map<std::string, XmlDocPtr> docs_;
};

}  // namespace policy
