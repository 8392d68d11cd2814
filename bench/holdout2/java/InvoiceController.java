package com.ledgerly.billing.web;

import com.ledgerly.billing.invoices.Invoice;
import com.ledgerly.billing.invoices.InvoiceLine;
import com.ledgerly.billing.invoices.InvoicePdfRenderer;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.io.PathResource;
import org.springframework.core.io.Resource;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseCookie;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.HtmlUtils;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.LocalDate;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;

@RestController
@RequestMapping("/billing/invoices")
public class InvoiceController {

    private static final Set<String> SORT_KEYS = Set.of("issued_on", "due_on", "amount_cents", "number");
    private static final Map<String, String> STATUS_LABELS = Map.of(
            "OPEN", "Open", "PAID", "Paid", "VOID", "Voided", "OVERDUE", "Overdue");

    private final NamedParameterJdbcTemplate jdbc;
    private final InvoicePdfRenderer pdfRenderer;
    private final Path archiveRoot;
    private final SecureRandom random = new SecureRandom();

    public InvoiceController(NamedParameterJdbcTemplate jdbc,
                             InvoicePdfRenderer pdfRenderer,
                             @Value("${billing.archive-dir}") String archiveDir) {
        this.jdbc = jdbc;
        this.pdfRenderer = pdfRenderer;
        this.archiveRoot = Paths.get(archiveDir).toAbsolutePath().normalize();
    }

    @GetMapping
    public List<Invoice> list(@RequestParam long accountId,
                              @RequestParam(required = false) String status,
                              @RequestParam(defaultValue = "issued_on") String sort,
                              @RequestParam(required = false) LocalDate since) {
        StringBuilder sql = new StringBuilder(
                "SELECT id, number, account_id, status, amount_cents, issued_on, due_on FROM invoices WHERE account_id = :accountId");
        MapSqlParameterSource params = new MapSqlParameterSource("accountId", accountId);
        if (status != null && STATUS_LABELS.containsKey(status)) {
            sql.append(" AND status = :status");
            params.addValue("status", status);
        }
        if (since != null) {
            sql.append(" AND issued_on >= :since");
            params.addValue("since", since);
        }
        String orderBy = SORT_KEYS.contains(sort) ? sort : "issued_on";
        sql.append(" ORDER BY ").append(orderBy).append(" DESC");
        return jdbc.query(sql.toString(), params, (rs, i) -> new Invoice(
                rs.getLong("id"), rs.getString("number"), rs.getLong("account_id"), rs.getString("status"),
                rs.getLong("amount_cents"), rs.getDate("issued_on").toLocalDate(), rs.getDate("due_on").toLocalDate()));
    }

    @GetMapping(value = "/{number}/summary", produces = MediaType.TEXT_HTML_VALUE)
    public String summary(@PathVariable String number, @RequestParam(defaultValue = "") String note) {
        List<InvoiceLine> lines = jdbc.query(
                "SELECT l.description, l.quantity, l.unit_cents FROM invoice_lines l "
                        + "JOIN invoices i ON i.id = l.invoice_id WHERE i.number = :number ORDER BY l.position",
                Map.of("number", number),
                (rs, i) -> new InvoiceLine(rs.getString("description"), rs.getInt("quantity"), rs.getLong("unit_cents")));
        StringBuilder html = new StringBuilder("<section class=\"invoice\">");
        html.append("<h2>Invoice ").append(HtmlUtils.htmlEscape(number)).append("</h2><table>");
        for (InvoiceLine line : lines) {
            html.append("<tr><td>").append(HtmlUtils.htmlEscape(line.description())).append("</td><td>")
                    .append(line.quantity()).append("</td><td>").append(line.unitCents()).append("</td></tr>");
        }
        html.append("</table>");
        if (!note.isBlank()) {
            html.append("<p class=\"note\">").append(HtmlUtils.htmlEscape(note)).append("</p>");
        }
        return html.append("</section>").toString();
    }

    @GetMapping("/archive")
    public ResponseEntity<Resource> archived(@RequestParam String file) throws IOException {
        Path requested = archiveRoot.resolve(file).normalize();
        if (!requested.startsWith(archiveRoot) || !Files.isRegularFile(requested)) {
            return ResponseEntity.notFound().build();
        }
        return ResponseEntity.ok()
                .contentType(MediaType.APPLICATION_PDF)
                .header(HttpHeaders.CONTENT_DISPOSITION, "attachment; filename=\"" + requested.getFileName() + "\"")
                .body(new PathResource(requested));
    }

    @PostMapping("/{number}/pay-link")
    public ResponseEntity<Void> createPayLink(@PathVariable String number,
                                              @RequestParam(name = "next", defaultValue = "/billing") String next) {
        byte[] nonce = new byte[24];
        random.nextBytes(nonce);
        String payToken = Base64.getUrlEncoder().withoutPadding().encodeToString(nonce);
        jdbc.update("UPDATE invoices SET pay_token = :token WHERE number = :number",
                Map.of("token", payToken, "number", number));

        ResponseCookie cookie = ResponseCookie.from("pay_ctx", payToken)
                .httpOnly(true)
                .secure(true)
                .sameSite("Strict")
                .path("/billing")
                .maxAge(Duration.ofMinutes(20))
                .build();
        String location = next.startsWith("/") && !next.startsWith("//") && !next.contains("\\") ? next : "/billing";
        return ResponseEntity.status(303)
                .header(HttpHeaders.SET_COOKIE, cookie.toString())
                .header(HttpHeaders.LOCATION, location)
                .build();
    }

    @GetMapping(value = "/{number}/pdf", produces = MediaType.APPLICATION_PDF_VALUE)
    public byte[] pdf(@PathVariable String number) {
        Invoice invoice = jdbc.queryForObject(
                "SELECT id, number, account_id, status, amount_cents, issued_on, due_on FROM invoices WHERE number = :number",
                Map.of("number", number),
                (rs, i) -> new Invoice(rs.getLong("id"), rs.getString("number"), rs.getLong("account_id"),
                        rs.getString("status"), rs.getLong("amount_cents"), rs.getDate("issued_on").toLocalDate(),
                        rs.getDate("due_on").toLocalDate()));
        return pdfRenderer.render(invoice);
    }
}
