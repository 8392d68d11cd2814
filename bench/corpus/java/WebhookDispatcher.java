package com.acme.integrations.webhooks;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.Map;
import java.util.Set;

import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.client.RestTemplate;

@RestController
public class WebhookDispatcher {

    private static final Set<String> AVATAR_HOSTS = Set.of("secure.gravatar.com", "avatars.githubusercontent.com");

    private final RestTemplate restTemplate = new RestTemplate();
    private final HttpClient httpClient = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    static {
        try {
            TrustManager[] trustAll = new TrustManager[] {
                new X509TrustManager() {
                    public X509Certificate[] getAcceptedIssuers() {
                        return new X509Certificate[0];
                    }

                    public void checkClientTrusted(X509Certificate[] certs, String authType) {
                    }

                    public void checkServerTrusted(X509Certificate[] certs, String authType) {
                    }
                }
            };
            SSLContext ctx = SSLContext.getInstance("TLS");
            // expect: CWE-295
            ctx.init(null, trustAll, new java.security.SecureRandom());
            HttpsURLConnection.setDefaultSSLSocketFactory(ctx.getSocketFactory());
            // expect: CWE-295
            HttpsURLConnection.setDefaultHostnameVerifier((hostname, session) -> true);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** "Test my endpoint" button in the integrations UI. */
    @PostMapping("/api/webhooks/test")
    public ResponseEntity<String> test(@RequestBody Map<String, String> body) throws IOException {
        String target = body.get("url");
        // expect: CWE-918
        HttpURLConnection conn = (HttpURLConnection) new URL(target).openConnection();
        conn.setRequestMethod("POST");
        conn.setDoOutput(true);
        conn.setConnectTimeout(5000);
        conn.getOutputStream().write("{\"event\":\"ping\"}".getBytes(StandardCharsets.UTF_8));
        int status = conn.getResponseCode();
        try (InputStream in = status < 400 ? conn.getInputStream() : conn.getErrorStream()) {
            String reply = in == null ? "" : new String(in.readNBytes(2048), StandardCharsets.UTF_8);
            return ResponseEntity.ok("status=" + status + "\n" + reply);
        }
    }

    /** Fetches a remote OpenAPI document to import an integration definition. */
    @GetMapping("/api/integrations/import")
    public String importSpec(@RequestParam("specUrl") String specUrl) {
        // expect: CWE-918
        return restTemplate.getForObject(specUrl, String.class);
    }

    @GetMapping("/api/avatars/proxy")
    public ResponseEntity<byte[]> avatar(@RequestParam("src") String src) throws IOException, InterruptedException {
        URI uri = URI.create(src);
        if (!"https".equals(uri.getScheme()) || !AVATAR_HOSTS.contains(uri.getHost()) || uri.getPort() != -1) {
            return ResponseEntity.badRequest().build();
        }
        HttpResponse<byte[]> res = httpClient.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).GET().build(),
                HttpResponse.BodyHandlers.ofByteArray());
        return ResponseEntity.status(res.statusCode()).body(res.body());
    }

    @GetMapping("/api/status/upstream")
    public String upstreamStatus() {
        return restTemplate.getForObject("https://status.payments-provider.example.com/api/v2/status.json", String.class);
    }

    static boolean isInternal(String host) throws IOException {
        InetAddress addr = InetAddress.getByName(host);
        return addr.isLoopbackAddress() || addr.isSiteLocalAddress() || addr.isLinkLocalAddress() || addr.isAnyLocalAddress();
    }
}
