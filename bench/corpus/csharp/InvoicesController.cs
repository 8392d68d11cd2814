using System.Security.Claims;
using System.Text.Encodings.Web;
using Microsoft.AspNetCore.Authorization;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.Options;
using Billing.Web.Services;

namespace Billing.Web.Controllers;

public class StorageOptions
{
    public string InvoiceRoot { get; set; } = "/var/billing/invoices";
}

[Authorize]
public class InvoicesController : Controller
{
    private readonly IInvoiceService _invoices;
    private readonly HtmlEncoder _html;
    private readonly string _root;

    public InvoicesController(IInvoiceService invoices, HtmlEncoder html, IOptions<StorageOptions> storage)
    {
        _invoices = invoices;
        _html = html;
        _root = Path.GetFullPath(storage.Value.InvoiceRoot);
    }

    private int CustomerId => int.Parse(User.FindFirstValue(ClaimTypes.NameIdentifier)!);

    // GET /Invoices/Download?file=2024-03-INV1043.pdf
    public async Task<IActionResult> Download(string file)
    {
        var name = Path.GetFileName(file ?? "");
        if (name.Length == 0 || !await _invoices.BelongsToAsync(CustomerId, name))
        {
            return NotFound();
        }

        var customerDir = Path.Combine(_root, CustomerId.ToString());
        var fullPath = Path.GetFullPath(Path.Combine(customerDir, name));
        if (!fullPath.StartsWith(customerDir + Path.DirectorySeparatorChar, StringComparison.Ordinal) || !System.IO.File.Exists(fullPath))
        {
            return NotFound();
        }
        return PhysicalFile(fullPath, "application/pdf", name);
    }

    // GET /Invoices/Highlight?term=... (HTML fragment for the search box)
    public IActionResult Highlight(string term)
    {
        var safe = _html.Encode(term ?? string.Empty);
        return Content($"<span class=\"hl\">{safe}</span>", "text/html");
    }

    // POST /Invoices/Pay/5?returnUrl=/Invoices
    [HttpPost]
    [ValidateAntiForgeryToken]
    public async Task<IActionResult> Pay(int id, string? returnUrl)
    {
        await _invoices.MarkPaidAsync(CustomerId, id);
        TempData["Message"] = "Payment received";

        if (!string.IsNullOrEmpty(returnUrl) && Url.IsLocalUrl(returnUrl))
        {
            return LocalRedirect(returnUrl);
        }
        return RedirectToAction(nameof(Index));
    }

    public async Task<IActionResult> Index(int page = 1)
    {
        var model = await _invoices.ListAsync(CustomerId, Math.Max(1, page));
        Response.Cookies.Append("invoice_page", page.ToString(), new CookieOptions
        {
            Secure = true,
            HttpOnly = true,
            SameSite = SameSiteMode.Strict,
        });
        return View(model);
    }

    // GET /Invoices/Export?format=csv
    public async Task<IActionResult> Export(string format)
    {
        var (bytes, contentType, ext) = format switch
        {
            "csv" => (await _invoices.ExportCsvAsync(CustomerId), "text/csv", "csv"),
            "xlsx" => (await _invoices.ExportXlsxAsync(CustomerId), "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "xlsx"),
            _ => (Array.Empty<byte>(), "", ""),
        };
        if (bytes.Length == 0)
        {
            return BadRequest();
        }
        return File(bytes, contentType, $"invoices.{ext}");
    }
}
