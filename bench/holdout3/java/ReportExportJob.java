package com.fieldops.reports.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

public final class ReportExportJob {

    private final Path outputRoot;
    private final String jdbcUrl;
    private final Properties dbProps = new Properties();
    private final SecureRandom secureRandom = new SecureRandom();

    public ReportExportJob(Path outputRoot, String jdbcUrl) {
        this.outputRoot = outputRoot.toAbsolutePath().normalize();
        this.jdbcUrl = jdbcUrl;
        dbProps.setProperty("user", System.getenv().getOrDefault("FIELDOPS_DB_USER", "reports_ro"));
        dbProps.setProperty("password", System.getenv("FIELDOPS_DB_PASSWORD"));
        dbProps.setProperty("sslmode", "verify-full");
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: report-export <output-dir> <region> <report-name>");
            System.exit(2);
        }
        ReportExportJob job = new ReportExportJob(Paths.get(args[0]), System.getenv("FIELDOPS_JDBC_URL"));
        Path written = job.export(args[1], args[2]);
        System.out.println("wrote " + written);
    }

    Path export(String region, String reportName) throws IOException, SQLException, InterruptedException {
        Path target = outputRoot.resolve(reportName + ".csv").normalize();
        if (!target.startsWith(outputRoot)) {
            throw new IllegalArgumentException("report name escapes output directory");
        }
        List<String> lines = new ArrayList<>();
        lines.add("work_order,technician,completed_at");
        try (Connection conn = DriverManager.getConnection(jdbcUrl, dbProps);
             PreparedStatement ps = conn.prepareStatement(
                     "SELECT wo.code, t.display_name, wo.completed_at FROM work_orders wo "
                             + "JOIN technicians t ON t.id = wo.technician_id WHERE wo.region = ? ORDER BY wo.completed_at")) {
            ps.setString(1, region);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    lines.add(csv(rs.getString(1)) + "," + csv(rs.getString(2)) + "," + rs.getTimestamp(3));
                }
            }
        }
        Files.write(target, lines, StandardCharsets.UTF_8);
        compress(target);
        writeChecksum(target);
        return target;
    }

    private void compress(Path file) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("gzip", "-k", "-9", "--", file.toString())
                .redirectErrorStream(true)
                .start();
        try (InputStream ignored = p.getInputStream()) {
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IOException("gzip failed for " + file.getFileName());
            }
        }
    }

    private void writeChecksum(Path file) throws IOException {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            String hex = HexFormat.of().formatHex(sha.digest(Files.readAllBytes(file)));
            Files.writeString(file.resolveSibling(file.getFileName() + ".sha256"), hex + "\n");
            String dedupeKey = HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(file.getFileName().toString().getBytes(StandardCharsets.UTF_8)));
            Files.writeString(file.resolveSibling(".dedupe-" + dedupeKey), "");
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    String newDownloadToken() {
        byte[] raw = new byte[32];
        secureRandom.nextBytes(raw);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
    }

    private static String csv(String v) {
        if (v == null) {
            return "";
        }
        return "\"" + v.replace("\"", "\"\"") + "\"";
    }
}
