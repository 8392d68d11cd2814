package com.finlytics.reports.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.finlytics.reports.model.ColumnDefinition;
import com.finlytics.reports.model.ReportDefinition;
import com.finlytics.reports.model.SavedLayout;
import com.finlytics.reports.store.ReportStore;
import org.springframework.expression.Expression;
import org.springframework.expression.ExpressionParser;
import org.springframework.expression.spel.standard.SpelExpressionParser;
import org.springframework.expression.spel.support.StandardEvaluationContext;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

@RestController
@RequestMapping("/api/reports")
public class ReportImportController {

    private static final String DERIVED_TOTAL = "#row['amount'] * (1 + #taxRate)";

    private final ReportStore store;
    private final ObjectMapper objectMapper;
    private final ExpressionParser spel = new SpelExpressionParser();
    private final Map<String, Expression> compiledBuiltins = new ConcurrentHashMap<>();

    public ReportImportController(ReportStore store, ObjectMapper objectMapper) {
        this.store = store;
        this.objectMapper = objectMapper;
        compiledBuiltins.put("grossAmount", spel.parseExpression(DERIVED_TOTAL));
    }

    @PostMapping("/import/legacy")
    public ResponseEntity<ReportDefinition> importLegacyDefinition(@RequestParam("file") MultipartFile file) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setIgnoringComments(true);
        DocumentBuilder builder = factory.newDocumentBuilder();
        try (InputStream in = file.getInputStream()) {
            // expect: CWE-611
            Document doc = builder.parse(in);
            ReportDefinition definition = toDefinition(doc);
            return ResponseEntity.ok(store.save(definition));
        }
    }

    @PostMapping("/import")
    public ResponseEntity<ReportDefinition> importDefinition(@RequestParam("file") MultipartFile file) throws Exception {
        DocumentBuilder builder = hardenedBuilder();
        try (InputStream in = file.getInputStream()) {
            Document doc = builder.parse(in);
            return ResponseEntity.ok(store.save(toDefinition(doc)));
        }
    }

    @PostMapping("/{reportId}/layout/restore")
    public ResponseEntity<SavedLayout> restoreLayout(@PathVariable long reportId, @RequestBody byte[] blob)
            throws IOException, ClassNotFoundException {
        try (ObjectInputStream ois = new ObjectInputStream(new ByteArrayInputStream(blob))) {
            // expect: CWE-502
            SavedLayout layout = (SavedLayout) ois.readObject();
            return ResponseEntity.ok(store.saveLayout(reportId, layout));
        }
    }

    @PostMapping("/{reportId}/layout")
    public ResponseEntity<SavedLayout> saveLayout(@PathVariable long reportId, @RequestBody String json) throws IOException {
        SavedLayout layout = objectMapper.readValue(json, SavedLayout.class);
        return ResponseEntity.ok(store.saveLayout(reportId, layout));
    }

    @PostMapping("/{reportId}/columns/preview")
    public List<Object> previewComputedColumn(@PathVariable long reportId, @RequestBody ColumnDefinition column) {
        List<Map<String, Object>> rows = store.sampleRows(reportId, 25);
        List<Object> values = new ArrayList<>(rows.size());
        for (Map<String, Object> row : rows) {
            StandardEvaluationContext context = new StandardEvaluationContext(row);
            context.setVariable("row", row);
            // expect: CWE-94
            values.add(spel.parseExpression(column.getFormula()).getValue(context));
        }
        return values;
    }

    @PostMapping("/{reportId}/columns/gross")
    public List<Object> grossAmounts(@PathVariable long reportId, @RequestParam("taxRate") BigDecimal taxRate) {
        Expression gross = compiledBuiltins.get("grossAmount");
        List<Object> values = new ArrayList<>();
        for (Map<String, Object> row : store.sampleRows(reportId, 25)) {
            StandardEvaluationContext context = new StandardEvaluationContext();
            context.setVariable("row", row);
            context.setVariable("taxRate", taxRate);
            values.add(gross.getValue(context));
        }
        return values;
    }

    private static DocumentBuilder hardenedBuilder() throws ParserConfigurationException {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        factory.setFeature("http://xml.org/sax/features/external-general-entities", false);
        factory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
        factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        factory.setXIncludeAware(false);
        factory.setExpandEntityReferences(false);
        factory.setNamespaceAware(true);
        return factory.newDocumentBuilder();
    }

    private static ReportDefinition toDefinition(Document doc) {
        Element root = doc.getDocumentElement();
        ReportDefinition definition = new ReportDefinition();
        definition.setName(root.getAttribute("name"));
        definition.setDataSource(root.getAttribute("source"));
        NodeList columns = root.getElementsByTagName("column");
        Map<String, String> headers = new HashMap<>();
        for (int i = 0; i < columns.getLength(); i++) {
            Element col = (Element) columns.item(i);
            headers.put(col.getAttribute("field"), col.getTextContent().trim());
        }
        definition.setColumnHeaders(headers);
        return definition;
    }
}
