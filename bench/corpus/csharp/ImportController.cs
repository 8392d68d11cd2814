using System.IO;
using System.Runtime.Serialization.Formatters.Binary;
using System.Xml;
using System.Xml.XPath;
using Microsoft.AspNetCore.Authorization;
using Microsoft.AspNetCore.Mvc;
using Newtonsoft.Json;
using Warehouse.Core;

namespace Warehouse.Api.Controllers;

[ApiController]
[Route("api/import")]
[Authorize(Policy = "Integrations")]
public class ImportController : ControllerBase
{
    private readonly IStockService _stock;
    private readonly IWebHostEnvironment _env;

    public ImportController(IStockService stock, IWebHostEnvironment env)
    {
        _stock = stock;
        _env = env;
    }

    // POST api/import/stock  (XML from supplier ERP systems)
    [HttpPost("stock")]
    [Consumes("application/xml")]
    public async Task<IActionResult> Stock()
    {
        using var reader = new StreamReader(Request.Body);
        var xml = await reader.ReadToEndAsync();

        var doc = new XmlDocument();
        // Supplier files reference their schema DTD for entity definitions
        // expect: CWE-611
        doc.XmlResolver = new XmlUrlResolver();
        doc.LoadXml(xml);

        var count = 0;
        foreach (XmlElement item in doc.SelectNodes("/stock/item")!)
        {
            await _stock.SetQuantityAsync(item.GetAttribute("sku"), int.Parse(item.GetAttribute("qty")));
            count++;
        }
        return Ok(new { imported = count });
    }

    // POST api/import/prices (XML, parsed with DTDs prohibited)
    [HttpPost("prices")]
    [Consumes("application/xml")]
    public async Task<IActionResult> Prices()
    {
        var settings = new XmlReaderSettings { DtdProcessing = DtdProcessing.Prohibit, XmlResolver = null, Async = true };
        using var xr = XmlReader.Create(Request.Body, settings);
        var count = 0;
        while (await xr.ReadAsync())
        {
            if (xr.NodeType == XmlNodeType.Element && xr.Name == "price")
            {
                await _stock.SetPriceAsync(xr.GetAttribute("sku")!, decimal.Parse(xr.GetAttribute("value")!));
                count++;
            }
        }
        return Ok(new { imported = count });
    }

    // GET api/import/locations?bin=A-12
    [HttpGet("locations")]
    public IActionResult Locations([FromQuery] string bin)
    {
        var nav = new XPathDocument(Path.Combine(_env.ContentRootPath, "App_Data", "layout.xml")).CreateNavigator();
        // expect: CWE-643
        var nodes = nav.Select("/warehouse/zone/bin[@id='" + bin + "']/@shelf");
        var shelves = new List<string>();
        while (nodes.MoveNext())
        {
            shelves.Add(nodes.Current!.Value);
        }
        return Ok(shelves);
    }

    // POST api/import/snapshot  (binary snapshot produced by the legacy desktop client)
    [HttpPost("snapshot")]
    public IActionResult Snapshot()
    {
#pragma warning disable SYSLIB0011
        var formatter = new BinaryFormatter();
        // expect: CWE-502
        var snapshot = (StockSnapshot)formatter.Deserialize(Request.Body);
#pragma warning restore SYSLIB0011
        _stock.ApplySnapshot(snapshot);
        return NoContent();
    }

    // POST api/import/rules  (JSON rule set with polymorphic rule types)
    [HttpPost("rules")]
    public async Task<IActionResult> Rules()
    {
        using var reader = new StreamReader(Request.Body);
        var json = await reader.ReadToEndAsync();
        // expect: CWE-502
        var rules = JsonConvert.DeserializeObject<List<object>>(json, new JsonSerializerSettings { TypeNameHandling = TypeNameHandling.All });
        _stock.ReplaceRules(rules!);
        return NoContent();
    }

    // POST api/import/adjustments  (plain DTOs, no type metadata honoured)
    [HttpPost("adjustments")]
    public async Task<IActionResult> Adjustments()
    {
        using var reader = new StreamReader(Request.Body);
        var items = JsonConvert.DeserializeObject<List<Adjustment>>(await reader.ReadToEndAsync());
        foreach (var a in items ?? new List<Adjustment>())
        {
            await _stock.AdjustAsync(a.Sku, a.Delta, a.Reason);
        }
        return NoContent();
    }
}

public class Adjustment
{
    public string Sku { get; set; } = "";
    public int Delta { get; set; }
    public string Reason { get; set; } = "";
}
