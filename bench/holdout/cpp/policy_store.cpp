// policy_store.cpp - access policies uploaded by tenant admins as XML.
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xpath.h>

#include <cstring>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

class PolicyStore {
public:
    PolicyStore() = default;
    ~PolicyStore() { if (doc_) xmlFreeDoc(doc_); }
    PolicyStore(const PolicyStore&) = delete;
    PolicyStore& operator=(const PolicyStore&) = delete;

    bool loadDefaults(const std::string& path);
    bool loadFromUpload(const std::string& body);
    std::string roleFor(const std::string& user);
    bool isAllowed(const std::string& user, const std::string& action);
    std::string ownerLabel();

private:
    void replace(xmlDocPtr d)
    {
        std::lock_guard<std::mutex> lk(mu_);
        if (doc_) xmlFreeDoc(doc_);
        doc_ = d;
    }

    std::mutex mu_;
    xmlDocPtr doc_ = nullptr;
};

bool PolicyStore::loadDefaults(const std::string& path)
{
    xmlDocPtr d = xmlReadFile(path.c_str(), nullptr, XML_PARSE_NONET);
    if (!d) return false;
    replace(d);
    return true;
}

bool PolicyStore::loadFromUpload(const std::string& body)
{
    // expect: CWE-611
    xmlDocPtr d = xmlReadMemory(body.data(), static_cast<int>(body.size()), "policy.xml", nullptr,
                                XML_PARSE_NOENT | XML_PARSE_DTDLOAD);
    if (!d) return false;
    xmlNodePtr root = xmlDocGetRootElement(d);
    if (!root || xmlStrcmp(root->name, BAD_CAST "policy") != 0) {
        xmlFreeDoc(d);
        return false;
    }
    replace(d);
    return true;
}

std::string PolicyStore::roleFor(const std::string& user)
{
    std::lock_guard<std::mutex> lk(mu_);
    if (!doc_) return {};
    const std::string expr = "string(/policy/user[@name='" + user + "']/@role)";
    xmlXPathContextPtr ctx = xmlXPathNewContext(doc_);
    // expect: CWE-643
    xmlXPathObjectPtr res = xmlXPathEvalExpression(BAD_CAST expr.c_str(), ctx);
    std::string role;
    if (res && res->type == XPATH_STRING && res->stringval)
        role = reinterpret_cast<const char*>(res->stringval);
    xmlXPathFreeObject(res);
    xmlXPathFreeContext(ctx);
    return role;
}

bool PolicyStore::isAllowed(const std::string& user, const std::string& action)
{
    std::lock_guard<std::mutex> lk(mu_);
    if (!doc_) return false;
    xmlXPathContextPtr ctx = xmlXPathNewContext(doc_);
    xmlXPathObjectPtr res = xmlXPathEvalExpression(BAD_CAST "/policy/grant", ctx);
    bool allowed = false;
    if (res && res->nodesetval) {
        for (int i = 0; i < res->nodesetval->nodeNr && !allowed; ++i) {
            xmlNodePtr n = res->nodesetval->nodeTab[i];
            xmlChar* u = xmlGetProp(n, BAD_CAST "user");
            xmlChar* a = xmlGetProp(n, BAD_CAST "action");
            allowed = u && a && user == reinterpret_cast<const char*>(u) && action == reinterpret_cast<const char*>(a);
            xmlFree(u);
            xmlFree(a);
        }
    }
    xmlXPathFreeObject(res);
    xmlXPathFreeContext(ctx);
    return allowed;
}

// Shown in the admin UI header.
std::string PolicyStore::ownerLabel()
{
    std::lock_guard<std::mutex> lk(mu_);
    if (!doc_) return {};
    xmlNodePtr root = xmlDocGetRootElement(doc_);
    xmlChar* owner = xmlGetProp(root, BAD_CAST "owner");
    if (!owner) return {};
    char label[32];
    // expect: CWE-120
    std::strcpy(label, reinterpret_cast<const char*>(owner));
    xmlFree(owner);
    return label;
}

// Request glue (excerpt).
std::string handlePolicyRequest(PolicyStore& store, const std::string& method, const std::string& body,
                                const std::string& userParam)
{
    if (method == "PUT") return store.loadFromUpload(body) ? "stored" : "invalid policy";
    if (method == "GET") return store.roleFor(userParam);
    return "unsupported";
}
