// profile_importer.cpp - imports device profiles uploaded through the
// management console (XML), and answers lookups against the built-in catalog.

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xpath.h>

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace mgmt {

struct DeviceProfile {
    std::string model;
    std::string vendor;
    std::vector<std::string> ports;
    std::string firmwareNotes;
};

static std::string attr(xmlNodePtr node, const char *name)
{
    xmlChar *v = xmlGetProp(node, reinterpret_cast<const xmlChar *>(name));
    std::string out = v ? reinterpret_cast<const char *>(v) : "";
    xmlFree(v);
    return out;
}

class ProfileImporter {
public:
    explicit ProfileImporter(std::string catalogPath, std::string notesDir)
        : catalogPath_(std::move(catalogPath)), notesDir_(std::move(notesDir))
    {
    }

    // Body of POST /api/profiles (uploaded by an operator or a partner portal).
    DeviceProfile importProfile(const std::string &xml)
    {
        // expect: CWE-611
        xmlDocPtr doc = xmlReadMemory(xml.data(), static_cast<int>(xml.size()), "profile.xml", nullptr,
                                      XML_PARSE_NOENT | XML_PARSE_DTDLOAD);
        if (!doc)
            throw std::runtime_error("invalid profile XML");

        DeviceProfile p;
        xmlNodePtr root = xmlDocGetRootElement(doc);
        p.model = attr(root, "model");
        p.vendor = attr(root, "vendor");
        for (xmlNodePtr n = root->children; n; n = n->next) {
            if (n->type != XML_ELEMENT_NODE)
                continue;
            if (xmlStrEqual(n->name, BAD_CAST "port"))
                p.ports.push_back(attr(n, "name"));
            if (xmlStrEqual(n->name, BAD_CAST "firmware")) {
                // Notes shipped with our firmware bundles, e.g. notes="fw-4.2.txt"
                std::string notesFile = notesDir_ + "/" + attr(n, "notes");
                // expect: CWE-22
                std::ifstream in(notesFile);
                std::stringstream ss;
                ss << in.rdbuf();
                p.firmwareNotes = ss.str();
            }
        }
        xmlFreeDoc(doc);
        return p;
    }

    // GET /api/catalog/ports?model=<model>
    std::vector<std::string> catalogPorts(const std::string &model)
    {
        xmlDocPtr doc = xmlReadFile(catalogPath_.c_str(), nullptr, XML_PARSE_NONET);
        if (!doc)
            throw std::runtime_error("catalog unreadable");
        xmlXPathContextPtr ctx = xmlXPathNewContext(doc);
        std::string expr = "/catalog/device[@model='" + model + "']/port/@name";
        // expect: CWE-643
        xmlXPathObjectPtr res = xmlXPathEvalExpression(reinterpret_cast<const xmlChar *>(expr.c_str()), ctx);

        std::vector<std::string> ports;
        if (res && res->nodesetval) {
            for (int i = 0; i < res->nodesetval->nodeNr; ++i) {
                xmlChar *v = xmlNodeGetContent(res->nodesetval->nodeTab[i]);
                ports.emplace_back(reinterpret_cast<const char *>(v));
                xmlFree(v);
            }
        }
        xmlXPathFreeObject(res);
        xmlXPathFreeContext(ctx);
        xmlFreeDoc(doc);
        return ports;
    }

    // Vendors list: constant XPath, catalog parsed without entity expansion.
    std::vector<std::string> vendors()
    {
        xmlDocPtr doc = xmlReadFile(catalogPath_.c_str(), nullptr, XML_PARSE_NONET);
        if (!doc)
            return {};
        xmlXPathContextPtr ctx = xmlXPathNewContext(doc);
        xmlXPathObjectPtr res = xmlXPathEvalExpression(BAD_CAST "/catalog/device/@vendor", ctx);
        std::vector<std::string> out;
        if (res && res->nodesetval) {
            for (int i = 0; i < res->nodesetval->nodeNr; ++i) {
                xmlChar *v = xmlNodeGetContent(res->nodesetval->nodeTab[i]);
                out.emplace_back(reinterpret_cast<const char *>(v));
                xmlFree(v);
            }
        }
        xmlXPathFreeObject(res);
        xmlXPathFreeContext(ctx);
        xmlFreeDoc(doc);
        return out;
    }

private:
    std::string catalogPath_;
    std::string notesDir_;
};

} // namespace mgmt
