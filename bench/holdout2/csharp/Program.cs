using System;
using System.Linq;
using System.Net.Http;
using System.Security.Cryptography;
using System.Text;
using System.Text.Encodings.Web;
using System.Threading.Tasks;
using System.Xml.Linq;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using Northwind.Catalog.Data;

var builder = WebApplication.CreateBuilder(args);

builder.Services.AddDbContext<CatalogDb>(options =>
    options.UseNpgsql(builder.Configuration.GetConnectionString("Catalog")));

builder.Services.AddHttpClient("feeds", client =>
{
    client.Timeout = TimeSpan.FromSeconds(10);
    client.DefaultRequestHeaders.UserAgent.ParseAdd("NorthwindCatalog/2.4");
});

builder.Services.AddHttpClient("supplier-edi", client =>
{
    client.BaseAddress = new Uri(builder.Configuration["Suppliers:EdiBaseUrl"]!);
}).ConfigurePrimaryHttpMessageHandler(() => new HttpClientHandler
{
    // expect: CWE-295
    ServerCertificateCustomValidationCallback = (message, certificate, chain, errors) => true
});

builder.Services.AddAntiforgery();
builder.Services.AddProblemDetails();

var app = builder.Build();

// expect: CWE-489
app.UseDeveloperExceptionPage();
app.UseHsts();
app.UseHttpsRedirection();
app.UseStaticFiles();

app.MapGet("/catalog/search", async (string q, CatalogDb db) =>
{
    var products = await db.Products
        .Where(p => p.IsListed && EF.Functions.ILike(p.Name, $"%{q}%"))
        .OrderBy(p => p.Name)
        .Take(25)
        .Select(p => new { p.Sku, p.Name, p.Price })
        .ToListAsync();

    var html = new StringBuilder();
    html.Append($"<h2>{products.Count} results for “{q}”</h2><ul class=\"results\">");
    foreach (var p in products)
    {
        html.Append("<li><a href=\"/catalog/")
            .Append(UrlEncoder.Default.Encode(p.Sku))
            .Append("\">")
            .Append(HtmlEncoder.Default.Encode(p.Name))
            .Append("</a> ")
            .Append(p.Price.ToString("C"))
            .Append("</li>");
    }
    html.Append("</ul>");
    // expect: CWE-79
    return Results.Content(html.ToString(), "text/html; charset=utf-8");
});

app.MapGet("/catalog/{sku}", async (string sku, CatalogDb db) =>
{
    var product = await db.Products.AsNoTracking().FirstOrDefaultAsync(p => p.Sku == sku && p.IsListed);
    if (product is null)
    {
        return Results.Content($"<p>No product {HtmlEncoder.Default.Encode(sku)}</p>", "text/html", statusCode: 404);
    }
    return Results.Ok(product);
});

app.MapPost("/feeds/preview", async (FeedPreviewRequest request, IHttpClientFactory httpClientFactory, ILogger<Program> log) =>
{
    var client = httpClientFactory.CreateClient("feeds");
    log.LogInformation("Previewing feed for supplier {SupplierId}", request.SupplierId);
    // expect: CWE-918
    var body = await client.GetStringAsync(request.FeedUrl);
    var doc = XDocument.Parse(body);
    var items = doc.Descendants("item").Take(10).Select(i => new
    {
        Title = (string?)i.Element("title"),
        Price = (string?)i.Element("price")
    });
    return Results.Ok(items);
});

app.MapPost("/feeds/{supplierId:int}/refresh", async (int supplierId, CatalogDb db, IHttpClientFactory httpClientFactory) =>
{
    var supplier = await db.Suppliers.FindAsync(supplierId);
    if (supplier is null || !supplier.FeedApproved)
    {
        return Results.NotFound();
    }
    var client = httpClientFactory.CreateClient("feeds");
    var body = await client.GetStringAsync(supplier.FeedUrl);
    supplier.LastFeedSnapshot = body;
    supplier.LastFeedRefreshedAt = DateTimeOffset.UtcNow;
    await db.SaveChangesAsync();
    return Results.NoContent();
});

app.MapPost("/cart/session", (HttpContext ctx) =>
{
    var cartId = Convert.ToHexString(RandomNumberGenerator.GetBytes(16));
    // expect: CWE-614
    ctx.Response.Cookies.Append("cart_session", cartId, new CookieOptions { HttpOnly = true, SameSite = SameSiteMode.Lax, MaxAge = TimeSpan.FromDays(7) });
    return Results.Ok(new { cartId });
});

app.MapPost("/account/session", (HttpContext ctx) =>
{
    var sid = Convert.ToBase64String(RandomNumberGenerator.GetBytes(32));
    ctx.Response.Cookies.Append("__Host-acct", sid, new CookieOptions { HttpOnly = true, Secure = true, SameSite = SameSiteMode.Strict, Path = "/" });
    return Results.NoContent();
});

app.Run();

public sealed record FeedPreviewRequest(int SupplierId, string FeedUrl);
