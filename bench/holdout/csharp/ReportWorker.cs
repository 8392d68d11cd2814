using System;
using System.Collections.Generic;
using System.Data;
using System.Diagnostics;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Data.SqlClient;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

namespace Billing.Workers
{
    public sealed class ReportJob
    {
        public int Id { get; set; }
        public int TenantId { get; set; }
        public string Kind { get; set; }
        public string RequestedBy { get; set; }
    }

    // Picks queued report jobs from the database, renders them to CSV and
    // converts the CSV to XLSX with the bundled converter.
    public sealed class ReportWorker : BackgroundService
    {
        private static readonly Dictionary<string, string> ReportQueries = new Dictionary<string, string>
        {
            ["invoices"] = "SELECT Number, IssuedAt, Total FROM Invoices WHERE TenantId = @tenant ORDER BY IssuedAt",
            ["payments"] = "SELECT Reference, PaidAt, Amount FROM Payments WHERE TenantId = @tenant ORDER BY PaidAt",
            ["overdue"] = "SELECT Number, DueAt, Total FROM Invoices WHERE TenantId = @tenant AND PaidAt IS NULL AND DueAt < SYSUTCDATETIME()"
        };

        private readonly string _connectionString;
        private readonly string _outputRoot;
        private readonly string _converterPath;
        private readonly ILogger<ReportWorker> _log;

        public ReportWorker(IConfiguration config, ILogger<ReportWorker> log)
        {
            _connectionString = config.GetConnectionString("Billing");
            _outputRoot = Path.GetFullPath(config["Reports:OutputRoot"] ?? "/var/billing/reports");
            _converterPath = config["Reports:Converter"] ?? "/opt/billing/bin/csv2xlsx";
            _log = log;
        }

        protected override async Task ExecuteAsync(CancellationToken stoppingToken)
        {
            while (!stoppingToken.IsCancellationRequested)
            {
                var job = await DequeueAsync(stoppingToken);
                if (job == null)
                {
                    await Task.Delay(TimeSpan.FromSeconds(10), stoppingToken);
                    continue;
                }

                try
                {
                    var csv = await RenderCsvAsync(job, stoppingToken);
                    var xlsx = Convert(csv);
                    await CompleteAsync(job.Id, xlsx, null, stoppingToken);
                }
                catch (Exception ex)
                {
                    _log.LogError(ex, "report job {JobId} failed", job.Id);
                    await CompleteAsync(job.Id, null, ex.Message, stoppingToken);
                }
            }
        }

        private async Task<ReportJob> DequeueAsync(CancellationToken ct)
        {
            const string sql = @"UPDATE TOP (1) ReportJobs WITH (READPAST, UPDLOCK)
                                 SET Status = 'running', StartedAt = SYSUTCDATETIME()
                                 OUTPUT inserted.Id, inserted.TenantId, inserted.Kind, inserted.RequestedBy
                                 WHERE Status = 'queued'";
            using (var conn = new SqlConnection(_connectionString))
            using (var cmd = new SqlCommand(sql, conn))
            {
                await conn.OpenAsync(ct);
                using (var reader = await cmd.ExecuteReaderAsync(ct))
                {
                    if (!await reader.ReadAsync(ct))
                    {
                        return null;
                    }
                    return new ReportJob
                    {
                        Id = reader.GetInt32(0),
                        TenantId = reader.GetInt32(1),
                        Kind = reader.GetString(2),
                        RequestedBy = reader.GetString(3)
                    };
                }
            }
        }

        private async Task<string> RenderCsvAsync(ReportJob job, CancellationToken ct)
        {
            if (!ReportQueries.TryGetValue(job.Kind, out var sql))
            {
                throw new InvalidOperationException("unknown report kind");
            }

            var dir = Path.Combine(_outputRoot, job.TenantId.ToString());
            Directory.CreateDirectory(dir);
            var path = Path.Combine(dir, "report-" + job.Id + ".csv");

            using (var conn = new SqlConnection(_connectionString))
            using (var cmd = new SqlCommand(sql, conn))
            {
                cmd.Parameters.Add("@tenant", SqlDbType.Int).Value = job.TenantId;
                await conn.OpenAsync(ct);
                using (var reader = await cmd.ExecuteReaderAsync(ct))
                using (var writer = new StreamWriter(path))
                {
                    while (await reader.ReadAsync(ct))
                    {
                        var cells = new string[reader.FieldCount];
                        for (var i = 0; i < reader.FieldCount; i++)
                        {
                            cells[i] = CsvEscape(System.Convert.ToString(reader.GetValue(i)));
                        }
                        await writer.WriteLineAsync(string.Join(",", cells));
                    }
                }
            }
            return path;
        }

        private string Convert(string csvPath)
        {
            var xlsxPath = Path.ChangeExtension(csvPath, ".xlsx");
            var psi = new ProcessStartInfo(_converterPath)
            {
                UseShellExecute = false,
                RedirectStandardError = true
            };
            psi.ArgumentList.Add("--input");
            psi.ArgumentList.Add(csvPath);
            psi.ArgumentList.Add("--output");
            psi.ArgumentList.Add(xlsxPath);
            using (var proc = Process.Start(psi))
            {
                var err = proc.StandardError.ReadToEnd();
                proc.WaitForExit();
                if (proc.ExitCode != 0)
                {
                    throw new InvalidOperationException("converter failed: " + err);
                }
            }
            return xlsxPath;
        }

        private async Task CompleteAsync(int jobId, string path, string error, CancellationToken ct)
        {
            const string sql = "UPDATE ReportJobs SET Status = @status, OutputPath = @path, Error = @error, FinishedAt = SYSUTCDATETIME() WHERE Id = @id";
            using (var conn = new SqlConnection(_connectionString))
            using (var cmd = new SqlCommand(sql, conn))
            {
                cmd.Parameters.AddWithValue("@status", error == null ? "done" : "failed");
                cmd.Parameters.AddWithValue("@path", (object)path ?? DBNull.Value);
                cmd.Parameters.AddWithValue("@error", (object)error ?? DBNull.Value);
                cmd.Parameters.AddWithValue("@id", jobId);
                await conn.OpenAsync(ct);
                await cmd.ExecuteNonQueryAsync(ct);
            }
        }

        private static string CsvEscape(string value)
        {
            if (string.IsNullOrEmpty(value))
            {
                return string.Empty;
            }
            if ("=+-@".IndexOf(value[0]) >= 0)
            {
                value = "'" + value;
            }
            return value.IndexOfAny(new[] { ',', '"', '\n', '\r' }) >= 0 ? "\"" + value.Replace("\"", "\"\"") + "\"" : value;
        }
    }
}
