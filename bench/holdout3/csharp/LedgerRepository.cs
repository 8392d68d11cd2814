using System;
using System.Collections.Generic;
using System.Data;
using System.Linq;
using System.Security.Cryptography;
using System.Text;
using System.Threading.Tasks;
using Dapper;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;
using Npgsql;

namespace Tallybook.Accounting
{
    public sealed record LedgerEntry(long Id, string AccountCode, decimal Amount, string Memo, DateTime PostedAt);

    public sealed class LedgerRepository
    {
        private static readonly IReadOnlyDictionary<string, string> SortColumns = new Dictionary<string, string>
        {
            ["posted"] = "posted_at",
            ["amount"] = "amount",
            ["account"] = "account_code",
        };

        private readonly NpgsqlDataSource _dataSource;

        public LedgerRepository(NpgsqlDataSource dataSource) => _dataSource = dataSource;

        public async Task<IReadOnlyList<LedgerEntry>> ForAccountAsync(string accountCode, DateTime from, DateTime to, string sort)
        {
            var column = SortColumns.TryGetValue(sort ?? "", out var c) ? c : "posted_at";
            var sql = $@"SELECT id, account_code AS AccountCode, amount, memo, posted_at AS PostedAt
                         FROM ledger_entries
                         WHERE account_code = @accountCode AND posted_at >= @from AND posted_at < @to
                         ORDER BY {column}";
            await using var conn = await _dataSource.OpenConnectionAsync();
            var rows = await conn.QueryAsync<LedgerEntry>(sql, new { accountCode, from, to });
            return rows.ToList();
        }

        public async Task<IReadOnlyList<LedgerEntry>> SearchMemoAsync(string term)
        {
            await using var conn = await _dataSource.OpenConnectionAsync();
            var rows = await conn.QueryAsync<LedgerEntry>(
                "SELECT id, account_code AS AccountCode, amount, memo, posted_at AS PostedAt FROM ledger_entries WHERE memo ILIKE '%' || @term || '%' LIMIT 200",
                new { term });
            return rows.ToList();
        }

        public async Task<long> PostAsync(string accountCode, decimal amount, string memo)
        {
            await using var conn = await _dataSource.OpenConnectionAsync();
            await using var tx = await conn.BeginTransactionAsync(IsolationLevel.Serializable);
            var id = await conn.ExecuteScalarAsync<long>(
                "INSERT INTO ledger_entries (account_code, amount, memo) VALUES (@accountCode, @amount, @memo) RETURNING id",
                new { accountCode, amount, memo }, tx);
            await conn.ExecuteAsync(
                "UPDATE accounts SET balance = balance + @amount WHERE code = @accountCode",
                new { amount, accountCode }, tx);
            await tx.CommitAsync();
            return id;
        }

        public async Task<int> DeleteDraftsAsync(IEnumerable<long> ids)
        {
            await using var conn = await _dataSource.OpenConnectionAsync();
            return await conn.ExecuteAsync("DELETE FROM ledger_entries WHERE id = ANY(@ids) AND status = 'draft'", new { ids = ids.ToArray() });
        }
    }

    public static class LedgerEndpoints
    {
        public static IEndpointRouteBuilder MapLedger(this IEndpointRouteBuilder app)
        {
            app.MapGet("/ledger/{account}", async (string account, DateTime from, DateTime to, string? sort, LedgerRepository repo) =>
                Results.Ok(await repo.ForAccountAsync(account, from, to, sort ?? "posted")));

            app.MapPost("/ledger/exports", (HttpContext ctx) =>
            {
                var token = Convert.ToHexString(RandomNumberGenerator.GetBytes(32));
                ctx.Response.Cookies.Append("ledger_export", token, new CookieOptions
                {
                    Secure = true,
                    HttpOnly = true,
                    SameSite = SameSiteMode.Strict,
                    Path = "/ledger/exports",
                });
                return Results.Accepted($"/ledger/exports/{token}");
            });

            app.MapGet("/ledger/done", (string? returnUrl) =>
            {
                if (!string.IsNullOrEmpty(returnUrl) && Uri.TryCreate(returnUrl, UriKind.Relative, out _) && returnUrl.StartsWith('/') && !returnUrl.StartsWith("//"))
                {
                    return Results.LocalRedirect(returnUrl);
                }
                return Results.LocalRedirect("/ledger");
            });

            app.MapGet("/ledger/statement-etag/{id:long}", (long id) =>
            {
                var etag = Convert.ToHexString(MD5.HashData(Encoding.UTF8.GetBytes($"statement:{id}")));
                return Results.Text(etag);
            });
            return app;
        }
    }
}
