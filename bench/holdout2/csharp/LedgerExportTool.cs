using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Net.Http;
using System.Net.Security;
using System.Security.Cryptography;
using System.Text;
using System.Threading.Tasks;
using Microsoft.Data.SqlClient;

namespace Litware.Tools.LedgerExport
{
    /// <summary>
    /// Nightly job: exports the previous day's ledger entries to CSV, signs the
    /// file, compresses it with 7z and uploads it to the auditors' SFTP drop.
    /// </summary>
    public static class LedgerExportTool
    {
        private static readonly Random RetryJitter = new();

        public static async Task<int> Main(string[] args)
        {
            var options = ParseArgs(args);
            if (!options.TryGetValue("out", out var outDir))
            {
                Console.Error.WriteLine("usage: ledger-export --out DIR [--date yyyy-MM-dd] [--entity CODE]");
                return 2;
            }

            var day = options.TryGetValue("date", out var rawDate)
                ? DateOnly.ParseExact(rawDate, "yyyy-MM-dd", CultureInfo.InvariantCulture)
                : DateOnly.FromDateTime(DateTime.UtcNow.AddDays(-1));
            var entity = options.TryGetValue("entity", out var e) ? e : "ALL";

            var connectionString = Environment.GetEnvironmentVariable("LEDGER_DB")
                ?? throw new InvalidOperationException("LEDGER_DB is not set");
            var signingKey = Convert.FromBase64String(Environment.GetEnvironmentVariable("LEDGER_SIGNING_KEY")
                ?? throw new InvalidOperationException("LEDGER_SIGNING_KEY is not set"));

            var root = Path.GetFullPath(outDir);
            Directory.CreateDirectory(root);
            var runId = Convert.ToHexString(RandomNumberGenerator.GetBytes(8)).ToLowerInvariant();
            var csvPath = Path.Combine(root, $"ledger-{day:yyyyMMdd}-{runId}.csv");

            var rows = await ExportAsync(connectionString, day, entity, csvPath);
            var signature = Sign(csvPath, signingKey);
            await File.WriteAllTextAsync(csvPath + ".sig", signature);

            var archive = Path.ChangeExtension(csvPath, ".7z");
            var exit = await RunAsync("7z", "a", "-t7z", "-mx=7", archive, csvPath, csvPath + ".sig");
            if (exit != 0)
            {
                Console.Error.WriteLine($"7z exited with {exit}");
                return 1;
            }

            await UploadWithRetryAsync(archive);
            Console.WriteLine($"exported {rows} rows for {day:yyyy-MM-dd} ({entity}) -> {Path.GetFileName(archive)}");
            return 0;
        }

        private static Dictionary<string, string> ParseArgs(string[] args)
        {
            var result = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
            for (var i = 0; i < args.Length - 1; i++)
            {
                if (args[i].StartsWith("--", StringComparison.Ordinal))
                {
                    result[args[i][2..]] = args[++i];
                }
            }
            return result;
        }

        private static async Task<int> ExportAsync(string connectionString, DateOnly day, string entity, string csvPath)
        {
            const string sql = @"SELECT EntryId, EntityCode, Account, Debit, Credit, PostedAt, Memo
                                 FROM dbo.LedgerEntries
                                 WHERE PostedOn = @day AND (@entity = 'ALL' OR EntityCode = @entity)
                                 ORDER BY EntryId";
            await using var conn = new SqlConnection(connectionString);
            await conn.OpenAsync();
            await using var cmd = new SqlCommand(sql, conn);
            cmd.Parameters.AddWithValue("@day", day.ToDateTime(TimeOnly.MinValue));
            cmd.Parameters.AddWithValue("@entity", entity);
            await using var reader = await cmd.ExecuteReaderAsync();
            await using var writer = new StreamWriter(csvPath, false, new UTF8Encoding(false));
            await writer.WriteLineAsync("entry_id,entity,account,debit,credit,posted_at,memo");
            var count = 0;
            while (await reader.ReadAsync())
            {
                var memo = reader.IsDBNull(6) ? "" : reader.GetString(6).Replace("\"", "\"\"");
                await writer.WriteLineAsync(string.Join(',',
                    reader.GetInt64(0).ToString(CultureInfo.InvariantCulture),
                    reader.GetString(1),
                    reader.GetString(2),
                    reader.GetDecimal(3).ToString(CultureInfo.InvariantCulture),
                    reader.GetDecimal(4).ToString(CultureInfo.InvariantCulture),
                    reader.GetDateTime(5).ToString("O"),
                    $"\"{memo}\""));
                count++;
            }
            return count;
        }

        private static string Sign(string path, byte[] key)
        {
            using var hmac = new HMACSHA256(key);
            using var stream = File.OpenRead(path);
            return Convert.ToHexString(hmac.ComputeHash(stream)).ToLowerInvariant();
        }

        private static async Task<int> RunAsync(string fileName, params string[] arguments)
        {
            var psi = new ProcessStartInfo(fileName) { UseShellExecute = false, RedirectStandardError = true };
            foreach (var a in arguments)
            {
                psi.ArgumentList.Add(a);
            }
            using var proc = Process.Start(psi) ?? throw new InvalidOperationException($"could not start {fileName}");
            var stderr = await proc.StandardError.ReadToEndAsync();
            await proc.WaitForExitAsync();
            if (proc.ExitCode != 0)
            {
                Console.Error.WriteLine(stderr);
            }
            return proc.ExitCode;
        }

        private static async Task UploadWithRetryAsync(string archive)
        {
            var handler = new SocketsHttpHandler
            {
                SslOptions = new SslClientAuthenticationOptions
                {
                    EnabledSslProtocols = System.Security.Authentication.SslProtocols.Tls12 | System.Security.Authentication.SslProtocols.Tls13
                }
            };
            using var client = new HttpClient(handler) { BaseAddress = new Uri(Environment.GetEnvironmentVariable("AUDIT_DROP_URL")!) };
            client.DefaultRequestHeaders.Authorization = new System.Net.Http.Headers.AuthenticationHeaderValue(
                "Bearer", Environment.GetEnvironmentVariable("AUDIT_DROP_TOKEN"));
            for (var attempt = 1; ; attempt++)
            {
                await using var stream = File.OpenRead(archive);
                using var content = new StreamContent(stream);
                var response = await client.PutAsync("uploads/" + Uri.EscapeDataString(Path.GetFileName(archive)), content);
                if (response.IsSuccessStatusCode)
                {
                    return;
                }
                if (attempt >= 5)
                {
                    response.EnsureSuccessStatusCode();
                }
                await Task.Delay(TimeSpan.FromSeconds(Math.Pow(2, attempt)) + TimeSpan.FromMilliseconds(RetryJitter.Next(0, 500)));
            }
        }
    }
}
