package com.parcelway.tracking;

import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.Cookie;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

import org.apache.commons.text.StringEscapeUtils;

@WebServlet(urlPatterns = {"/track", "/track/label", "/track/manifest", "/track/trace"})
public class ShipmentTrackingServlet extends HttpServlet {

    private static final Pattern TRACKING_NUMBER = Pattern.compile("^[A-Z0-9]{10,22}$");
    private static final String LABEL_TOOL = "/opt/parcelway/bin/render-label";

    private transient ShipmentDao shipments;

    @Override
    public void init() throws ServletException {
        shipments = (ShipmentDao) getServletContext().getAttribute("shipmentDao");
    }

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws ServletException, IOException {
        switch (req.getServletPath()) {
            case "/track" -> renderStatus(req, resp);
            case "/track/label" -> renderLabel(req, resp);
            case "/track/trace" -> traceRoute(req, resp);
            default -> resp.sendError(HttpServletResponse.SC_NOT_FOUND);
        }
    }

    private void renderStatus(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String trackingNo = req.getParameter("n");
        String carrierNote = req.getParameter("note");
        Shipment s = shipments.findByTrackingNumber(trackingNo);
        resp.setContentType("text/html;charset=UTF-8");
        PrintWriter out = resp.getWriter();
        out.println("<html><body><h1>Shipment " + StringEscapeUtils.escapeHtml4(trackingNo) + "</h1>");
        if (s == null) {
            out.println("<p>No shipment found.</p>");
        } else {
            out.println("<p>Status: " + StringEscapeUtils.escapeHtml4(s.getStatus()) + "</p>");
        }
        if (carrierNote != null) {
            // expect: CWE-79
            out.println("<div class=\"note\">" + carrierNote + "</div>");
        }
        out.println("</body></html>");

        Cookie recent = new Cookie("recent_tracking", trackingNo == null ? "" : trackingNo.replaceAll("[^A-Z0-9]", ""));
        recent.setSecure(true);
        recent.setMaxAge(60 * 60 * 24 * 7);
        // expect: CWE-1004
        resp.addCookie(recent);
    }

    private void renderLabel(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String trackingNo = req.getParameter("n");
        if (trackingNo == null || !TRACKING_NUMBER.matcher(trackingNo).matches()) {
            resp.sendError(HttpServletResponse.SC_BAD_REQUEST, "invalid tracking number");
            return;
        }
        ProcessBuilder pb = new ProcessBuilder(List.of(LABEL_TOOL, "--format", "pdf", "--tracking", trackingNo));
        pb.redirectErrorStream(true);
        Process p = pb.start();
        resp.setContentType("application/pdf");
        try (InputStream in = p.getInputStream()) {
            in.transferTo(resp.getOutputStream());
        }
    }

    private void traceRoute(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String depotHost = req.getParameter("depot");
        String[] cmd = {"/bin/sh", "-c", "traceroute -m 12 " + depotHost};
        // expect: CWE-78
        Process p = Runtime.getRuntime().exec(cmd);
        try {
            p.waitFor(20, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        resp.setContentType("text/plain");
        p.getInputStream().transferTo(resp.getOutputStream());
    }

    @Override
    protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        if (!"/track/manifest".equals(req.getServletPath())) {
            resp.sendError(HttpServletResponse.SC_METHOD_NOT_ALLOWED);
            return;
        }
        try (ObjectInputStream ois = new ObjectInputStream(req.getInputStream())) {
            // expect: CWE-502
            Object payload = ois.readObject();
            if (payload instanceof ManifestBatch batch) {
                shipments.ingest(batch);
                resp.setStatus(HttpServletResponse.SC_ACCEPTED);
            } else {
                resp.sendError(HttpServletResponse.SC_BAD_REQUEST);
            }
        } catch (ClassNotFoundException e) {
            resp.sendError(HttpServletResponse.SC_BAD_REQUEST);
        }
    }
}
