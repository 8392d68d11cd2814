package com.acme.payments.gateway;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Client for the card acquirer's REST API. Credentials are injected through
 * the environment by the deployment (Vault agent).
 */
public class PaymentGatewayClient {

    private final HttpClient http;
    private final ObjectMapper json = new ObjectMapper();
    private final URI baseUri;
    private final String apiKey;
    private final byte[] webhookSecret;
    private final SecureRandom random = new SecureRandom();

    public PaymentGatewayClient() throws Exception {
        this.baseUri = URI.create(requireEnv("ACQUIRER_BASE_URL"));
        this.apiKey = requireEnv("ACQUIRER_API_KEY");
        this.webhookSecret = requireEnv("ACQUIRER_WEBHOOK_SECRET").getBytes(StandardCharsets.UTF_8);
        this.http = HttpClient.newBuilder()
                .sslContext(pinnedContext(Path.of(System.getenv().getOrDefault("ACQUIRER_TRUSTSTORE", "/etc/acme/acquirer-truststore.p12")),
                        requireEnv("ACQUIRER_TRUSTSTORE_PASSWORD").toCharArray()))
                .connectTimeout(Duration.ofSeconds(5))
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    private static String requireEnv(String name) {
        String value = System.getenv(name);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException("missing environment variable " + name);
        }
        return value;
    }

    private static SSLContext pinnedContext(Path trustStore, char[] password) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(trustStore)) {
            ks.load(in, password);
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(ks);
        SSLContext ctx = SSLContext.getInstance("TLSv1.3");
        ctx.init(null, tmf.getTrustManagers(), new SecureRandom());
        return ctx;
    }

    public JsonNode authorize(String merchantRef, long amountMinor, String currency, String cardToken)
            throws IOException, InterruptedException {
        byte[] idem = new byte[16];
        random.nextBytes(idem);
        String body = json.createObjectNode()
                .put("merchant_reference", merchantRef)
                .put("amount", amountMinor)
                .put("currency", currency)
                .put("card_token", cardToken)
                .toString();
        HttpRequest req = HttpRequest.newBuilder(baseUri.resolve("/v2/authorizations"))
                .timeout(Duration.ofSeconds(15))
                .header("Authorization", "Bearer " + apiKey)
                .header("Idempotency-Key", HexFormat.of().formatHex(idem))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
        HttpResponse<String> res = http.send(req, HttpResponse.BodyHandlers.ofString());
        if (res.statusCode() >= 300) {
            throw new IOException("acquirer returned " + res.statusCode());
        }
        return json.readTree(res.body());
    }

    public boolean verifyWebhook(String payload, String signatureHex) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(webhookSecret, "HmacSHA256"));
        byte[] expected = mac.doFinal(payload.getBytes(StandardCharsets.UTF_8));
        return MessageDigest.isEqual(expected, HexFormat.of().parseHex(signatureHex));
    }
}
