using System.Security.Cryptography;
using System.Text;
using System.Text.Json;
using System.Xml;
using Microsoft.AspNetCore.Mvc;
using Payments.Api.Services;

namespace Payments.Api.Controllers;

[ApiController]
[Route("webhooks/payments")]
public class PaymentWebhookController : ControllerBase
{
    private static readonly HashSet<string> ReceiptHosts = new(StringComparer.OrdinalIgnoreCase)
    {
        "receipts.psp.example.com",
        "receipts-eu.psp.example.com",
    };

    private readonly IPaymentLedger _ledger;
    private readonly IHttpClientFactory _http;
    private readonly byte[] _secret;

    public PaymentWebhookController(IPaymentLedger ledger, IHttpClientFactory http, IConfiguration config)
    {
        _ledger = ledger;
        _http = http;
        _secret = Encoding.UTF8.GetBytes(config["Psp:WebhookSecret"]
            ?? throw new InvalidOperationException("Psp:WebhookSecret missing"));
    }

    [HttpPost]
    public async Task<IActionResult> Receive()
    {
        using var ms = new MemoryStream();
        await Request.Body.CopyToAsync(ms);
        var body = ms.ToArray();

        var header = Request.Headers["X-Psp-Signature"].ToString();
        var expected = HMACSHA256.HashData(_secret, body);
        byte[] given;
        try
        {
            given = Convert.FromHexString(header);
        }
        catch (FormatException)
        {
            return Unauthorized();
        }
        if (!CryptographicOperations.FixedTimeEquals(expected, given))
        {
            return Unauthorized();
        }

        var evt = JsonSerializer.Deserialize<PaymentEvent>(body, new JsonSerializerOptions { PropertyNameCaseInsensitive = true });
        if (evt is null)
        {
            return BadRequest();
        }
        await _ledger.RecordAsync(evt.PaymentId, evt.Status, evt.Amount);

        if (evt.ReceiptUrl is not null && Uri.TryCreate(evt.ReceiptUrl, UriKind.Absolute, out var uri)
            && uri.Scheme == Uri.UriSchemeHttps && ReceiptHosts.Contains(uri.Host) && uri.IsDefaultPort)
        {
            var client = _http.CreateClient("psp");
            var receipt = await client.GetByteArrayAsync(uri);
            await _ledger.AttachReceiptAsync(evt.PaymentId, receipt);
        }
        return Ok();
    }

    // Settlement reports are still delivered as XML by the acquirer.
    [HttpPost("settlement")]
    [Consumes("application/xml")]
    public async Task<IActionResult> Settlement()
    {
        var settings = new XmlReaderSettings
        {
            DtdProcessing = DtdProcessing.Prohibit,
            XmlResolver = null,
            Async = true,
            MaxCharactersInDocument = 10_000_000,
        };
        using var reader = XmlReader.Create(Request.Body, settings);
        var lines = 0;
        while (await reader.ReadAsync())
        {
            if (reader.NodeType == XmlNodeType.Element && reader.Name == "line")
            {
                await _ledger.SettleAsync(reader.GetAttribute("payment")!, decimal.Parse(reader.GetAttribute("amount")!));
                lines++;
            }
        }
        return Ok(new { lines });
    }
}

public sealed record PaymentEvent(string PaymentId, string Status, decimal Amount, string? ReceiptUrl);
