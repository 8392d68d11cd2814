package com.brightcart.catalog.web;

import com.brightcart.catalog.domain.Product;
import com.brightcart.catalog.web.dto.BlurbPreviewRequest;
import com.brightcart.catalog.web.dto.ReviewView;
import com.brightcart.catalog.web.dto.SalesRow;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Sorts;
import freemarker.template.Configuration;
import freemarker.template.Template;
import freemarker.template.TemplateException;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.TypedQuery;
import org.bson.Document;
import org.springframework.http.MediaType;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

@RestController
@RequestMapping("/api/catalog")
@Transactional(readOnly = true)
public class ProductCatalogController {

    @PersistenceContext
    private EntityManager em;

    private final MongoCollection<Document> reviews;
    private final Configuration freemarker;

    public ProductCatalogController(MongoCollection<Document> reviews, Configuration freemarker) {
        this.reviews = reviews;
        this.freemarker = freemarker;
    }

    @GetMapping("/products")
    public List<Product> search(@RequestParam("q") String term,
                                @RequestParam(value = "category", required = false) String category) {
        if (category != null) {
            TypedQuery<Product> query = em.createQuery(
                    "SELECT p FROM Product p WHERE p.active = true AND p.category.slug = :slug AND LOWER(p.name) LIKE :term",
                    Product.class);
            query.setParameter("slug", category);
            query.setParameter("term", "%" + term.toLowerCase() + "%");
            return query.setMaxResults(60).getResultList();
        }
        String jpql = "SELECT p FROM Product p WHERE p.active = true AND LOWER(p.name) LIKE '%"
                + term.toLowerCase() + "%' ORDER BY p.popularity DESC";
        // expect: CWE-89
        return em.createQuery(jpql, Product.class).setMaxResults(60).getResultList();
    }

    @GetMapping("/products/{sku}")
    public Product bySku(@PathVariable String sku) {
        return em.createQuery("SELECT p FROM Product p WHERE p.sku = :sku", Product.class)
                .setParameter("sku", sku)
                .getSingleResult();
    }

    @GetMapping("/reports/sales")
    @SuppressWarnings("unchecked")
    public List<SalesRow> salesByRegion(@RequestParam String region,
                                        @RequestParam("from") LocalDate from,
                                        @RequestParam("to") LocalDate to) {
        String sql = "SELECT s.sku, SUM(s.quantity), SUM(s.amount_cents) FROM sales s "
                + "WHERE s.region_code = '" + region + "' "
                + "AND s.sold_on BETWEEN ?1 AND ?2 GROUP BY s.sku ORDER BY 3 DESC";
        // expect: CWE-89
        List<Object[]> rows = em.createNativeQuery(sql).setParameter(1, from).setParameter(2, to).getResultList();
        List<SalesRow> result = new ArrayList<>(rows.size());
        for (Object[] r : rows) {
            result.add(new SalesRow((String) r[0], ((Number) r[1]).longValue(), ((Number) r[2]).longValue()));
        }
        return result;
    }

    @GetMapping("/reports/sales/top")
    @SuppressWarnings("unchecked")
    public List<Object[]> topSellers(@RequestParam String region, @RequestParam(defaultValue = "10") int limit) {
        return em.createNativeQuery(
                        "SELECT s.sku, SUM(s.quantity) AS units FROM sales s WHERE s.region_code = ?1 GROUP BY s.sku ORDER BY units DESC")
                .setParameter(1, region)
                .setMaxResults(Math.min(Math.max(limit, 1), 100))
                .getResultList();
    }

    @GetMapping("/products/{sku}/reviews")
    public List<ReviewView> reviews(@PathVariable String sku,
                                    @RequestParam(value = "author", required = false) String author) {
        List<Document> docs = new ArrayList<>();
        if (author == null) {
            reviews.find(Filters.and(Filters.eq("sku", sku), Filters.eq("status", "published")))
                    .sort(Sorts.descending("createdAt"))
                    .limit(50)
                    .into(docs);
        } else {
            String filterJson = "{ \"sku\": \"" + sku + "\", \"status\": \"published\", \"author\": \"" + author + "\" }";
            // expect: CWE-943
            reviews.find(Document.parse(filterJson)).limit(50).into(docs);
        }
        return docs.stream().map(ReviewView::fromDocument).toList();
    }

    @PostMapping(value = "/merchants/{merchantId}/blurb/preview", produces = MediaType.TEXT_PLAIN_VALUE)
    public String previewBlurb(@PathVariable long merchantId, @RequestBody BlurbPreviewRequest request)
            throws IOException, TemplateException {
        Product product = bySku(request.getSku());
        // expect: CWE-1336
        Template template = new Template("blurb-" + merchantId, new StringReader(request.getTemplateSource()), freemarker);
        StringWriter out = new StringWriter();
        template.process(Map.of("product", product, "merchantId", merchantId), out);
        return out.toString();
    }

    @GetMapping(value = "/products/{sku}/blurb", produces = MediaType.TEXT_HTML_VALUE)
    public String renderBlurb(@PathVariable String sku, @RequestParam(defaultValue = "default") String style)
            throws IOException, TemplateException {
        Product product = bySku(sku);
        String templateName = "classic".equals(style) ? "blurb/classic.ftlh" : "blurb/default.ftlh";
        Template template = freemarker.getTemplate(templateName);
        StringWriter out = new StringWriter();
        template.process(Map.of("product", product), out);
        return out.toString();
    }
}
