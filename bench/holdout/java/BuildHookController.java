package com.acme.ci.hooks;

import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Header;
import io.micronaut.http.annotation.Post;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import jakarta.inject.Inject;

import java.beans.XMLDecoder;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

@Controller("/hooks")
public class BuildHookController {

    private static final Pattern BRANCH = Pattern.compile("[A-Za-z0-9._/-]{1,100}");

    @Inject
    @Client("/")
    HttpClient http;

    private final byte[] hookSecret = System.getenv("HOOK_SECRET").getBytes(StandardCharsets.UTF_8);

    private boolean signatureValid(byte[] body, String header) throws Exception {
        if (header == null || !header.startsWith("sha256=")) {
            return false;
        }
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(hookSecret, "HmacSHA256"));
        byte[] expected = mac.doFinal(body);
        byte[] given = HexFormat.of().parseHex(header.substring(7));
        return MessageDigest.isEqual(expected, given);
    }

    @Post(value = "/push", consumes = MediaType.APPLICATION_JSON)
    public HttpResponse<?> onPush(@Body byte[] body, @Header("X-Hub-Signature-256") String sig) throws Exception {
        if (!signatureValid(body, sig)) {
            return HttpResponse.unauthorized();
        }
        Map<?, ?> event = new com.fasterxml.jackson.databind.ObjectMapper().readValue(body, Map.class);
        String branch = String.valueOf(((Map<?, ?>) event.get("ref_info")).get("branch"));
        if (!BRANCH.matcher(branch).matches() || branch.contains("..")) {
            return HttpResponse.badRequest("bad branch");
        }
        Process p = new ProcessBuilder(List.of("/opt/ci/bin/enqueue-build", "--branch", branch))
                .directory(new File("/opt/ci"))
                .start();
        p.waitFor(30, TimeUnit.SECONDS);
        return HttpResponse.accepted();
    }

    /** Legacy build agents post their job descriptor as java.beans XML. */
    @Post(value = "/agent/job", consumes = MediaType.APPLICATION_XML)
    public HttpResponse<?> agentJob(@Body byte[] body, @Header("X-Agent-Id") String agentId) {
        try (XMLDecoder decoder = new XMLDecoder(new ByteArrayInputStream(body))) {
            // expect: CWE-502
            Object job = decoder.readObject();
            return HttpResponse.ok(Map.of("agent", String.valueOf(agentId), "accepted", job.getClass().getSimpleName()));
        }
    }

    @Post(value = "/artifacts/fetch", consumes = MediaType.APPLICATION_JSON)
    public HttpResponse<?> fetchArtifact(@Body Map<String, String> req) {
        String url = req.get("artifactUrl");
        // expect: CWE-918
        String manifest = http.toBlocking().retrieve(HttpRequest.GET(url), String.class);
        return HttpResponse.ok(Map.of("bytes", manifest.length()));
    }

    @Post(value = "/cleanup", consumes = MediaType.APPLICATION_JSON)
    public HttpResponse<?> cleanup(@Body Map<String, String> req) throws IOException, InterruptedException {
        String workspace = req.getOrDefault("workspace", "default");
        String olderThan = req.getOrDefault("olderThanDays", "7");
        String script = "find /var/ci/workspaces/" + workspace + " -mtime +" + olderThan + " -delete";
        // expect: CWE-78
        Process p = new ProcessBuilder("bash", "-c", script).redirectErrorStream(true).start();
        boolean finished = p.waitFor(120, TimeUnit.SECONDS);
        return HttpResponse.ok(Map.of("finished", finished));
    }
}
