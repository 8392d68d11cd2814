package com.acme.admin.audit;

import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.io.PrintWriter;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.HexFormat;
import java.util.Set;

import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.sql.DataSource;

import org.owasp.encoder.Encode;

/** Internal admin tool: browse the audit trail of configuration changes. */
@WebServlet("/admin/audit")
public class AuditLogServlet extends HttpServlet {

    private static final Set<String> ACTIONS = Set.of("CREATE", "UPDATE", "DELETE", "LOGIN", "EXPORT");
    private static final SecureRandom RNG = new SecureRandom();

    private DataSource dataSource;

    @Override
    public void init() throws ServletException {
        try {
            dataSource = (DataSource) new InitialContext().lookup("java:comp/env/jdbc/admin");
        } catch (NamingException e) {
            throw new ServletException(e);
        }
    }

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        if (req.getSession(false) == null || req.getSession(false).getAttribute("adminUser") == null) {
            resp.sendRedirect(req.getContextPath() + "/login");
            return;
        }
        String actor = req.getParameter("actor");
        String action = req.getParameter("action");
        LocalDate since;
        try {
            since = LocalDate.parse(req.getParameter("since") == null ? "1970-01-01" : req.getParameter("since"));
        } catch (DateTimeParseException e) {
            resp.sendError(400, "bad date");
            return;
        }

        StringBuilder sql = new StringBuilder("SELECT occurred_at, actor, action, target FROM audit_log WHERE occurred_at >= ?");
        if (actor != null && !actor.isBlank()) {
            sql.append(" AND actor = ?");
        }
        boolean filterAction = action != null && ACTIONS.contains(action);
        if (filterAction) {
            sql.append(" AND action = ?");
        }
        sql.append(" ORDER BY occurred_at DESC LIMIT 500");

        byte[] nonceBytes = new byte[16];
        RNG.nextBytes(nonceBytes);
        String nonce = HexFormat.of().formatHex(nonceBytes);

        resp.setContentType("text/html;charset=UTF-8");
        resp.setHeader("Content-Security-Policy", "default-src 'self'; script-src 'nonce-" + nonce + "'");
        Cookie pref = new Cookie("audit_page_size", "500");
        pref.setSecure(true);
        pref.setHttpOnly(true);
        pref.setPath(req.getContextPath() + "/admin");
        resp.addCookie(pref);

        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(sql.toString())) {
            int i = 1;
            ps.setObject(i++, since);
            if (actor != null && !actor.isBlank()) {
                ps.setString(i++, actor);
            }
            if (filterAction) {
                ps.setString(i, action);
            }
            PrintWriter out = resp.getWriter();
            out.println("<h1>Audit log</h1>");
            out.println("<p>Filter: actor=" + Encode.forHtml(actor == null ? "any" : actor) + "</p>");
            out.println("<table>");
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.println("<tr><td>" + Encode.forHtml(String.valueOf(rs.getTimestamp(1))) + "</td><td>"
                            + Encode.forHtml(rs.getString(2)) + "</td><td>" + Encode.forHtml(rs.getString(3))
                            + "</td><td>" + Encode.forHtml(rs.getString(4)) + "</td></tr>");
                }
            }
            out.println("</table>");
            out.println("<script nonce=\"" + nonce + "\">document.title = 'Audit log';</script>");
        } catch (SQLException e) {
            log("audit query failed", e);
            resp.sendError(500);
        }
    }
}
