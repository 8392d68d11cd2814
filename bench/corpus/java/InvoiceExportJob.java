package com.acme.billing.jobs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Nightly job: renders the previous day's invoices to PDF with wkhtmltopdf,
 * bundles them and hands them to the archiver.
 */
@Component
public class InvoiceExportJob {

    private static final Logger log = LoggerFactory.getLogger(InvoiceExportJob.class);
    private static final DateTimeFormatter DAY = DateTimeFormatter.ISO_LOCAL_DATE;

    private final JdbcTemplate jdbc;
    private final InvoiceHtmlRenderer renderer;
    private final Path exportRoot;
    private final String wkhtmltopdf;

    public InvoiceExportJob(JdbcTemplate jdbc, InvoiceHtmlRenderer renderer,
                            @Value("${billing.export.root:/var/billing/exports}") String exportRoot,
                            @Value("${billing.export.wkhtmltopdf:/usr/local/bin/wkhtmltopdf}") String wkhtmltopdf) {
        this.jdbc = jdbc;
        this.renderer = renderer;
        this.exportRoot = Paths.get(exportRoot).toAbsolutePath().normalize();
        this.wkhtmltopdf = wkhtmltopdf;
    }

    @Scheduled(cron = "0 30 2 * * *")
    public void exportYesterday() throws IOException, InterruptedException {
        export(LocalDate.now().minusDays(1));
    }

    public void export(LocalDate day) throws IOException, InterruptedException {
        Path dayDir = exportRoot.resolve(day.format(DAY));
        Files.createDirectories(dayDir);

        List<Long> ids = jdbc.queryForList(
                "SELECT id FROM invoices WHERE issued_on = ? AND status <> 'VOID' ORDER BY id", Long.class, day);
        List<String> pdfs = new ArrayList<>();
        for (Long id : ids) {
            Path html = dayDir.resolve("invoice-" + id + ".html");
            Path pdf = dayDir.resolve("invoice-" + id + ".pdf");
            Files.writeString(html, renderer.render(id));
            runTool(List.of(wkhtmltopdf, "--quiet", "--disable-javascript", "--disable-local-file-access",
                    html.toString(), pdf.toString()));
            Files.delete(html);
            pdfs.add(pdf.getFileName().toString());
        }

        if (!pdfs.isEmpty()) {
            List<String> tar = new ArrayList<>(List.of("tar", "-czf", dayDir + ".tar.gz", "-C", dayDir.toString(), "--"));
            tar.addAll(pdfs);
            runTool(tar);
        }
        jdbc.update("INSERT INTO export_runs (day, invoice_count, finished_at) VALUES (?, ?, now())", day, ids.size());
        log.info("exported {} invoices for {}", ids.size(), day);
    }

    private void runTool(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new IOException("timed out: " + command.get(0));
        }
        if (process.exitValue() != 0) {
            throw new IOException(command.get(0) + " exited with " + process.exitValue());
        }
    }
}
