using System;
using System.Diagnostics;
using System.IO;
using System.Runtime.Serialization.Formatters.Binary;
using System.Text.Json;
using System.Xml;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.CodeAnalysis.CSharp.Scripting;
using Microsoft.CodeAnalysis.Scripting;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Quarry.Automation;

var builder = WebApplication.CreateBuilder(args);
builder.Services.AddSingleton<RuleStore>();
builder.Services.AddSingleton<PlantTelemetry>();
var app = builder.Build();

// expect: CWE-489
app.UseDeveloperExceptionPage();

if (!app.Environment.IsDevelopment())
{
    app.UseHsts();
}
app.UseHttpsRedirection();

app.MapPost("/rules/evaluate", async (RuleEvaluationRequest req, PlantTelemetry telemetry) =>
{
    var options = ScriptOptions.Default.AddReferences(typeof(PlantTelemetry).Assembly).AddImports("System", "System.Linq");
    // expect: CWE-94
    var result = await CSharpScript.EvaluateAsync<bool>(req.Expression, options, globals: telemetry);
    return Results.Ok(new { triggered = result });
});

app.MapPost("/rules/{ruleId}/run", async (string ruleId, RuleStore store, PlantTelemetry telemetry) =>
{
    var rule = store.GetApproved(ruleId);
    if (rule is null)
    {
        return Results.NotFound();
    }
    var triggered = await rule.CompiledScript.RunAsync(telemetry);
    return Results.Ok(new { triggered = triggered.ReturnValue });
});

app.MapGet("/diagnostics/plc", (string host) =>
{
    var psi = new ProcessStartInfo("cmd.exe", "/c ping -n 2 " + host)
    {
        RedirectStandardOutput = true,
        UseShellExecute = false,
    };
    // expect: CWE-78
    using var proc = Process.Start(psi);
    var output = proc!.StandardOutput.ReadToEnd();
    proc.WaitForExit(10_000);
    return Results.Text(output);
});

app.MapGet("/diagnostics/modbus", (string host, int unitId) =>
{
    var psi = new ProcessStartInfo("modpoll")
    {
        RedirectStandardOutput = true,
        UseShellExecute = false,
    };
    psi.ArgumentList.Add("-a");
    psi.ArgumentList.Add(unitId.ToString());
    psi.ArgumentList.Add("-1");
    psi.ArgumentList.Add(host);
    using var proc = Process.Start(psi)!;
    var output = proc.StandardOutput.ReadToEnd();
    proc.WaitForExit(10_000);
    return Results.Text(output);
});

app.MapPost("/recipes/import-legacy", async (HttpRequest request) =>
{
    using var buffer = new MemoryStream();
    await request.Body.CopyToAsync(buffer);
    buffer.Position = 0;
#pragma warning disable SYSLIB0011
    var formatter = new BinaryFormatter();
    // expect: CWE-502
    var recipe = (BlendRecipe)formatter.Deserialize(buffer);
#pragma warning restore SYSLIB0011
    return Results.Ok(new { recipe.Name, recipe.Components.Count });
});

app.MapPost("/recipes/import", async (HttpRequest request) =>
{
    var recipe = await JsonSerializer.DeserializeAsync<BlendRecipe>(request.Body);
    return recipe is null ? Results.BadRequest() : Results.Ok(new { recipe.Name });
});

app.MapPost("/shift-reports/xml", async (HttpRequest request) =>
{
    using var reader = new StreamReader(request.Body);
    var xml = await reader.ReadToEndAsync();
    var doc = new XmlDocument();
    doc.XmlResolver = new XmlUrlResolver();
    // expect: CWE-611
    doc.LoadXml(xml);
    var supervisor = doc.SelectSingleNode("/shiftReport/supervisor")?.InnerText;
    return Results.Ok(new { supervisor });
});

app.MapPost("/shift-reports/xml/v2", (HttpRequest request) =>
{
    var settings = new XmlReaderSettings { DtdProcessing = DtdProcessing.Prohibit, XmlResolver = null };
    using var xr = XmlReader.Create(request.Body, settings);
    var doc = new XmlDocument { XmlResolver = null };
    doc.Load(xr);
    return Results.Ok(new { supervisor = doc.SelectSingleNode("/shiftReport/supervisor")?.InnerText });
});

app.Run();

public record RuleEvaluationRequest(string Expression);
