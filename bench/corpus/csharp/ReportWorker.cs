using System.Diagnostics;
using System.Text.Json;
using Azure.Storage.Queues;
using Microsoft.Data.SqlClient;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

namespace Reporting.Worker;

/// <summary>
/// Picks report jobs from the "reports" queue (enqueued by the customer portal)
/// and renders them to PDF.
/// </summary>
public sealed class ReportWorker : BackgroundService
{
    // expect: CWE-798
    private const string DbConnection = "Server=sql-prod-01;Database=Reporting;User Id=report_svc;Password=Rep0rt!ng2021;TrustServerCertificate=True";
    private const string OutputRoot = "/data/reports";

    private readonly QueueClient _queue;
    private readonly ILogger<ReportWorker> _log;

    public ReportWorker(QueueClient queue, ILogger<ReportWorker> log)
    {
        _queue = queue;
        _log = log;
    }

    protected override async Task ExecuteAsync(CancellationToken stoppingToken)
    {
        while (!stoppingToken.IsCancellationRequested)
        {
            var messages = await _queue.ReceiveMessagesAsync(maxMessages: 8, cancellationToken: stoppingToken);
            foreach (var msg in messages.Value)
            {
                try
                {
                    var job = JsonSerializer.Deserialize<ReportJob>(msg.Body.ToString())!;
                    await RenderAsync(job, stoppingToken);
                    await _queue.DeleteMessageAsync(msg.MessageId, msg.PopReceipt, stoppingToken);
                }
                catch (Exception ex)
                {
                    _log.LogError(ex, "report job {MessageId} failed", msg.MessageId);
                }
            }
            await Task.Delay(TimeSpan.FromSeconds(2), stoppingToken);
        }
    }

    private async Task RenderAsync(ReportJob job, CancellationToken ct)
    {
        var html = await BuildHtmlAsync(job.CustomerId, job.Month, ct);
        var tenantDir = Path.Combine(OutputRoot, job.CustomerId.ToString());
        Directory.CreateDirectory(tenantDir);

        var htmlPath = Path.Combine(tenantDir, Guid.NewGuid() + ".html");
        await File.WriteAllTextAsync(htmlPath, html, ct);

        var pdfPath = Path.Combine(tenantDir, job.FileName);
        var psi = new ProcessStartInfo("/bin/bash")
        {
            Arguments = $"-c \"wkhtmltopdf --title '{job.Title}' {htmlPath} {pdfPath}\"",
            UseShellExecute = false,
            RedirectStandardError = true,
        };
        // expect: CWE-78
        using var proc = Process.Start(psi)!;
        await proc.WaitForExitAsync(ct);

        if (job.AlsoWriteSummary)
        {
            var summaryPath = Path.Combine(tenantDir, job.FileName + ".txt");
            // expect: CWE-22
            await File.WriteAllTextAsync(summaryPath, $"Report {job.Title} for {job.Month:yyyy-MM}", ct);
        }
        File.Delete(htmlPath);
    }

    private static async Task<string> BuildHtmlAsync(int customerId, DateTime month, CancellationToken ct)
    {
        await using var conn = new SqlConnection(DbConnection);
        await conn.OpenAsync(ct);
        await using var cmd = new SqlCommand(
            "SELECT InvoiceNo, Amount FROM Invoices WHERE CustomerId = @c AND InvoiceDate >= @from AND InvoiceDate < @to", conn);
        cmd.Parameters.AddWithValue("@c", customerId);
        cmd.Parameters.AddWithValue("@from", new DateTime(month.Year, month.Month, 1));
        cmd.Parameters.AddWithValue("@to", new DateTime(month.Year, month.Month, 1).AddMonths(1));

        var rows = new System.Text.StringBuilder();
        await using var reader = await cmd.ExecuteReaderAsync(ct);
        while (await reader.ReadAsync(ct))
        {
            rows.Append("<tr><td>").Append(System.Net.WebUtility.HtmlEncode(reader.GetString(0)))
                .Append("</td><td>").Append(reader.GetDecimal(1).ToString("N2")).Append("</td></tr>");
        }
        return $"<html><body><table>{rows}</table></body></html>";
    }
}

public sealed record ReportJob(int CustomerId, DateTime Month, string Title, string FileName, bool AlsoWriteSummary);
