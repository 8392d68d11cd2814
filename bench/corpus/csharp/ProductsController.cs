using System.Data;
using System.Text;
using System.Text.Encodings.Web;
using Dapper;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Data.SqlClient;

namespace Shop.Api.Controllers;

[ApiController]
[Route("api/[controller]")]
public class ProductsController : ControllerBase
{
    private readonly string _connectionString;
    private readonly ILogger<ProductsController> _logger;

    public ProductsController(IConfiguration config, ILogger<ProductsController> logger)
    {
        _connectionString = config.GetConnectionString("Shop")!;
        _logger = logger;
    }

    // GET api/products/search?term=lamp&category=3
    [HttpGet("search")]
    public async Task<IActionResult> Search([FromQuery] string term, [FromQuery] int? category)
    {
        var sql = new StringBuilder("SELECT Id, Name, Price FROM Products WHERE IsActive = 1");
        sql.Append(" AND Name LIKE '%" + term + "%'");
        if (category.HasValue)
        {
            sql.Append(" AND CategoryId = " + category.Value);
        }

        await using var conn = new SqlConnection(_connectionString);
        await conn.OpenAsync();
        // expect: CWE-89
        using var cmd = new SqlCommand(sql.ToString(), conn);
        var results = new List<object>();
        await using var reader = await cmd.ExecuteReaderAsync();
        while (await reader.ReadAsync())
        {
            results.Add(new { Id = reader.GetInt32(0), Name = reader.GetString(1), Price = reader.GetDecimal(2) });
        }
        return Ok(results);
    }

    // GET api/products/5
    [HttpGet("{id:int}")]
    public async Task<IActionResult> Get(int id)
    {
        await using var conn = new SqlConnection(_connectionString);
        var product = await conn.QuerySingleOrDefaultAsync<ProductDto>(
            "SELECT Id, Name, Price, Description FROM Products WHERE Id = @Id", new { Id = id });
        return product is null ? NotFound() : Ok(product);
    }

    // GET api/products/by-brand?brand=Acme&sort=Price
    [HttpGet("by-brand")]
    public async Task<IActionResult> ByBrand(string brand, string sort = "Name")
    {
        await using var conn = new SqlConnection(_connectionString);
        var sql = $"SELECT Id, Name, Price, Description FROM Products WHERE Brand = @brand ORDER BY {sort}";
        // expect: CWE-89
        var rows = await conn.QueryAsync<ProductDto>(sql, new { brand });
        return Ok(rows);
    }

    // GET api/products/by-sku?sku=AB-100
    [HttpGet("by-sku")]
    public async Task<IActionResult> BySku(string sku)
    {
        await using var conn = new SqlConnection(_connectionString);
        // expect: CWE-89
        var rows = await conn.QueryAsync<ProductDto>($"SELECT Id, Name, Price, Description FROM Products WHERE Sku = '{sku}'");
        return Ok(rows);
    }

    // POST api/products/5/price
    [HttpPost("{id:int}/price")]
    public async Task<IActionResult> UpdatePrice(int id, [FromBody] PriceUpdate update)
    {
        await using var conn = new SqlConnection(_connectionString);
        await conn.OpenAsync();
        using var cmd = new SqlCommand("UPDATE Products SET Price = @price WHERE Id = @id", conn);
        cmd.Parameters.Add("@price", SqlDbType.Decimal).Value = update.Price;
        cmd.Parameters.Add("@id", SqlDbType.Int).Value = id;
        var n = await cmd.ExecuteNonQueryAsync();
        _logger.LogInformation("Price of {ProductId} changed to {Price}", id, update.Price);
        return n == 1 ? NoContent() : NotFound();
    }

    // GET api/products/5/widget?title=Our+pick  (embeddable HTML snippet for partner sites)
    [HttpGet("{id:int}/widget")]
    public async Task<IActionResult> Widget(int id, string? title)
    {
        await using var conn = new SqlConnection(_connectionString);
        var p = await conn.QuerySingleOrDefaultAsync<ProductDto>(
            "SELECT Id, Name, Price, Description FROM Products WHERE Id = @id", new { id });
        if (p is null)
        {
            return NotFound();
        }
        var name = HtmlEncoder.Default.Encode(p.Name);
        var html = $"<div class=\"widget\"><h3>{title}</h3><p>{name} – {p.Price:C}</p></div>";
        // expect: CWE-79
        return Content(html, "text/html");
    }
}

public record ProductDto(int Id, string Name, decimal Price, string? Description);

public record PriceUpdate(decimal Price);
