package com.acme.shop.web.orders;

import com.acme.shop.orders.OrderSummary;
import com.acme.shop.orders.OrderTotals;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseBody;
import org.springframework.web.util.HtmlUtils;
import org.springframework.web.util.UriUtils;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Set;

@Controller
@RequestMapping("/orders")
public class OrderSearchController {

    private static final Logger log = LoggerFactory.getLogger(OrderSearchController.class);

    private static final Set<String> SORTABLE_COLUMNS = Set.of("created_at", "total", "status", "reference");

    private static final String ORDER_COLUMNS = "id, reference, customer_email, status, total, created_at";

    private static final RowMapper<OrderSummary> ORDER_ROW = (rs, rowNum) -> new OrderSummary(
            rs.getLong("id"),
            rs.getString("reference"),
            rs.getString("customer_email"),
            rs.getString("status"),
            rs.getBigDecimal("total"),
            rs.getTimestamp("created_at").toInstant());

    private final JdbcTemplate jdbc;
    private final String storefrontHost;

    public OrderSearchController(JdbcTemplate jdbc,
                                 @Value("${shop.storefront.host}") String storefrontHost) {
        this.jdbc = jdbc;
        this.storefrontHost = storefrontHost;
    }

    @GetMapping("/customer/{customerId}")
    @ResponseBody
    public List<OrderSummary> ordersForCustomer(@PathVariable long customerId,
                                                @RequestParam(defaultValue = "created_at") String sort,
                                                @RequestParam(defaultValue = "desc") String direction) {
        String column = SORTABLE_COLUMNS.contains(sort) ? sort : "created_at";
        String dir = "asc".equalsIgnoreCase(direction) ? "ASC" : "DESC";
        String sql = "SELECT " + ORDER_COLUMNS + " FROM orders WHERE customer_id = ? ORDER BY " + column + " " + dir;
        return jdbc.query(sql, ORDER_ROW, customerId);
    }

    @GetMapping("/search")
    @ResponseBody
    public List<OrderSummary> search(@RequestParam String reference,
                                     @RequestParam(required = false) String status) {
        StringBuilder sql = new StringBuilder("SELECT ")
                .append(ORDER_COLUMNS)
                .append(" FROM orders WHERE reference LIKE '%")
                .append(reference.trim())
                .append("%'");
        if (status != null && !status.isBlank()) {
            sql.append(" AND status = '").append(status.toUpperCase(Locale.ROOT)).append("'");
        }
        sql.append(" ORDER BY created_at DESC LIMIT 100");
        log.debug("order search reference={} status={}", reference, status);
        // expect: CWE-89
        return jdbc.query(sql.toString(), ORDER_ROW);
    }

    @GetMapping("/by-status")
    @ResponseBody
    public List<OrderSummary> byStatus(@RequestParam String status,
                                       @RequestParam(defaultValue = "50") int limit) {
        int bounded = Math.max(1, Math.min(limit, 200));
        return jdbc.query("SELECT " + ORDER_COLUMNS + " FROM orders WHERE status = ? ORDER BY created_at DESC LIMIT ?",
                ORDER_ROW, status.toUpperCase(Locale.ROOT), bounded);
    }

    @GetMapping("/totals")
    @ResponseBody
    public OrderTotals totalsForEmail(@RequestParam("email") String email) {
        String countSql = String.format(
                "SELECT COUNT(*) AS order_count, COALESCE(SUM(total), 0) AS lifetime FROM orders WHERE customer_email = '%s'",
                email.toLowerCase(Locale.ROOT));
        // expect: CWE-89
        return jdbc.queryForObject(countSql, (rs, i) -> new OrderTotals(rs.getInt("order_count"), rs.getBigDecimal("lifetime")));
    }

    @GetMapping("/totals/{customerId}")
    @ResponseBody
    public OrderTotals totalsForCustomer(@PathVariable long customerId) {
        return jdbc.queryForObject(
                "SELECT COUNT(*) AS order_count, COALESCE(SUM(total), 0) AS lifetime FROM orders WHERE customer_id = ?",
                (rs, i) -> new OrderTotals(rs.getInt("order_count"), rs.getBigDecimal("lifetime")),
                customerId);
    }

    @GetMapping(value = "/receipt-preview", produces = MediaType.TEXT_HTML_VALUE)
    @ResponseBody
    public String receiptPreview(@RequestParam String reference,
                                 @RequestParam(name = "gift_message", defaultValue = "") String giftMessage) {
        List<OrderSummary> matches = jdbc.query(
                "SELECT " + ORDER_COLUMNS + " FROM orders WHERE reference = ?", ORDER_ROW, reference);
        if (matches.isEmpty()) {
            return "<p class=\"empty\">No order found for " + HtmlUtils.htmlEscape(reference) + "</p>";
        }
        OrderSummary order = matches.get(0);
        String header = "<h2>Order " + HtmlUtils.htmlEscape(order.reference()) + "</h2>"
                + "<p>Status: " + HtmlUtils.htmlEscape(order.status()) + "</p>"
                + "<p>Total: " + order.total().toPlainString() + "</p>";
        // expect: CWE-79
        return "<div class=\"receipt\">" + header + "<blockquote class=\"gift\">" + giftMessage + "</blockquote></div>";
    }

    @GetMapping("/checkout/complete")
    public String checkoutComplete(@RequestParam String orderRef,
                                   @RequestParam(name = "continue", required = false) String continueUrl) {
        if (continueUrl != null && !continueUrl.isBlank()) {
            log.info("checkout for {} complete, continuing to {}", orderRef, continueUrl);
            // expect: CWE-601
            return "redirect:" + continueUrl;
        }
        return "redirect:/orders/confirmation/" + UriUtils.encodePathSegment(orderRef, StandardCharsets.UTF_8);
    }

    @GetMapping("/storefront/return")
    public String returnToStorefront(@RequestParam(name = "target", defaultValue = "/") String target) {
        URI uri;
        try {
            uri = URI.create(target);
        } catch (IllegalArgumentException e) {
            return "redirect:/";
        }
        boolean relative = uri.getScheme() == null && uri.getHost() == null
                && target.startsWith("/") && !target.startsWith("//");
        boolean ownStorefront = "https".equals(uri.getScheme()) && storefrontHost.equalsIgnoreCase(uri.getHost());
        if (relative || ownStorefront) {
            return "redirect:" + uri;
        }
        return "redirect:/";
    }
}
