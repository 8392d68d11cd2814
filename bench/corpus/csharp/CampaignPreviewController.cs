using System.Net;
using System.Text.Encodings.Web;
using Microsoft.AspNetCore.Authorization;
using Microsoft.AspNetCore.Mvc;
using Microsoft.CodeAnalysis.CSharp.Scripting;
using Microsoft.CodeAnalysis.Scripting;
using Marketing.Web.Models;
using Marketing.Web.Services;
using RazorLight;

namespace Marketing.Web.Controllers;

/// <summary>
/// Lets marketing users design newsletter templates and discount formulas and
/// preview them against a sample customer before a campaign is scheduled.
/// </summary>
[Authorize(Roles = "Marketing")]
[Route("campaigns/preview")]
public class CampaignPreviewController : Controller
{
    private readonly IRazorLightEngine _razor;
    private readonly ICustomerSampleProvider _samples;

    public CampaignPreviewController(IRazorLightEngine razor, ICustomerSampleProvider samples)
    {
        _razor = razor;
        _samples = samples;
    }

    // POST campaigns/preview/template  body: { "template": "<h1>Hi @Model.FirstName</h1>" }
    [HttpPost("template")]
    public async Task<IActionResult> Template([FromBody] TemplatePreviewRequest req)
    {
        var customer = await _samples.GetSampleAsync(req.Segment);
        // expect: CWE-1336
        var html = await _razor.CompileRenderStringAsync("preview-" + Guid.NewGuid(), req.Template, customer);
        return Content(html, "text/html");
    }

    // POST campaigns/preview/discount  body: { "formula": "Model.Orders > 5 ? 0.1m : 0m" }
    [HttpPost("discount")]
    public async Task<IActionResult> Discount([FromBody] DiscountPreviewRequest req)
    {
        var customer = await _samples.GetSampleAsync(req.Segment);
        var options = ScriptOptions.Default.AddReferences(typeof(CustomerSample).Assembly).AddImports("System");
        // expect: CWE-94
        var rate = await CSharpScript.EvaluateAsync<decimal>(req.Formula, options, globals: new ScriptGlobals { Model = customer });
        return Json(new { customer = customer.FirstName, rate });
    }

    // GET campaigns/preview/subject?subject=...&name=...
    [HttpGet("subject")]
    public IActionResult Subject(string subject, string name)
    {
        var encodedSubject = HtmlEncoder.Default.Encode(subject ?? "");
        // expect: CWE-79
        return Content($"<p class=\"subject\">{encodedSubject}</p><p class=\"greeting\">Dear {name},</p>", "text/html");
    }

    // GET campaigns/preview/unsubscribe-link?email=...
    [HttpGet("unsubscribe-link")]
    public IActionResult UnsubscribeLink(string email)
    {
        var link = "https://news.example.com/unsubscribe?e=" + WebUtility.UrlEncode(email);
        return Content($"<a href=\"{HtmlEncoder.Default.Encode(link)}\">Unsubscribe</a>", "text/html");
    }

    // Stored templates written by developers live in Views/Campaigns and are rendered by key.
    [HttpGet("stock/{name}")]
    public async Task<IActionResult> Stock(string name, string segment)
    {
        var allowed = new[] { "welcome", "winback", "birthday" };
        if (!allowed.Contains(name))
        {
            return NotFound();
        }
        var customer = await _samples.GetSampleAsync(segment);
        var html = await _razor.CompileRenderAsync($"Campaigns/{name}.cshtml", customer);
        return Content(html, "text/html");
    }
}

public class ScriptGlobals
{
    public CustomerSample Model { get; set; } = default!;
}

public record TemplatePreviewRequest(string Template, string Segment);

public record DiscountPreviewRequest(string Formula, string Segment);
