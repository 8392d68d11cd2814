package com.acme.docs.servlet;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;

import javax.servlet.ServletException;
import javax.servlet.annotation.MultipartConfig;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import javax.servlet.http.Part;

/**
 * Serves and accepts attachments for the document management module.
 * Mapped under /attachments/*.
 */
@WebServlet(urlPatterns = "/attachments/*")
@MultipartConfig(maxFileSize = 25 * 1024 * 1024)
public class FileDownloadServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;
    private static final String STORAGE_DIR = System.getProperty("attachments.dir", "/opt/docs/attachments");

    private final Path storageRoot = Paths.get(STORAGE_DIR).toAbsolutePath().normalize();

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws ServletException, IOException {
        String action = req.getPathInfo() == null ? "/download" : req.getPathInfo();
        switch (action) {
            case "/download":
                download(req, resp);
                break;
            case "/preview":
                preview(req, resp);
                break;
            case "/raw":
                raw(req, resp);
                break;
            default:
                resp.sendError(HttpServletResponse.SC_NOT_FOUND);
        }
    }

    private void download(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String fileName = req.getParameter("file");
        String folder = req.getParameter("folder");
        // expect: CWE-22
        File file = new File(STORAGE_DIR + File.separator + folder, fileName);
        if (!file.isFile()) {
            resp.setContentType("text/html;charset=UTF-8");
            PrintWriter out = resp.getWriter();
            // expect: CWE-79
            out.println("<p>Attachment <b>" + fileName + "</b> does not exist.</p>");
            return;
        }
        resp.setContentType("application/octet-stream");
        resp.setHeader("Content-Disposition", "attachment; filename=\"" + file.getName() + "\"");
        try (InputStream in = new FileInputStream(file); OutputStream os = resp.getOutputStream()) {
            in.transferTo(os);
        }
    }

    private void preview(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String requested = req.getParameter("file");
        if (requested == null) {
            resp.sendError(HttpServletResponse.SC_BAD_REQUEST);
            return;
        }
        Path target = storageRoot.resolve(requested).normalize();
        if (!target.startsWith(storageRoot) || !Files.isRegularFile(target)) {
            resp.sendError(HttpServletResponse.SC_NOT_FOUND);
            return;
        }
        resp.setContentType("text/plain;charset=UTF-8");
        Files.copy(target, resp.getOutputStream());
    }

    private void raw(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String relative = req.getHeader("X-Attachment-Path");
        // expect: CWE-22
        byte[] content = Files.readAllBytes(Paths.get(STORAGE_DIR, relative));
        resp.setContentType("application/octet-stream");
        resp.getOutputStream().write(content);
    }

    @Override
    protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws ServletException, IOException {
        Part part = req.getPart("file");
        String project = req.getParameter("project");
        if (part == null || project == null || !project.matches("[A-Za-z0-9_-]{1,64}")) {
            resp.sendError(HttpServletResponse.SC_BAD_REQUEST);
            return;
        }
        String submitted = part.getSubmittedFileName();
        Path dir = storageRoot.resolve(project);
        Files.createDirectories(dir);
        try (InputStream in = part.getInputStream()) {
            // expect: CWE-22
            Files.copy(in, dir.resolve(submitted), StandardCopyOption.REPLACE_EXISTING);
        }
        resp.setStatus(HttpServletResponse.SC_CREATED);
    }

    @Override
    protected void doDelete(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String name = Paths.get(req.getParameter("file")).getFileName().toString();
        Path target = storageRoot.resolve("trash").resolve(name).normalize();
        if (!target.startsWith(storageRoot.resolve("trash"))) {
            resp.sendError(HttpServletResponse.SC_BAD_REQUEST);
            return;
        }
        Files.deleteIfExists(target);
        resp.setStatus(HttpServletResponse.SC_NO_CONTENT);
    }
}
