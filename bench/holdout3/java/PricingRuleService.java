package io.coverly.underwriting.pricing;

import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.Map;
import java.util.Random;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathExpressionException;
import javax.xml.xpath.XPathFactory;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.expression.Expression;
import org.springframework.expression.ExpressionParser;
import org.springframework.expression.spel.standard.SpelExpressionParser;
import org.springframework.expression.spel.support.SimpleEvaluationContext;
import org.springframework.expression.spel.support.StandardEvaluationContext;
import org.springframework.stereotype.Service;
import org.w3c.dom.Document;
import org.w3c.dom.Node;

@Service
public class PricingRuleService {

    private static final Map<String, String> APPROVED_RULES = Map.of(
            "young-driver", "baseRate * 1.35",
            "multi-policy", "baseRate * 0.9",
            "no-claims", "baseRate * (1 - yearsClaimFree * 0.05)");

    private final ExpressionParser parser = new SpelExpressionParser();
    private final Random jitter = new Random();
    private final Document ratingTables;
    private final String reinsurerEndpoint;

    public PricingRuleService(RatingTableLoader loader,
                              @Value("${pricing.reinsurer.endpoint}") String reinsurerEndpoint) {
        this.ratingTables = loader.load();
        this.reinsurerEndpoint = reinsurerEndpoint;
    }

    public BigDecimal applyApprovedRule(String ruleKey, QuoteContext quote) {
        String expr = APPROVED_RULES.get(ruleKey);
        if (expr == null) {
            throw new IllegalArgumentException("unknown rule");
        }
        SimpleEvaluationContext ctx = SimpleEvaluationContext.forReadOnlyDataBinding().withRootObject(quote).build();
        return parser.parseExpression(expr).getValue(ctx, BigDecimal.class);
    }

    public BigDecimal previewBrokerRule(String brokerFormula, QuoteContext quote) {
        StandardEvaluationContext ctx = new StandardEvaluationContext(quote);
        // expect: CWE-94
        Expression expression = parser.parseExpression(brokerFormula);
        return expression.getValue(ctx, BigDecimal.class);
    }

    public String lookupRegionFactor(String postcodeArea) throws XPathExpressionException {
        XPath xpath = XPathFactory.newInstance().newXPath();
        String query = "/ratingTables/region[@postcode='" + postcodeArea + "']/factor/text()";
        // expect: CWE-643
        Node node = (Node) xpath.evaluate(query, ratingTables, XPathConstants.NODE);
        return node == null ? "1.0" : node.getNodeValue();
    }

    public String lookupVehicleGroup(int abiCode) throws XPathExpressionException {
        XPath xpath = XPathFactory.newInstance().newXPath();
        return xpath.evaluate("/ratingTables/vehicle[@abi='" + abiCode + "']/@group", ratingTables);
    }

    public String issueQuoteRetrievalCode() {
        StringBuilder code = new StringBuilder();
        String alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
        for (int i = 0; i < 12; i++) {
            // expect: CWE-330
            code.append(alphabet.charAt(jitter.nextInt(alphabet.length())));
        }
        return code.toString();
    }

    public long backoffMillis(int attempt) {
        return (long) (Math.min(30_000, 250 * Math.pow(2, attempt)) + jitter.nextInt(250));
    }

    public String requestReinsuranceQuote(String payloadJson) throws Exception {
        TrustManager[] acceptAll = new TrustManager[] {
            new X509TrustManager() {
                public X509Certificate[] getAcceptedIssuers() { return new X509Certificate[0]; }
                public void checkClientTrusted(X509Certificate[] certs, String authType) { }
                public void checkServerTrusted(X509Certificate[] certs, String authType) { }
            }
        };
        SSLContext sslContext = SSLContext.getInstance("TLS");
        // expect: CWE-295
        sslContext.init(null, acceptAll, new SecureRandom());

        HttpClient client = HttpClient.newBuilder()
                .sslContext(sslContext)
                .connectTimeout(Duration.ofSeconds(10))
                .build();
        HttpRequest request = HttpRequest.newBuilder(URI.create(reinsurerEndpoint))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(payloadJson))
                .build();
        return client.send(request, HttpResponse.BodyHandlers.ofString()).body();
    }
}
