using System;
using System.Collections.Generic;
using System.Data;
using System.Linq;
using System.Threading.Tasks;
using Dapper;
using Microsoft.Data.SqlClient;

namespace Crm.Data
{
    public sealed class Customer
    {
        public int Id { get; set; }
        public string Name { get; set; }
        public string Email { get; set; }
        public string Country { get; set; }
        public DateTime CreatedAt { get; set; }
    }

    public sealed class CustomerQuery
    {
        public string NameContains { get; set; }
        public string Country { get; set; }
        public string SortBy { get; set; }
        public bool Descending { get; set; }
        public int Page { get; set; } = 1;
        public int PageSize { get; set; } = 50;
    }

    public interface ICustomerRepository
    {
        Task<Customer> GetAsync(int id);
        Task<IReadOnlyList<Customer>> SearchAsync(CustomerQuery query);
        Task<int> RenameAsync(int id, string newName);
        Task<int> DeleteManyAsync(IEnumerable<int> ids);
    }

    public sealed class CustomerRepository : ICustomerRepository
    {
        private static readonly IReadOnlyDictionary<string, string> SortColumns = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase)
        {
            ["name"] = "Name",
            ["email"] = "Email",
            ["created"] = "CreatedAt",
            ["country"] = "Country"
        };

        private readonly string _connectionString;

        public CustomerRepository(string connectionString)
        {
            _connectionString = connectionString ?? throw new ArgumentNullException(nameof(connectionString));
        }

        public async Task<Customer> GetAsync(int id)
        {
            using (var conn = new SqlConnection(_connectionString))
            using (var cmd = new SqlCommand("SELECT Id, Name, Email, Country, CreatedAt FROM Customers WHERE Id = @id", conn))
            {
                cmd.Parameters.Add("@id", SqlDbType.Int).Value = id;
                await conn.OpenAsync();
                using (var reader = await cmd.ExecuteReaderAsync(CommandBehavior.SingleRow))
                {
                    return await reader.ReadAsync() ? Map(reader) : null;
                }
            }
        }

        public async Task<IReadOnlyList<Customer>> SearchAsync(CustomerQuery query)
        {
            var where = new List<string>();
            var args = new DynamicParameters();

            if (!string.IsNullOrWhiteSpace(query.NameContains))
            {
                where.Add("Name LIKE @name ESCAPE '\\'");
                args.Add("name", "%" + EscapeLike(query.NameContains.Trim()) + "%");
            }
            if (!string.IsNullOrWhiteSpace(query.Country))
            {
                where.Add("Country = @country");
                args.Add("country", query.Country.Trim().ToUpperInvariant(), DbType.AnsiStringFixedLength, size: 2);
            }

            var sortColumn = query.SortBy != null && SortColumns.TryGetValue(query.SortBy, out var col) ? col : "Id";
            var direction = query.Descending ? "DESC" : "ASC";
            var pageSize = Math.Clamp(query.PageSize, 1, 200);
            var offset = (Math.Max(query.Page, 1) - 1) * pageSize;
            args.Add("offset", offset);
            args.Add("size", pageSize);

            var sql = "SELECT Id, Name, Email, Country, CreatedAt FROM Customers" +
                      (where.Count > 0 ? " WHERE " + string.Join(" AND ", where) : string.Empty) +
                      " ORDER BY " + sortColumn + " " + direction +
                      " OFFSET @offset ROWS FETCH NEXT @size ROWS ONLY";

            using (var conn = new SqlConnection(_connectionString))
            {
                var rows = await conn.QueryAsync<Customer>(sql, args);
                return rows.ToList();
            }
        }

        public async Task<int> RenameAsync(int id, string newName)
        {
            if (string.IsNullOrWhiteSpace(newName) || newName.Length > 200)
            {
                throw new ArgumentException("invalid name", nameof(newName));
            }
            using (var conn = new SqlConnection(_connectionString))
            {
                return await conn.ExecuteAsync("UPDATE Customers SET Name = @newName WHERE Id = @id", new { id, newName });
            }
        }

        public async Task<int> DeleteManyAsync(IEnumerable<int> ids)
        {
            var list = ids.Distinct().Take(500).ToArray();
            if (list.Length == 0)
            {
                return 0;
            }
            using (var conn = new SqlConnection(_connectionString))
            {
                return await conn.ExecuteAsync("DELETE FROM Customers WHERE Id IN @ids", new { ids = list });
            }
        }

        private static string EscapeLike(string value)
        {
            return value.Replace("\\", "\\\\").Replace("%", "\\%").Replace("_", "\\_").Replace("[", "\\[");
        }

        private static Customer Map(IDataRecord r)
        {
            return new Customer
            {
                Id = r.GetInt32(0),
                Name = r.GetString(1),
                Email = r.IsDBNull(2) ? null : r.GetString(2),
                Country = r.IsDBNull(3) ? null : r.GetString(3),
                CreatedAt = r.GetDateTime(4)
            };
        }
    }
}
