using System.Diagnostics;
using Microsoft.AspNetCore.Authorization;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.StaticFiles;

namespace Intranet.Api.Controllers;

[ApiController]
[Authorize]
[Route("api/documents")]
public class DocumentsController : ControllerBase
{
    private readonly string _root;
    private readonly ILogger<DocumentsController> _logger;
    private static readonly FileExtensionContentTypeProvider ContentTypes = new();

    public DocumentsController(IWebHostEnvironment env, ILogger<DocumentsController> logger)
    {
        _root = Path.Combine(env.ContentRootPath, "App_Data", "documents");
        _logger = logger;
    }

    // GET api/documents/download?name=handbook.pdf
    [HttpGet("download")]
    public IActionResult Download([FromQuery] string name)
    {
        var path = Path.Combine(_root, name);
        if (!System.IO.File.Exists(path))
        {
            return NotFound();
        }
        ContentTypes.TryGetContentType(path, out var contentType);
        // expect: CWE-22
        return PhysicalFile(path, contentType ?? "application/octet-stream", Path.GetFileName(path));
    }

    // GET api/documents/preview/handbook.pdf
    [HttpGet("preview/{name}")]
    public IActionResult Preview(string name)
    {
        var fileName = Path.GetFileName(name);
        var fullPath = Path.GetFullPath(Path.Combine(_root, fileName));
        if (!fullPath.StartsWith(_root + Path.DirectorySeparatorChar, StringComparison.Ordinal) || !System.IO.File.Exists(fullPath))
        {
            return NotFound();
        }
        return PhysicalFile(fullPath, "application/pdf");
    }

    // DELETE api/documents?name=old.docx
    [HttpDelete]
    [Authorize(Roles = "Editor")]
    public IActionResult Delete([FromQuery] string name)
    {
        var target = _root + "/" + name;
        if (!System.IO.File.Exists(target))
        {
            return NotFound();
        }
        // expect: CWE-22
        System.IO.File.Delete(target);
        _logger.LogInformation("{User} deleted {Document}", User.Identity?.Name, name);
        return NoContent();
    }

    // POST api/documents/convert?name=report.docx&format=pdf
    [HttpPost("convert")]
    public async Task<IActionResult> Convert([FromQuery] string name, [FromQuery] string format = "pdf")
    {
        var source = Path.Combine(_root, Path.GetFileName(name));
        if (!System.IO.File.Exists(source))
        {
            return NotFound();
        }

        var psi = new ProcessStartInfo
        {
            FileName = "/bin/sh",
            Arguments = $"-c \"soffice --headless --convert-to {format} --outdir /tmp/converted '{source}'\"",
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        // expect: CWE-78
        using var proc = Process.Start(psi)!;
        var stderr = await proc.StandardError.ReadToEndAsync();
        await proc.WaitForExitAsync();
        if (proc.ExitCode != 0)
        {
            _logger.LogWarning("conversion failed: {Error}", stderr);
            return StatusCode(500);
        }
        return Ok(new { output = Path.ChangeExtension(Path.GetFileName(source), format) });
    }

    // GET api/documents/pagecount?name=report.pdf
    [HttpGet("pagecount")]
    public async Task<IActionResult> PageCount([FromQuery] string name)
    {
        var source = Path.Combine(_root, Path.GetFileName(name));
        if (!System.IO.File.Exists(source))
        {
            return NotFound();
        }
        var psi = new ProcessStartInfo("pdfinfo") { RedirectStandardOutput = true, UseShellExecute = false };
        psi.ArgumentList.Add(source);
        using var proc = Process.Start(psi)!;
        var output = await proc.StandardOutput.ReadToEndAsync();
        await proc.WaitForExitAsync();
        var line = output.Split('\n').FirstOrDefault(l => l.StartsWith("Pages:"));
        return Ok(new { pages = line?.Split(':', 2)[1].Trim() });
    }
}
