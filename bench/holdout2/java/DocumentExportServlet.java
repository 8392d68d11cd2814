package com.northwind.docs.web;

import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.File;
import java.io.FileInputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Pattern;

@WebServlet(name = "documentExport", urlPatterns = {"/documents/*"})
public class DocumentExportServlet extends HttpServlet {

    private static final Logger LOG = Logger.getLogger(DocumentExportServlet.class.getName());
    private static final Pattern THUMB_SIZE = Pattern.compile("^[0-9]{2,4}x[0-9]{2,4}$");
    private static final Map<String, String> OUTPUT_TYPES = Map.of(
            "pdf", "application/pdf",
            "docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
            "odt", "application/vnd.oasis.opendocument.text");

    private final SecureRandom random = new SecureRandom();
    private Path storageRoot;
    private String converterBinary;
    private String thumbnailBinary;

    @Override
    public void init(ServletConfig config) throws ServletException {
        super.init(config);
        String root = config.getServletContext().getInitParameter("documents.root");
        this.storageRoot = Paths.get(root).toAbsolutePath().normalize();
        this.converterBinary = config.getServletContext().getInitParameter("documents.converter");
        this.thumbnailBinary = config.getServletContext().getInitParameter("documents.thumbnailer");
    }

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String action = req.getPathInfo() == null ? "" : req.getPathInfo();
        switch (action) {
            case "/download" -> download(req, resp);
            case "/preview" -> preview(req, resp);
            case "/convert" -> convert(req, resp);
            case "/thumbnail" -> thumbnail(req, resp);
            default -> resp.sendError(HttpServletResponse.SC_NOT_FOUND);
        }
    }

    private Path resolveInsideRoot(String relative) {
        if (relative == null || relative.isBlank()) {
            return null;
        }
        Path candidate = storageRoot.resolve(relative).normalize();
        return candidate.startsWith(storageRoot) ? candidate : null;
    }

    private void download(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        Path target = resolveInsideRoot(req.getParameter("file"));
        if (target == null || !Files.isRegularFile(target)) {
            resp.sendError(HttpServletResponse.SC_NOT_FOUND);
            return;
        }
        String token = issueDownloadToken();
        Cookie receipt = new Cookie("dl_receipt", token);
        receipt.setHttpOnly(true);
        receipt.setPath("/documents");
        receipt.setMaxAge((int) TimeUnit.MINUTES.toSeconds(15));
        // expect: CWE-614
        resp.addCookie(receipt);

        resp.setContentType("application/octet-stream");
        resp.setHeader("Content-Disposition", "attachment; filename=\"" + target.getFileName() + "\"");
        try (OutputStream out = resp.getOutputStream()) {
            Files.copy(target, out);
        }
    }

    private void preview(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String tenant = req.getParameter("tenant");
        String name = req.getParameter("file");
        resp.setContentType("text/plain;charset=UTF-8");
        // expect: CWE-22
        try (InputStream in = new FileInputStream(new File(storageRoot.toFile(), tenant + File.separator + name))) {
            in.transferTo(resp.getOutputStream());
        } catch (FileNotFoundException e) {
            resp.setStatus(HttpServletResponse.SC_NOT_FOUND);
            resp.setContentType("text/html;charset=UTF-8");
            PrintWriter writer = resp.getWriter();
            // expect: CWE-79
            writer.println("<html><body><p>The document <b>" + name + "</b> is not available.</p></body></html>");
        }
    }

    private void convert(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        Path source = resolveInsideRoot(req.getParameter("file"));
        String format = req.getParameter("format");
        if (source == null) {
            resp.sendError(HttpServletResponse.SC_BAD_REQUEST);
            return;
        }
        Path outDir = Files.createTempDirectory("convert-");
        String cmd = converterBinary + " --headless --convert-to " + format + " --outdir " + outDir + " " + source;
        LOG.info(() -> "running converter for " + source.getFileName());
        // expect: CWE-78
        Process process = Runtime.getRuntime().exec(new String[]{"/bin/sh", "-c", cmd});
        try {
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                resp.sendError(HttpServletResponse.SC_GATEWAY_TIMEOUT);
                return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            resp.sendError(HttpServletResponse.SC_SERVICE_UNAVAILABLE);
            return;
        }
        String mime = OUTPUT_TYPES.getOrDefault(format, "application/octet-stream");
        resp.setContentType(mime);
        try (var files = Files.list(outDir); OutputStream out = resp.getOutputStream()) {
            Path produced = files.findFirst().orElseThrow(() -> new IOException("converter produced nothing"));
            Files.copy(produced, out);
        }
    }

    private void thumbnail(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        Path source = resolveInsideRoot(req.getParameter("file"));
        String size = req.getParameter("size");
        if (source == null || size == null || !THUMB_SIZE.matcher(size).matches()) {
            resp.sendError(HttpServletResponse.SC_BAD_REQUEST);
            return;
        }
        Path output = Files.createTempFile("thumb-", ".png");
        List<String> command = new ArrayList<>();
        command.add(thumbnailBinary);
        command.add("-thumbnail");
        command.add(size);
        command.add(source.toString() + "[0]");
        command.add(output.toString());
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            int exit = process.waitFor();
            if (exit != 0) {
                LOG.log(Level.WARNING, "thumbnailer exited with {0}", exit);
                resp.sendError(HttpServletResponse.SC_INTERNAL_SERVER_ERROR);
                return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        resp.setContentType("image/png");
        try (OutputStream out = resp.getOutputStream()) {
            Files.copy(output, out);
        } finally {
            Files.deleteIfExists(output);
        }
    }

    private String issueDownloadToken() {
        byte[] bytes = new byte[24];
        random.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
