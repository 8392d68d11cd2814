using System;
using System.Collections.Generic;
using System.Net;
using System.Text.Json;
using System.Threading.Tasks;
using System.Web;
using Microsoft.Azure.Functions.Worker;
using Microsoft.Azure.Functions.Worker.Http;
using Microsoft.CodeAnalysis.CSharp.Scripting;
using Microsoft.CodeAnalysis.Scripting;
using Microsoft.Extensions.Logging;
using MongoDB.Bson;
using MongoDB.Driver;
using RazorEngine;
using RazorEngine.Templating;

namespace Storefront.Functions
{
    public class DiscountRequest
    {
        public decimal Total { get; set; }
        public int Items { get; set; }
        public string Rule { get; set; }
    }

    public class InvoiceRequest
    {
        public string Template { get; set; }
        public string CustomerName { get; set; }
        public decimal Amount { get; set; }
    }

    public class PricingGlobals
    {
        public decimal Total;
        public int Items;
    }

    public class InvoiceModel
    {
        public string CustomerName { get; set; }
        public decimal Amount { get; set; }
        public DateTime IssuedAt { get; set; }
    }

    public class PricingFunctions
    {
        private static readonly JsonSerializerOptions JsonOpts = new JsonSerializerOptions { PropertyNameCaseInsensitive = true };
        private readonly IMongoCollection<BsonDocument> _orders;
        private readonly ILogger<PricingFunctions> _log;

        public PricingFunctions(IMongoClient mongo, ILogger<PricingFunctions> log)
        {
            var dbName = Environment.GetEnvironmentVariable("ORDERS_DB") ?? "storefront";
            _orders = mongo.GetDatabase(dbName).GetCollection<BsonDocument>("orders");
            _log = log;
        }

        [Function("EvaluateDiscount")]
        public async Task<HttpResponseData> EvaluateDiscount(
            [HttpTrigger(AuthorizationLevel.Function, "post", Route = "pricing/discount")] HttpRequestData req)
        {
            var body = await JsonSerializer.DeserializeAsync<DiscountRequest>(req.Body, JsonOpts);
            var globals = new PricingGlobals { Total = body.Total, Items = body.Items };
            var options = ScriptOptions.Default.WithImports("System");
            // expect: CWE-94
            var result = await CSharpScript.EvaluateAsync<decimal>(body.Rule, options, globals);

            var resp = req.CreateResponse(HttpStatusCode.OK);
            await resp.WriteAsJsonAsync(new { total = result });
            return resp;
        }

        [Function("RenderInvoice")]
        public async Task<HttpResponseData> RenderInvoice(
            [HttpTrigger(AuthorizationLevel.Function, "post", Route = "invoices/render")] HttpRequestData req)
        {
            var body = await JsonSerializer.DeserializeAsync<InvoiceRequest>(req.Body, JsonOpts);
            var model = new InvoiceModel { CustomerName = body.CustomerName, Amount = body.Amount, IssuedAt = DateTime.UtcNow };
            var key = "invoice-" + Guid.NewGuid().ToString("N");
            // expect: CWE-1336
            var html = Engine.Razor.RunCompile(body.Template, key, typeof(InvoiceModel), model);

            var resp = req.CreateResponse(HttpStatusCode.OK);
            resp.Headers.Add("Content-Type", "text/html; charset=utf-8");
            await resp.WriteStringAsync(html);
            return resp;
        }

        [Function("CustomerOrders")]
        public async Task<HttpResponseData> CustomerOrders(
            [HttpTrigger(AuthorizationLevel.Function, "get", Route = "orders")] HttpRequestData req)
        {
            var query = HttpUtility.ParseQueryString(req.Url.Query);
            var customer = query["customer"] ?? string.Empty;
            var status = query["status"] ?? "open";

            var filter = "{ CustomerId: '" + customer + "', Status: '" + status + "' }";
            // expect: CWE-943
            var docs = await _orders.Find(filter).Limit(100).ToListAsync();

            var resp = req.CreateResponse(HttpStatusCode.OK);
            await resp.WriteStringAsync(docs.ToJson());
            return resp;
        }

        [Function("OrderById")]
        public async Task<HttpResponseData> OrderById(
            [HttpTrigger(AuthorizationLevel.Function, "get", Route = "orders/{id}")] HttpRequestData req, string id)
        {
            var query = HttpUtility.ParseQueryString(req.Url.Query);
            var customer = query["customer"] ?? string.Empty;
            var filter = Builders<BsonDocument>.Filter.Eq("OrderNumber", id) &
                         Builders<BsonDocument>.Filter.Eq("CustomerId", customer);
            var doc = await _orders.Find(filter).FirstOrDefaultAsync();

            var resp = req.CreateResponse(doc == null ? HttpStatusCode.NotFound : HttpStatusCode.OK);
            if (doc != null)
            {
                await resp.WriteStringAsync(doc.ToJson());
            }
            return resp;
        }

        [Function("RenderReceipt")]
        public async Task<HttpResponseData> RenderReceipt(
            [HttpTrigger(AuthorizationLevel.Function, "post", Route = "receipts/render")] HttpRequestData req)
        {
            var body = await JsonSerializer.DeserializeAsync<InvoiceRequest>(req.Body, JsonOpts);
            const string receiptTemplate = "<h1>Receipt</h1><p>@Model.CustomerName</p><p>@Model.Amount.ToString(\"C\")</p>";
            var model = new InvoiceModel { CustomerName = body.CustomerName, Amount = body.Amount, IssuedAt = DateTime.UtcNow };
            var html = Engine.Razor.RunCompile(receiptTemplate, "receipt-v3", typeof(InvoiceModel), model);

            var resp = req.CreateResponse(HttpStatusCode.OK);
            resp.Headers.Add("Content-Type", "text/html; charset=utf-8");
            await resp.WriteStringAsync(html);
            return resp;
        }
    }
}
