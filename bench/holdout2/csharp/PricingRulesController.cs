using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Authorization;
using Microsoft.AspNetCore.Mvc;
using Microsoft.CodeAnalysis.CSharp.Scripting;
using Microsoft.CodeAnalysis.Scripting;
using Microsoft.EntityFrameworkCore;
using MongoDB.Bson;
using MongoDB.Driver;
using RazorLight;
using AdventureWorks.Pricing.Data;
using AdventureWorks.Pricing.Models;

namespace AdventureWorks.Pricing.Controllers
{
    public sealed class RuleGlobals
    {
        public decimal ListPrice { get; init; }
        public int Quantity { get; init; }
        public string CustomerTier { get; init; } = "standard";
    }

    public sealed record RuleTestRequest(string Expression, decimal ListPrice, int Quantity, string CustomerTier);
    public sealed record QuoteTemplatePreview(string Template, string Sku, int Quantity);

    [ApiController]
    [Authorize(Policy = "PricingAnalyst")]
    [Route("api/pricing")]
    public class PricingRulesController : ControllerBase
    {
        private static readonly ScriptOptions RuleScriptOptions = ScriptOptions.Default
            .AddReferences(typeof(Math).Assembly)
            .AddImports("System");

        private static readonly Dictionary<string, decimal> TierDiscounts = new(StringComparer.OrdinalIgnoreCase)
        {
            ["standard"] = 0m,
            ["silver"] = 0.05m,
            ["gold"] = 0.10m,
            ["platinum"] = 0.15m
        };

        private readonly PricingDbContext _db;
        private readonly IMongoCollection<BsonDocument> _priceHistory;
        private readonly IRazorLightEngine _razor;

        public PricingRulesController(PricingDbContext db, IMongoDatabase mongo, IRazorLightEngine razor)
        {
            _db = db;
            _priceHistory = mongo.GetCollection<BsonDocument>("price_history");
            _razor = razor;
        }

        [HttpPost("rules/test")]
        public async Task<ActionResult<decimal>> TestRule([FromBody] RuleTestRequest request, CancellationToken ct)
        {
            var globals = new RuleGlobals
            {
                ListPrice = request.ListPrice,
                Quantity = request.Quantity,
                CustomerTier = request.CustomerTier
            };
            // expect: CWE-94
            var price = await CSharpScript.EvaluateAsync<decimal>(request.Expression, RuleScriptOptions, globals, typeof(RuleGlobals), ct);
            return Ok(decimal.Round(price, 2));
        }

        [HttpGet("quote")]
        public ActionResult<decimal> Quote([FromQuery] decimal listPrice, [FromQuery] int quantity, [FromQuery] string tier = "standard")
        {
            var discount = TierDiscounts.TryGetValue(tier, out var d) ? d : 0m;
            var volume = quantity >= 100 ? 0.08m : quantity >= 20 ? 0.03m : 0m;
            return Ok(decimal.Round(listPrice * quantity * (1 - discount - volume), 2));
        }

        [HttpGet("rules")]
        public async Task<ActionResult<List<PriceRule>>> RulesForSku([FromQuery] string sku, [FromQuery] string? region, CancellationToken ct)
        {
            if (region is null)
            {
                return await _db.PriceRules
                    .FromSqlInterpolated($"SELECT * FROM pricing.price_rules WHERE sku = {sku} AND active = 1")
                    .AsNoTracking()
                    .ToListAsync(ct);
            }
            // expect: CWE-89
            return await _db.PriceRules.FromSqlRaw($"SELECT * FROM pricing.price_rules WHERE sku = '{sku}' AND region = '{region}' AND active = 1").AsNoTracking().ToListAsync(ct);
        }

        [HttpGet("rules/by-category")]
        public async Task<ActionResult<List<PriceRule>>> RulesForCategory([FromQuery] string category, CancellationToken ct)
        {
            return await _db.PriceRules
                .FromSqlRaw("SELECT * FROM pricing.price_rules WHERE category = {0} AND active = 1", category)
                .AsNoTracking()
                .ToListAsync(ct);
        }

        [HttpGet("history/{sku}")]
        public async Task<ActionResult<List<BsonDocument>>> History(string sku, [FromQuery] string region, CancellationToken ct)
        {
            // expect: CWE-943
            var history = await _priceHistory.Find(BsonDocument.Parse("{ sku: '" + sku + "', region: '" + region + "' }")).SortByDescending(d => d["effectiveFrom"]).Limit(100).ToListAsync(ct);
            return Ok(history);
        }

        [HttpGet("history/{sku}/latest")]
        public async Task<ActionResult<BsonDocument>> Latest(string sku, [FromQuery] string region, CancellationToken ct)
        {
            var filter = Builders<BsonDocument>.Filter.Eq("sku", sku) & Builders<BsonDocument>.Filter.Eq("region", region);
            var latest = await _priceHistory.Find(filter).SortByDescending(d => d["effectiveFrom"]).FirstOrDefaultAsync(ct);
            return latest is null ? NotFound() : Ok(latest);
        }

        [HttpPost("quote-templates/preview")]
        public async Task<IActionResult> PreviewQuoteTemplate([FromBody] QuoteTemplatePreview preview)
        {
            var product = await _db.Products.AsNoTracking().SingleAsync(p => p.Sku == preview.Sku);
            var model = new QuoteViewModel(product, preview.Quantity);
            var cacheKey = "preview-" + Guid.NewGuid().ToString("N");
            // expect: CWE-1336
            var html = await _razor.CompileRenderStringAsync(cacheKey, preview.Template, model);
            return Ok(new { cacheKey, html });
        }

        [HttpGet("quote-templates/{sku}")]
        public async Task<ContentResult> RenderQuote(string sku, [FromQuery] int quantity = 1)
        {
            var product = await _db.Products.AsNoTracking().SingleAsync(p => p.Sku == sku);
            var html = await _razor.CompileRenderAsync("Quotes/Standard.cshtml", new QuoteViewModel(product, quantity));
            return Content(html, "text/html");
        }
    }
}
