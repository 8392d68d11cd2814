package com.acme.reporting.web;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.Resource;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.*;
import org.springframework.web.client.RestTemplate;
import org.springframework.web.server.ResponseStatusException;

@RestController
@RequestMapping("/api/reports")
public class ReportController {

    private static final Map<String, String> CHART_TYPES = Map.of("bar", "bar", "line", "line", "pie", "pie");

    private final RestTemplate restTemplate;
    private final Path reportRoot;

    public ReportController(RestTemplate restTemplate, @Value("${reports.root:/var/reports}") String root) {
        this.restTemplate = restTemplate;
        this.reportRoot = Paths.get(root).toAbsolutePath().normalize();
    }

    @GetMapping("/files/{tenant}")
    public ResponseEntity<Resource> download(@PathVariable String tenant, @RequestParam("name") String name) {
        Path file = reportRoot.resolve(tenant).resolve(name);
        if (!Files.exists(file)) {
            throw new ResponseStatusException(HttpStatus.NOT_FOUND);
        }
        // expect: CWE-22
        Resource body = new FileSystemResource(file);
        return ResponseEntity.ok()
                .header(HttpHeaders.CONTENT_DISPOSITION, "attachment; filename=\"" + file.getFileName() + "\"")
                .contentType(MediaType.APPLICATION_OCTET_STREAM)
                .body(body);
    }

    @GetMapping("/archive/{tenant}")
    public ResponseEntity<Resource> archived(@PathVariable String tenant, @RequestParam("name") String name) {
        Path tenantDir = reportRoot.resolve(tenant).normalize();
        Path file = tenantDir.resolve(name).normalize();
        if (!tenantDir.startsWith(reportRoot) || !file.startsWith(tenantDir) || !Files.isRegularFile(file)) {
            throw new ResponseStatusException(HttpStatus.NOT_FOUND);
        }
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_PDF).body(new FileSystemResource(file));
    }

    @PostMapping("/render")
    public Map<String, Object> render(@RequestBody Map<String, String> req) throws IOException, InterruptedException {
        String chart = CHART_TYPES.getOrDefault(req.get("chart"), "bar");
        String title = req.getOrDefault("title", "Report");
        String from = LocalDate.parse(req.getOrDefault("from", LocalDate.now().minusDays(30).toString())).toString();
        String out = "/tmp/render-" + System.nanoTime() + ".png";
        String cmd = "/opt/charts/render.sh --type " + chart + " --from " + from + " --title '" + title + "' --out " + out;
        // expect: CWE-78
        Process p = Runtime.getRuntime().exec(new String[] {"/bin/sh", "-c", cmd});
        boolean done = p.waitFor(60, TimeUnit.SECONDS);
        return Map.of("ok", done && p.exitValue() == 0, "file", out);
    }

    @PostMapping("/render-v2")
    public Map<String, Object> renderV2(@RequestBody Map<String, String> req) throws IOException, InterruptedException {
        String chart = CHART_TYPES.getOrDefault(req.get("chart"), "bar");
        String title = req.getOrDefault("title", "Report");
        String out = "/tmp/render-" + System.nanoTime() + ".png";
        Process p = new ProcessBuilder(List.of("/opt/charts/render.sh", "--type", chart, "--title", title, "--out", out))
                .redirectErrorStream(true)
                .start();
        boolean done = p.waitFor(60, TimeUnit.SECONDS);
        return Map.of("ok", done && p.exitValue() == 0, "file", out);
    }

    @PostMapping("/import-remote")
    public Map<String, Object> importRemote(@RequestBody Map<String, String> req) {
        String source = req.get("sourceUrl");
        if (source == null || !source.startsWith("http")) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST, "sourceUrl must be http(s)");
        }
        // expect: CWE-918
        String csv = restTemplate.getForObject(URI.create(source), String.class);
        int lines = csv == null ? 0 : csv.split("\n").length;
        return Map.of("imported", lines);
    }

    @GetMapping("/exchange-rates")
    public Object rates(@RequestParam(defaultValue = "USD") String base) {
        if (!base.matches("[A-Z]{3}")) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST);
        }
        return restTemplate.getForObject("https://rates.example.com/v1/latest?base={base}", Map.class, base);
    }
}
