using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Net.Http;
using System.Security.Cryptography;
using System.Text;
using System.Text.Encodings.Web;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Authorization;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.Options;
using Litware.Billing.Data;
using Litware.Billing.Models;

namespace Litware.Billing.Controllers
{
    public sealed class InvoiceStorageOptions
    {
        public string PdfDirectory { get; set; } = "/srv/billing/pdf";
        public string PaymentGatewayBaseUrl { get; set; } = "https://api.payments.example.com/";
    }

    [Authorize]
    [Route("invoices")]
    public class InvoicesController : Controller
    {
        private static readonly Dictionary<string, Func<IQueryable<Invoice>, IOrderedQueryable<Invoice>>> Sorts = new(StringComparer.OrdinalIgnoreCase)
        {
            ["issued"] = q => q.OrderByDescending(i => i.IssuedOn),
            ["due"] = q => q.OrderBy(i => i.DueOn),
            ["amount"] = q => q.OrderByDescending(i => i.AmountCents)
        };

        private readonly BillingDbContext _db;
        private readonly InvoiceStorageOptions _storage;
        private readonly IHttpClientFactory _httpClients;
        private readonly HtmlEncoder _html;

        public InvoicesController(BillingDbContext db, IOptions<InvoiceStorageOptions> storage, IHttpClientFactory httpClients, HtmlEncoder html)
        {
            _db = db;
            _storage = storage.Value;
            _httpClients = httpClients;
            _html = html;
        }

        [HttpGet("")]
        public async Task<IActionResult> Index(string? status, string sort = "issued", CancellationToken ct = default)
        {
            var accountId = User.FindFirst("account_id")?.Value ?? string.Empty;
            IQueryable<Invoice> query = _db.Invoices.AsNoTracking().Where(i => i.AccountId == accountId);
            if (!string.IsNullOrEmpty(status))
            {
                query = query.Where(i => i.Status == status);
            }
            var order = Sorts.TryGetValue(sort, out var s) ? s : Sorts["issued"];
            var invoices = await order(query).Take(200).ToListAsync(ct);
            return View(invoices);
        }

        [HttpGet("search")]
        public async Task<IActionResult> Search(string number, CancellationToken ct)
        {
            var accountId = User.FindFirst("account_id")?.Value ?? string.Empty;
            var matches = await _db.Invoices
                .FromSqlInterpolated($"SELECT * FROM billing.invoices WHERE account_id = {accountId} AND number LIKE {number + "%"}")
                .AsNoTracking()
                .ToListAsync(ct);
            ViewData["Heading"] = $"Invoices matching {number}";
            return View("Index", matches);
        }

        [HttpGet("{number}/summary")]
        public async Task<ContentResult> Summary(string number, string? note, CancellationToken ct)
        {
            var invoice = await _db.Invoices.Include(i => i.Lines).AsNoTracking().SingleOrDefaultAsync(i => i.Number == number, ct);
            var sb = new StringBuilder();
            if (invoice is null)
            {
                sb.Append("<p>No invoice ").Append(_html.Encode(number)).Append("</p>");
                return Content(sb.ToString(), "text/html");
            }
            sb.Append("<h3>Invoice ").Append(_html.Encode(invoice.Number)).Append("</h3><ul>");
            foreach (var line in invoice.Lines)
            {
                sb.Append("<li>").Append(_html.Encode(line.Description)).Append(" &times; ").Append(line.Quantity).Append("</li>");
            }
            sb.Append("</ul>");
            if (!string.IsNullOrWhiteSpace(note))
            {
                sb.Append("<p class=\"note\">").Append(_html.Encode(note)).Append("</p>");
            }
            return Content(sb.ToString(), "text/html");
        }

        [HttpGet("{number}/pdf")]
        public IActionResult Pdf(string number)
        {
            var root = Path.GetFullPath(_storage.PdfDirectory);
            var candidate = Path.GetFullPath(Path.Combine(root, Path.GetFileName(number) + ".pdf"));
            if (!candidate.StartsWith(root + Path.DirectorySeparatorChar, StringComparison.Ordinal) || !System.IO.File.Exists(candidate))
            {
                return NotFound();
            }
            return PhysicalFile(candidate, "application/pdf", Path.GetFileName(candidate));
        }

        [HttpPost("{number}/pay")]
        [ValidateAntiForgeryToken]
        public async Task<IActionResult> Pay(string number, string? returnUrl, CancellationToken ct)
        {
            var invoice = await _db.Invoices.SingleOrDefaultAsync(i => i.Number == number, ct);
            if (invoice is null)
            {
                return NotFound();
            }
            var client = _httpClients.CreateClient("payments");
            client.BaseAddress = new Uri(_storage.PaymentGatewayBaseUrl);
            var response = await client.PostAsJsonAsync($"v1/intents?invoice={Uri.EscapeDataString(invoice.Number)}",
                new { amount = invoice.AmountCents, currency = invoice.Currency }, ct);
            response.EnsureSuccessStatusCode();

            var nonce = Convert.ToBase64String(RandomNumberGenerator.GetBytes(24));
            Response.Cookies.Append("pay_nonce", nonce, new CookieOptions
            {
                HttpOnly = true,
                Secure = true,
                SameSite = SameSiteMode.Strict,
                MaxAge = TimeSpan.FromMinutes(15)
            });

            if (!string.IsNullOrEmpty(returnUrl) && Url.IsLocalUrl(returnUrl))
            {
                return LocalRedirect(returnUrl);
            }
            return RedirectToAction(nameof(Index));
        }
    }
}
