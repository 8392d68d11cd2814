using System.Data;
using Dapper;
using Microsoft.Data.SqlClient;
using Microsoft.EntityFrameworkCore;
using Shop.Data.Entities;

namespace Shop.Data;

public interface IOrderRepository
{
    Task<IReadOnlyList<OrderSummary>> SearchAsync(OrderQuery query);
    Task<Order?> GetAsync(int id, int customerId);
    Task<int> CancelAsync(int id, int customerId, string reason);
    Task<IReadOnlyList<Order>> RecentByStatusAsync(string status, int days);
}

public sealed record OrderQuery(int CustomerId, string? Text, string? Status, string? SortBy, bool Descending, int Page);

public sealed record OrderSummary(int Id, string Reference, decimal Total, string Status, DateTime CreatedAt);

public class OrderRepository : IOrderRepository
{
    private static readonly Dictionary<string, string> SortColumns = new(StringComparer.OrdinalIgnoreCase)
    {
        ["date"] = "o.CreatedAt",
        ["total"] = "o.Total",
        ["reference"] = "o.Reference",
    };

    private readonly string _connectionString;
    private readonly ShopContext _context;

    public OrderRepository(string connectionString, ShopContext context)
    {
        _connectionString = connectionString;
        _context = context;
    }

    public async Task<IReadOnlyList<OrderSummary>> SearchAsync(OrderQuery q)
    {
        var sql = "SELECT o.Id, o.Reference, o.Total, o.Status, o.CreatedAt FROM Orders o WHERE o.CustomerId = @CustomerId";
        var p = new DynamicParameters();
        p.Add("CustomerId", q.CustomerId, DbType.Int32);

        if (!string.IsNullOrWhiteSpace(q.Text))
        {
            sql += " AND (o.Reference LIKE @Text OR o.Notes LIKE @Text)";
            p.Add("Text", "%" + q.Text.Replace("[", "[[]").Replace("%", "[%]").Replace("_", "[_]") + "%");
        }
        if (!string.IsNullOrWhiteSpace(q.Status))
        {
            sql += " AND o.Status = @Status";
            p.Add("Status", q.Status);
        }

        var column = q.SortBy != null && SortColumns.TryGetValue(q.SortBy, out var c) ? c : "o.CreatedAt";
        var direction = q.Descending ? "DESC" : "ASC";
        sql += $" ORDER BY {column} {direction} OFFSET @Skip ROWS FETCH NEXT 25 ROWS ONLY";
        p.Add("Skip", Math.Max(0, q.Page - 1) * 25);

        await using var conn = new SqlConnection(_connectionString);
        var rows = await conn.QueryAsync<OrderSummary>(sql, p);
        return rows.ToList();
    }

    public Task<Order?> GetAsync(int id, int customerId) =>
        _context.Orders.Include(o => o.Lines).SingleOrDefaultAsync(o => o.Id == id && o.CustomerId == customerId);

    public async Task<int> CancelAsync(int id, int customerId, string reason)
    {
        return await _context.Database.ExecuteSqlInterpolatedAsync(
            $"UPDATE Orders SET Status = 'Cancelled', CancelReason = {reason} WHERE Id = {id} AND CustomerId = {customerId} AND Status = 'Open'");
    }

    public async Task<IReadOnlyList<Order>> RecentByStatusAsync(string status, int days)
    {
        var since = DateTime.UtcNow.AddDays(-Math.Clamp(days, 1, 365));
        return await _context.Orders
            .FromSqlRaw("SELECT * FROM Orders WHERE Status = {0} AND CreatedAt >= {1}", status, since)
            .AsNoTracking()
            .ToListAsync();
    }

    public async Task<decimal> RevenueAsync(int year)
    {
        await using var conn = new SqlConnection(_connectionString);
        await conn.OpenAsync();
        await using var cmd = conn.CreateCommand();
        cmd.CommandText = "SELECT COALESCE(SUM(Total), 0) FROM Orders WHERE YEAR(CreatedAt) = @year AND Status <> 'Cancelled'";
        cmd.Parameters.Add(new SqlParameter("@year", SqlDbType.Int) { Value = year });
        return (decimal)(await cmd.ExecuteScalarAsync())!;
    }
}
