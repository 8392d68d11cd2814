using System;
using System.Collections.Generic;
using System.IO;
using System.Security.Cryptography;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Authorization;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Data.SqlClient;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace Contoso.Analytics.Web.Controllers
{
    public sealed class ReportStorageOptions
    {
        public string ExportDirectory { get; set; } = "/var/lib/analytics/exports";
        public string TemplateDirectory { get; set; } = "/var/lib/analytics/templates";
    }

    public sealed record SalesRow(string Sku, int Units, decimal Revenue);

    [ApiController]
    [Authorize]
    [Route("api/reports")]
    public class ReportsController : ControllerBase
    {
        private static readonly HashSet<string> Groupings = new(StringComparer.OrdinalIgnoreCase) { "Sku", "Region", "Channel" };

        private readonly string _connectionString;
        private readonly ReportStorageOptions _storage;
        private readonly ILogger<ReportsController> _logger;

        public ReportsController(IConfiguration configuration, IOptions<ReportStorageOptions> storage, ILogger<ReportsController> logger)
        {
            _connectionString = configuration.GetConnectionString("Analytics")
                ?? throw new InvalidOperationException("Missing Analytics connection string");
            _storage = storage.Value;
            _logger = logger;
        }

        [HttpGet("sales")]
        public async Task<ActionResult<IEnumerable<SalesRow>>> Sales([FromQuery] string region, [FromQuery] DateTime from, [FromQuery] DateTime to)
        {
            var sql = $@"SELECT Sku, SUM(Quantity) AS Units, SUM(LineTotal) AS Revenue
                         FROM dbo.Sales
                         WHERE Region = '{region}' AND SoldOn BETWEEN @from AND @to
                         GROUP BY Sku ORDER BY Revenue DESC";
            var rows = new List<SalesRow>();
            await using var conn = new SqlConnection(_connectionString);
            await conn.OpenAsync();
            // expect: CWE-89
            await using var cmd = new SqlCommand(sql, conn);
            cmd.Parameters.AddWithValue("@from", from);
            cmd.Parameters.AddWithValue("@to", to);
            await using var reader = await cmd.ExecuteReaderAsync();
            while (await reader.ReadAsync())
            {
                rows.Add(new SalesRow(reader.GetString(0), reader.GetInt32(1), reader.GetDecimal(2)));
            }
            return Ok(rows);
        }

        [HttpGet("sales/grouped")]
        public async Task<ActionResult<IEnumerable<SalesRow>>> SalesGrouped([FromQuery] string region, [FromQuery] string groupBy = "Sku")
        {
            var column = Groupings.Contains(groupBy) ? groupBy : "Sku";
            var sql = $"SELECT {column}, SUM(Quantity), SUM(LineTotal) FROM dbo.Sales WHERE Region = @region GROUP BY {column}";
            var rows = new List<SalesRow>();
            await using var conn = new SqlConnection(_connectionString);
            await conn.OpenAsync();
            await using var cmd = new SqlCommand(sql, conn);
            cmd.Parameters.Add(new SqlParameter("@region", System.Data.SqlDbType.NVarChar, 32) { Value = region });
            await using var reader = await cmd.ExecuteReaderAsync();
            while (await reader.ReadAsync())
            {
                rows.Add(new SalesRow(Convert.ToString(reader.GetValue(0)) ?? "", reader.GetInt32(1), reader.GetDecimal(2)));
            }
            return Ok(rows);
        }

        [HttpGet("export")]
        public IActionResult Export([FromQuery] string file)
        {
            if (string.IsNullOrWhiteSpace(file) || !file.EndsWith(".csv", StringComparison.OrdinalIgnoreCase))
            {
                return BadRequest();
            }
            var path = Path.Combine(_storage.ExportDirectory, file);
            _logger.LogInformation("Serving export {File}", file);
            // expect: CWE-22
            return PhysicalFile(path, "text/csv", Path.GetFileName(path));
        }

        [HttpGet("templates/{name}")]
        public IActionResult Template(string name)
        {
            var root = Path.GetFullPath(_storage.TemplateDirectory);
            var full = Path.GetFullPath(Path.Combine(root, name));
            if (!full.StartsWith(root + Path.DirectorySeparatorChar, StringComparison.Ordinal) || !System.IO.File.Exists(full))
            {
                return NotFound();
            }
            return PhysicalFile(full, "application/json");
        }

        [HttpGet("/reports/open")]
        [AllowAnonymous]
        public IActionResult Open([FromQuery] string returnUrl)
        {
            if (string.IsNullOrEmpty(returnUrl))
            {
                return Redirect("/reports");
            }
            // expect: CWE-601
            return Redirect(returnUrl);
        }

        [HttpGet("/reports/back")]
        public IActionResult Back([FromQuery] string returnUrl)
        {
            if (Url.IsLocalUrl(returnUrl))
            {
                return LocalRedirect(returnUrl);
            }
            return LocalRedirect("/reports");
        }

        [HttpPost("viewer-session")]
        public IActionResult StartViewerSession()
        {
            var sessionId = Convert.ToHexString(RandomNumberGenerator.GetBytes(32));
            // expect: CWE-1004
            Response.Cookies.Append("report_viewer", sessionId, new CookieOptions { Secure = true, SameSite = SameSiteMode.Lax, Expires = DateTimeOffset.UtcNow.AddHours(4) });
            Response.Cookies.Append("report_theme", "dark", new CookieOptions { Secure = true, HttpOnly = false, IsEssential = false });
            return NoContent();
        }
    }
}
