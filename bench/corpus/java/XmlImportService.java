package com.acme.supply.imports;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParser;
import javax.xml.parsers.SAXParserFactory;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathExpressionException;
import javax.xml.xpath.XPathFactory;

import org.springframework.stereotype.Service;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.Attributes;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * Parses purchase-order and catalog feeds uploaded by suppliers.
 */
@Service
public class XmlImportService {

    private final DocumentBuilderFactory feedParserFactory;

    public XmlImportService() throws ParserConfigurationException {
        feedParserFactory = DocumentBuilderFactory.newInstance();
        feedParserFactory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        feedParserFactory.setFeature("http://xml.org/sax/features/external-general-entities", false);
        feedParserFactory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
        feedParserFactory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        feedParserFactory.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        feedParserFactory.setXIncludeAware(false);
        feedParserFactory.setExpandEntityReferences(false);
        feedParserFactory.setNamespaceAware(true);
    }

    /** Purchase orders from the supplier portal (legacy path). */
    public List<String> parsePurchaseOrder(InputStream xml) throws Exception {
        DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
        dbf.setNamespaceAware(true);
        DocumentBuilder builder = dbf.newDocumentBuilder();
        // expect: CWE-611
        Document doc = builder.parse(xml);
        NodeList lines = doc.getElementsByTagName("line");
        List<String> skus = new ArrayList<>();
        for (int i = 0; i < lines.getLength(); i++) {
            skus.add(((Element) lines.item(i)).getAttribute("sku"));
        }
        return skus;
    }

    /** Catalog feeds. */
    public List<String> parseCatalog(InputStream xml) throws ParserConfigurationException, IOException, SAXException {
        Document doc = feedParserFactory.newDocumentBuilder().parse(xml);
        NodeList items = doc.getElementsByTagName("item");
        List<String> names = new ArrayList<>();
        for (int i = 0; i < items.getLength(); i++) {
            names.add(items.item(i).getTextContent().trim());
        }
        return names;
    }

    /** Streaming count of price updates; used for very large nightly feeds. */
    public int countPriceUpdates(String xml) throws ParserConfigurationException, SAXException, IOException {
        SAXParserFactory spf = SAXParserFactory.newInstance();
        SAXParser parser = spf.newSAXParser();
        final int[] count = {0};
        // expect: CWE-611
        parser.parse(new InputSource(new StringReader(xml)), new DefaultHandler() {
            @Override
            public void startElement(String uri, String localName, String qName, Attributes attributes) {
                if ("price".equals(qName)) {
                    count[0]++;
                }
            }
        });
        return count[0];
    }

    /** Reads the supplier id from the envelope of an EDI-over-XML message. */
    public String supplierId(InputStream message) throws XMLStreamException {
        XMLInputFactory factory = XMLInputFactory.newInstance();
        // expect: CWE-611
        XMLStreamReader reader = factory.createXMLStreamReader(message);
        try {
            while (reader.hasNext()) {
                if (reader.next() == XMLStreamReader.START_ELEMENT && "supplier".equals(reader.getLocalName())) {
                    return reader.getElementText();
                }
            }
            return null;
        } finally {
            reader.close();
        }
    }

    /** Variant used by the public inbound endpoint. */
    public String supplierIdInbound(InputStream message) throws XMLStreamException {
        XMLInputFactory factory = XMLInputFactory.newInstance();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        XMLStreamReader reader = factory.createXMLStreamReader(message);
        try {
            while (reader.hasNext()) {
                if (reader.next() == XMLStreamReader.START_ELEMENT && "supplier".equals(reader.getLocalName())) {
                    return reader.getElementText();
                }
            }
            return null;
        } finally {
            reader.close();
        }
    }

    /** Looks up the unit price of a SKU in an uploaded price list. */
    public String unitPrice(InputStream priceList, String sku, String currency) throws Exception {
        Document doc = feedParserFactory.newDocumentBuilder().parse(priceList);
        XPath xpath = XPathFactory.newInstance().newXPath();
        String expr = "/prices/price[@sku='" + sku + "' and @currency='" + currency + "']/@amount";
        // expect: CWE-643
        return (String) xpath.evaluate(expr, doc, XPathConstants.STRING);
    }

    /** Unit price lookup used by the public API. */
    public String unitPriceForApi(InputStream priceList, String sku, String currency) throws Exception {
        Document doc = feedParserFactory.newDocumentBuilder().parse(priceList);
        XPath xpath = XPathFactory.newInstance().newXPath();
        xpath.setXPathVariableResolver(name -> {
            switch (name.getLocalPart()) {
                case "sku": return sku;
                case "currency": return currency;
                default: return null;
            }
        });
        return (String) xpath.evaluate("/prices/price[@sku=$sku and @currency=$currency]/@amount", doc, XPathConstants.STRING);
    }

    public boolean hasSupplier(Document doc, String supplierId) throws XPathExpressionException {
        if (!supplierId.matches("[A-Z]{3}-\\d{4}")) {
            return false;
        }
        XPath xpath = XPathFactory.newInstance().newXPath();
        return (Boolean) xpath.evaluate("boolean(//supplier[@id='" + supplierId + "'])", doc, XPathConstants.BOOLEAN);
    }
}
