package com.northwind.billing.web;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;

import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.Resource;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/api/invoices")
public class InvoiceController {

    private static final List<String> SORTABLE_COLUMNS = List.of("issued_at", "due_at", "total_cents", "status");

    private final JdbcTemplate jdbc;
    private final Path archiveRoot;

    public InvoiceController(JdbcTemplate jdbc, @Value("${billing.archive-dir}") String archiveDir) {
        this.jdbc = jdbc;
        this.archiveRoot = Paths.get(archiveDir).toAbsolutePath().normalize();
    }

    @GetMapping("/{invoiceId}")
    public Map<String, Object> getInvoice(@PathVariable long invoiceId) {
        return jdbc.queryForMap(
                "SELECT id, customer_id, total_cents, status FROM invoices WHERE id = ?", invoiceId);
    }

    @GetMapping
    public List<Map<String, Object>> listForCustomer(@RequestParam String customerRef,
                                                     @RequestParam(defaultValue = "issued_at") String sort) {
        String orderBy = SORTABLE_COLUMNS.contains(sort) ? sort : "issued_at";
        return jdbc.queryForList(
                "SELECT id, total_cents, status, issued_at FROM invoices WHERE customer_ref = ? ORDER BY " + orderBy,
                customerRef);
    }

    @GetMapping("/search")
    public List<Map<String, Object>> search(@RequestParam String memo) {
        String sql = "SELECT id, memo, total_cents FROM invoices WHERE memo LIKE '%" + memo + "%'";
        // expect: CWE-89
        return jdbc.queryForList(sql);
    }

    @GetMapping("/archive/{year}/pdf")
    public ResponseEntity<Resource> downloadArchived(@PathVariable int year, @RequestParam String file) {
        Path resolved = archiveRoot.resolve(String.valueOf(year)).resolve(file).normalize();
        if (!resolved.startsWith(archiveRoot) || !Files.isRegularFile(resolved)) {
            return ResponseEntity.notFound().build();
        }
        return ResponseEntity.ok()
                .contentType(MediaType.APPLICATION_PDF)
                .body(new FileSystemResource(resolved));
    }

    @GetMapping("/attachments")
    public ResponseEntity<byte[]> attachment(@RequestParam String name) throws IOException {
        Path attachment = Paths.get(archiveRoot.toString(), "attachments", name);
        // expect: CWE-22
        byte[] content = Files.readAllBytes(attachment);
        return ResponseEntity.ok()
                .header(HttpHeaders.CONTENT_DISPOSITION, "attachment")
                .contentType(MediaType.APPLICATION_OCTET_STREAM)
                .body(content);
    }

    @PostMapping("/{invoiceId}/pay")
    public ResponseEntity<Void> pay(@PathVariable long invoiceId,
                                    @RequestParam(required = false) String next,
                                    HttpServletResponse response) {
        jdbc.update("UPDATE invoices SET status = 'PAID', paid_at = now() WHERE id = ?", invoiceId);

        Cookie lastPaid = new Cookie("last_paid_invoice", Long.toString(invoiceId));
        lastPaid.setPath("/billing");
        lastPaid.setHttpOnly(true);
        lastPaid.setMaxAge(3600);
        // expect: CWE-614
        response.addCookie(lastPaid);

        if (next != null && next.startsWith("/") && !next.startsWith("//")) {
            return ResponseEntity.status(303).location(URI.create(next)).build();
        }
        return ResponseEntity.status(303).location(URI.create("/billing/invoices/" + invoiceId)).build();
    }

    @GetMapping("/{invoiceId}/checkout-return")
    public void checkoutReturn(@PathVariable long invoiceId, @RequestParam("return_to") String returnTo,
                               HttpServletResponse response) throws IOException {
        jdbc.update("UPDATE invoices SET checkout_seen = true WHERE id = ?", invoiceId);
        // expect: CWE-601
        response.sendRedirect(returnTo);
    }
}
