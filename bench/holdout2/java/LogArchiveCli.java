package com.opsbox.tools.logarchive;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Compresses rotated application logs, records the archive in the ops database
 * and uploads it to object storage using the aws CLI.
 *
 * Usage: logarchive --source /var/log/app --days 7 --bucket s3://ops-archive/app [--dry-run]
 */
public final class LogArchiveCli {

    private static final DateTimeFormatter DAY = DateTimeFormatter.ISO_LOCAL_DATE;

    private final Map<String, String> options;
    private final Random backoffJitter = new Random();
    private final SecureRandom secureRandom = new SecureRandom();

    private LogArchiveCli(Map<String, String> options) {
        this.options = options;
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> opts = parseArgs(args);
        if (!opts.containsKey("source") || !opts.containsKey("bucket")) {
            System.err.println("usage: logarchive --source DIR --bucket s3://BUCKET/PREFIX [--days N] [--dry-run]");
            System.exit(2);
        }
        int code = new LogArchiveCli(opts).run();
        System.exit(code);
    }

    static Map<String, String> parseArgs(String[] args) {
        Map<String, String> opts = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--dry-run")) {
                opts.put("dry-run", "true");
            } else if (a.startsWith("--") && i + 1 < args.length) {
                opts.put(a.substring(2), args[++i]);
            }
        }
        return opts;
    }

    int run() throws IOException, InterruptedException, SQLException {
        Path source = Paths.get(options.get("source")).toRealPath();
        int days;
        try {
            days = Integer.parseInt(options.getOrDefault("days", "7"));
        } catch (NumberFormatException e) {
            System.err.println("--days must be an integer");
            return 2;
        }
        LocalDate cutoff = LocalDate.now(ZoneOffset.UTC).minusDays(days);
        List<Path> candidates = new ArrayList<>();
        try (Stream<Path> files = Files.list(source)) {
            files.filter(p -> p.getFileName().toString().matches("[A-Za-z0-9_.-]+\\.log\\.\\d{4}-\\d{2}-\\d{2}"))
                    .filter(p -> rotationDate(p).isBefore(cutoff))
                    .forEach(candidates::add);
        }
        if (candidates.isEmpty()) {
            System.out.println("nothing to archive");
            return 0;
        }
        String archiveId = newArchiveId();
        Path archive = Files.createTempFile("logs-" + archiveId + "-", ".tar.gz");

        List<String> tar = new ArrayList<>(List.of("tar", "-czf", archive.toString(), "-C", source.toString(), "--"));
        candidates.forEach(p -> tar.add(p.getFileName().toString()));
        if (exec(tar) != 0) {
            return 1;
        }

        String checksum = sha256(archive);
        String dedupeKey = md5Hex(String.join("\n", tar));
        String destination = options.get("bucket") + "/" + cutoff.format(DAY) + "/" + archive.getFileName();
        if (!options.containsKey("dry-run")) {
            uploadWithRetry(archive, destination);
            recordArchive(archiveId, destination, checksum, dedupeKey, candidates.size());
            for (Path p : candidates) {
                Files.delete(p);
            }
        }
        System.out.printf("archived %d files to %s (sha256=%s)%n", candidates.size(), destination, checksum);
        return 0;
    }

    private void uploadWithRetry(Path archive, String destination) throws IOException, InterruptedException {
        for (int attempt = 1; attempt <= 5; attempt++) {
            int rc = exec(List.of("aws", "s3", "cp", "--only-show-errors", archive.toString(), destination));
            if (rc == 0) {
                return;
            }
            long sleep = (1L << attempt) * 500L + backoffJitter.nextInt(400);
            TimeUnit.MILLISECONDS.sleep(sleep);
        }
        throw new IOException("upload failed after retries: " + destination);
    }

    private void recordArchive(String id, String destination, String checksum, String dedupeKey, int fileCount)
            throws SQLException {
        String url = System.getenv("OPSDB_URL");
        String user = System.getenv("OPSDB_USER");
        String password = System.getenv("OPSDB_PASSWORD");
        try (Connection conn = DriverManager.getConnection(url, user, password);
             PreparedStatement ps = conn.prepareStatement(
                     "INSERT INTO log_archives (archive_id, destination, sha256, dedupe_key, file_count, created_at) "
                             + "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (dedupe_key) DO NOTHING")) {
            ps.setString(1, id);
            ps.setString(2, destination);
            ps.setString(3, checksum);
            ps.setString(4, dedupeKey);
            ps.setInt(5, fileCount);
            ps.setObject(6, Instant.now().atOffset(ZoneOffset.UTC));
            ps.executeUpdate();
        }
    }

    private static int exec(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).inheritIO().start();
        if (!p.waitFor(30, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            return 124;
        }
        return p.exitValue();
    }

    private static LocalDate rotationDate(Path p) {
        String name = p.getFileName().toString();
        return LocalDate.parse(name.substring(name.length() - 10), DAY);
    }

    private String newArchiveId() {
        byte[] id = new byte[12];
        secureRandom.nextBytes(id);
        return HexFormat.of().formatHex(id);
    }

    private static String sha256(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            byte[] buf = new byte[64 * 1024];
            int n;
            while ((n = in.read(buf)) > 0) {
                md.update(buf, 0, n);
            }
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String md5Hex(String value) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(value.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
