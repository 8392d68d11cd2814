package com.acme.blog.web;

import java.io.IOException;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

import javax.annotation.Resource;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.Cookie;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import javax.sql.DataSource;

import org.owasp.encoder.Encode;

/**
 * Lists and accepts comments for a blog post: GET/POST /posts/comments?post=123
 */
@WebServlet("/posts/comments")
public class CommentServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @Resource(name = "jdbc/blog")
    private DataSource dataSource;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws ServletException, IOException {
        long postId = parseId(req.getParameter("post"));
        String author = req.getParameter("author");
        resp.setContentType("text/html;charset=UTF-8");
        PrintWriter out = resp.getWriter();
        out.println("<section class=\"comments\">");
        if (author != null) {
            out.println("<p>Showing comments by " + Encode.forHtml(author) + "</p>");
        }
        String sql = author == null
                ? "SELECT author, body, created_at FROM comments WHERE post_id = ? ORDER BY created_at"
                : "SELECT author, body, created_at FROM comments WHERE post_id = ? AND author = ? ORDER BY created_at";
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setLong(1, postId);
            if (author != null) {
                ps.setString(2, author);
            }
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.println("<article><h4>" + Encode.forHtml(rs.getString("author")) + "</h4>"
                            + "<p>" + Encode.forHtml(rs.getString("body")) + "</p>"
                            + "<a href=\"/posts/comments?post=" + postId + "&author="
                            + Encode.forUriComponent(rs.getString("author")) + "\">more</a></article>");
                }
            }
        } catch (SQLException e) {
            throw new ServletException(e);
        }
        out.println("</section>");
    }

    @Override
    protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws ServletException, IOException {
        long postId = parseId(req.getParameter("post"));
        String author = req.getParameter("author");
        String body = req.getParameter("body");
        if (author == null || body == null || body.length() > 4000) {
            resp.sendError(HttpServletResponse.SC_BAD_REQUEST);
            return;
        }
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("INSERT INTO comments (post_id, author, body) VALUES (?, ?, ?)")) {
            ps.setLong(1, postId);
            ps.setString(2, author);
            ps.setString(3, body);
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new ServletException(e);
        }
        Cookie remembered = new Cookie("commenter", Encode.forUriComponent(author));
        remembered.setSecure(true);
        remembered.setHttpOnly(true);
        remembered.setMaxAge(30 * 24 * 3600);
        resp.addCookie(remembered);
        resp.sendRedirect(req.getContextPath() + "/posts/comments?post=" + postId);
    }

    private static long parseId(String raw) throws ServletException {
        try {
            return Long.parseLong(raw);
        } catch (NumberFormatException e) {
            throw new ServletException("invalid post id");
        }
    }
}
