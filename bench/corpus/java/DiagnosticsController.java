package com.acme.ops.web;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.springframework.http.MediaType;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.HtmlUtils;

/**
 * Operator diagnostics: connectivity checks and log viewing.
 */
@RestController
@RequestMapping("/ops/diagnostics")
@PreAuthorize("hasRole('OPERATOR')")
public class DiagnosticsController {

    private static final Pattern HOSTNAME = Pattern.compile("^[A-Za-z0-9.-]{1,253}$");
    private static final String LOG_DIR = "/var/log/acme";

    private static String run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String output = reader.lines().collect(Collectors.joining("\n"));
            process.waitFor(15, TimeUnit.SECONDS);
            return output;
        }
    }

    @GetMapping(value = "/ping", produces = MediaType.TEXT_PLAIN_VALUE)
    public String ping(@RequestParam String host, @RequestParam(defaultValue = "3") String count) throws IOException, InterruptedException {
        String[] cmd = {"/bin/sh", "-c", "ping -c " + count + " " + host};
        // expect: CWE-78
        Process process = Runtime.getRuntime().exec(cmd);
        process.waitFor(20, TimeUnit.SECONDS);
        return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }

    @GetMapping(value = "/traceroute", produces = MediaType.TEXT_PLAIN_VALUE)
    public String traceroute(@RequestParam String host) throws IOException, InterruptedException {
        if (!HOSTNAME.matcher(host).matches() || host.startsWith("-")) {
            return "invalid host";
        }
        return run("traceroute", "-m", "15", host);
    }

    @GetMapping(value = "/tls", produces = MediaType.TEXT_PLAIN_VALUE)
    public String tlsCheck(@RequestParam String endpoint) throws IOException, InterruptedException {
        String script = String.format("echo | openssl s_client -connect %s -servername %s 2>/dev/null | openssl x509 -noout -dates",
                endpoint, endpoint.split(":")[0]);
        // expect: CWE-78
        return run("bash", "-c", script);
    }

    @GetMapping(value = "/uptime", produces = MediaType.TEXT_PLAIN_VALUE)
    public String uptime() throws IOException, InterruptedException {
        return run("uptime");
    }

    @GetMapping(value = "/logs/{service}", produces = MediaType.TEXT_HTML_VALUE)
    public String logs(@PathVariable String service, @RequestParam(defaultValue = "app.log") String file,
                       @RequestParam(defaultValue = "") String highlight) throws IOException {
        // expect: CWE-22
        List<String> lines = Files.readAllLines(Paths.get(LOG_DIR, service, file));
        StringBuilder html = new StringBuilder("<h2>").append(HtmlUtils.htmlEscape(service)).append("</h2><pre>");
        for (String line : lines.subList(Math.max(0, lines.size() - 500), lines.size())) {
            html.append(HtmlUtils.htmlEscape(line)).append('\n');
        }
        html.append("</pre><p>Highlighting: ").append(highlight).append("</p>");
        // expect: CWE-79
        return html.toString();
    }

    @GetMapping(value = "/tail/{service}", produces = MediaType.TEXT_PLAIN_VALUE)
    public String tail(@PathVariable String service, @RequestParam(defaultValue = "app.log") String file) throws IOException {
        Path base = Paths.get(LOG_DIR).toRealPath();
        Path target = base.resolve(service).resolve(file).normalize();
        if (!target.startsWith(base)) {
            throw new IllegalArgumentException("invalid log path");
        }
        List<String> lines = Files.readAllLines(target);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 500), lines.size()));
    }
}
