package com.acme.portal.sso;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseCookie;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.CookieValue;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.HtmlUtils;

@RestController
public class PartnerSsoController {

    private static final Set<String> RETURN_PATHS = Set.of("/dashboard", "/billing", "/settings/profile");

    private final HttpClient http = HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(5))
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
    private final SecureRandom random = new SecureRandom();
    private final ObjectMapper json = new ObjectMapper();

    @Value("${sso.token-endpoint}")
    private String tokenEndpoint;

    @Value("${sso.client-id}")
    private String clientId;

    @Value("${sso.client-secret}")
    private String clientSecret;

    private final SessionStore sessions;

    public PartnerSsoController(SessionStore sessions) {
        this.sessions = sessions;
    }

    @GetMapping("/sso/start")
    public ResponseEntity<Void> start(@RequestParam(defaultValue = "/dashboard") String returnTo) {
        byte[] stateBytes = new byte[24];
        random.nextBytes(stateBytes);
        String state = Base64.getUrlEncoder().withoutPadding().encodeToString(stateBytes);
        String target = RETURN_PATHS.contains(returnTo) ? returnTo : "/dashboard";
        sessions.rememberState(state, target);
        ResponseCookie stateCookie = ResponseCookie.from("sso_state", state)
                .httpOnly(true).secure(true).sameSite("Lax").path("/sso").maxAge(Duration.ofMinutes(10)).build();
        URI authorize = URI.create("https://login.partner.example/authorize?response_type=code&client_id="
                + URLEncoder.encode(clientId, StandardCharsets.UTF_8) + "&state=" + state);
        return ResponseEntity.status(302)
                .header(HttpHeaders.SET_COOKIE, stateCookie.toString())
                .location(authorize)
                .build();
    }

    @GetMapping("/sso/callback")
    public ResponseEntity<?> callback(@RequestParam String code, @RequestParam String state,
                                      @CookieValue(name = "sso_state", required = false) String cookieState)
            throws IOException, InterruptedException {
        if (cookieState == null || !cookieState.equals(state)) {
            return ResponseEntity.badRequest().body("<p>Login expired, please retry.</p>");
        }
        String form = "grant_type=authorization_code&code=" + URLEncoder.encode(code, StandardCharsets.UTF_8)
                + "&client_id=" + URLEncoder.encode(clientId, StandardCharsets.UTF_8)
                + "&client_secret=" + URLEncoder.encode(clientSecret, StandardCharsets.UTF_8);
        HttpRequest req = HttpRequest.newBuilder(URI.create(tokenEndpoint))
                .timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form))
                .build();
        HttpResponse<String> resp = http.send(req, HttpResponse.BodyHandlers.ofString());
        if (resp.statusCode() != 200) {
            String msg = "<p>Partner login failed: " + HtmlUtils.htmlEscape(resp.body()) + "</p>";
            return ResponseEntity.status(502).header(HttpHeaders.CONTENT_TYPE, "text/html").body(msg);
        }
        JsonNode tokens = json.readTree(resp.body());
        String sessionId = sessions.create(tokens.path("id_token").asText());
        ResponseCookie session = ResponseCookie.from("portal_session", sessionId)
                .httpOnly(true).secure(true).sameSite("Lax").path("/").build();
        String target = sessions.consumeState(state);
        return ResponseEntity.status(302)
                .header(HttpHeaders.SET_COOKIE, session.toString())
                .location(URI.create(RETURN_PATHS.contains(target) ? target : "/dashboard"))
                .build();
    }

    @GetMapping("/sso/whoami")
    public Map<String, Object> whoami(@CookieValue(name = "portal_session", required = false) String sessionId) {
        return sessions.describe(sessionId);
    }
}
