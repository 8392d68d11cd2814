package com.acme.analytics.api;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import javax.inject.Inject;
import javax.sql.DataSource;
import javax.ws.rs.GET;
import javax.ws.rs.POST;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;
import javax.ws.rs.QueryParam;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

@Path("/reports")
public class ReportResource {

    private static final String EXPORT_DIR = "/var/analytics/exports";

    @Inject
    DataSource dataSource;

    @GET
    @Path("/sales")
    @Produces(MediaType.APPLICATION_JSON)
    public List<Map<String, Object>> sales(@QueryParam("region") String region,
                                           @QueryParam("from") String from,
                                           @QueryParam("to") String to) throws SQLException {
        StringBuilder sql = new StringBuilder();
        sql.append("SELECT region, product, SUM(amount) AS total FROM sales WHERE 1=1");
        if (region != null) {
            sql.append(" AND region = '").append(region).append("'");
        }
        if (from != null && to != null) {
            sql.append(" AND sold_at BETWEEN '").append(from).append("' AND '").append(to).append("'");
        }
        sql.append(" GROUP BY region, product");
        try (Connection c = dataSource.getConnection(); Statement st = c.createStatement()) {
            // expect: CWE-89
            ResultSet rs = st.executeQuery(sql.toString());
            return toList(rs);
        }
    }

    @GET
    @Path("/sales/{productId}")
    @Produces(MediaType.APPLICATION_JSON)
    public List<Map<String, Object>> salesForProduct(@PathParam("productId") String productId,
                                                     @QueryParam("region") String region) throws SQLException {
        String sql = "SELECT region, SUM(amount) AS total FROM sales WHERE product_id = ? AND (? IS NULL OR region = ?) GROUP BY region";
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, productId);
            ps.setString(2, region);
            ps.setString(3, region);
            return toList(ps.executeQuery());
        }
    }

    @GET
    @Path("/title")
    @Produces(MediaType.TEXT_HTML)
    public Response title(@QueryParam("name") String name) {
        String html = "<html><head><title>Report</title></head><body><h1>" + name + "</h1></body></html>";
        // expect: CWE-79
        return Response.ok(html).build();
    }

    @POST
    @Path("/render/{reportId}")
    public Response render(@PathParam("reportId") String reportId, @QueryParam("format") String format)
            throws IOException, InterruptedException {
        String fmt = format == null ? "pdf" : format;
        String command = "/opt/reporting/bin/render.sh --report " + reportId + " --format " + fmt;
        // expect: CWE-78
        Process p = new ProcessBuilder("bash", "-c", command).redirectErrorStream(true).start();
        int code = p.waitFor();
        return code == 0 ? Response.accepted().build() : Response.serverError().build();
    }

    @POST
    @Path("/render-v2/{reportId}")
    public Response renderV2(@PathParam("reportId") String reportId, @QueryParam("format") String format)
            throws IOException, InterruptedException {
        if (!reportId.matches("\\d{1,10}") || !List.of("pdf", "xlsx", "csv").contains(String.valueOf(format))) {
            return Response.status(400).build();
        }
        Process p = new ProcessBuilder("/opt/reporting/bin/render.sh", "--report", reportId, "--format", format)
                .redirectErrorStream(true)
                .start();
        return p.waitFor() == 0 ? Response.accepted().build() : Response.serverError().build();
    }

    @GET
    @Path("/exports/{name}")
    @Produces(MediaType.APPLICATION_OCTET_STREAM)
    public Response export(@PathParam("name") String name, @QueryParam("dir") String dir) throws IOException {
        String subdir = dir == null ? "daily" : dir;
        // expect: CWE-22
        File f = new File(EXPORT_DIR + "/" + subdir + "/" + name);
        if (!f.exists()) {
            return Response.status(404).build();
        }
        return Response.ok(Files.readAllBytes(f.toPath())).header("Content-Disposition", "attachment; filename=" + f.getName()).build();
    }

    @GET
    @Path("/archive/{name}")
    @Produces(MediaType.APPLICATION_OCTET_STREAM)
    public Response archive(@PathParam("name") String name) throws IOException {
        java.nio.file.Path base = Paths.get(EXPORT_DIR, "archive").toRealPath();
        java.nio.file.Path target = base.resolve(name).normalize();
        if (!target.startsWith(base) || !Files.exists(target)) {
            return Response.status(404).build();
        }
        return Response.ok(Files.readAllBytes(target)).build();
    }

    private static List<Map<String, Object>> toList(ResultSet rs) throws SQLException {
        List<Map<String, Object>> rows = new ArrayList<>();
        int cols = rs.getMetaData().getColumnCount();
        while (rs.next()) {
            Map<String, Object> row = new LinkedHashMap<>();
            for (int i = 1; i <= cols; i++) {
                row.put(rs.getMetaData().getColumnLabel(i), rs.getObject(i));
            }
            rows.add(row);
        }
        return rows;
    }
}
