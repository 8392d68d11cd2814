package com.acme.ap.web;

import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.MultipartConfig;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.Part;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.math.BigDecimal;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathExpressionException;
import javax.xml.xpath.XPathFactory;

import org.apache.commons.text.StringEscapeUtils;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * Accounts-payable: suppliers upload UBL invoices; clerks look up line items.
 */
@WebServlet(urlPatterns = {"/ap/invoices/import", "/ap/invoices/lookup"})
@MultipartConfig(maxFileSize = 5 * 1024 * 1024)
public class InvoiceImportServlet extends HttpServlet {

    private static DocumentBuilder sampleBuilder() throws ParserConfigurationException {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        f.setExpandEntityReferences(false);
        f.setNamespaceAware(true);
        return f.newDocumentBuilder();
    }

    private Document parseSupplierUpload(InputStream in) throws ParserConfigurationException, IOException, SAXException {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setValidating(false);
        DocumentBuilder builder = factory.newDocumentBuilder();
        // expect: CWE-611
        return builder.parse(in);
    }

    @Override
    protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws ServletException, IOException {
        Part upload = req.getPart("invoice");
        if (upload == null) {
            resp.sendError(400, "missing invoice part");
            return;
        }
        Document doc;
        try (InputStream in = upload.getInputStream()) {
            doc = parseSupplierUpload(in);
        } catch (ParserConfigurationException | SAXException e) {
            resp.sendError(422, "invalid invoice XML");
            return;
        }
        String invoiceId = doc.getElementsByTagNameNS("*", "ID").item(0).getTextContent();
        String supplier = doc.getElementsByTagNameNS("*", "RegistrationName").item(0).getTextContent();
        req.getSession().setAttribute("lastInvoiceDoc", doc);

        resp.setContentType("text/html;charset=UTF-8");
        PrintWriter out = resp.getWriter();
        out.println("<h2>Imported invoice " + StringEscapeUtils.escapeHtml4(invoiceId) + "</h2>");
        out.println("<p>Supplier: " + StringEscapeUtils.escapeHtml4(supplier) + "</p>");
    }

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        Document doc = (Document) req.getSession().getAttribute("lastInvoiceDoc");
        if (doc == null) {
            try (InputStream sample = getServletContext().getResourceAsStream("/WEB-INF/sample-invoice.xml")) {
                doc = sampleBuilder().parse(sample);
            } catch (ParserConfigurationException | SAXException e) {
                throw new IOException(e);
            }
        }
        String sku = req.getParameter("sku");
        String buyerRef = req.getParameter("buyerRef");
        XPath xpath = XPathFactory.newInstance().newXPath();

        resp.setContentType("text/html;charset=UTF-8");
        PrintWriter out = resp.getWriter();
        try {
            String expr = "//*[local-name()='InvoiceLine'][.//*[local-name()='SellersItemIdentification']/*[local-name()='ID']='"
                    + sku + "']/*[local-name()='LineExtensionAmount']";
            // expect: CWE-643
            NodeList amounts = (NodeList) xpath.evaluate(expr, doc, XPathConstants.NODESET);
            BigDecimal sum = BigDecimal.ZERO;
            for (int i = 0; i < amounts.getLength(); i++) {
                sum = sum.add(new BigDecimal(amounts.item(i).getTextContent().trim()));
            }
            // expect: CWE-79
            out.println("<p>Line total for SKU " + sku + ": " + sum.toPlainString() + "</p>");
            if (buyerRef != null) {
                out.println("<p>Buyer reference: " + StringEscapeUtils.escapeHtml4(buyerRef) + "</p>");
            }
        } catch (XPathExpressionException e) {
            out.println("<p>Lookup failed.</p>");
        }
    }
}
