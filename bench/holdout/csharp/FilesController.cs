using System;
using System.Diagnostics;
using System.IO;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Authorization;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.Logging;

namespace DocHub.Api.Controllers
{
    public class ConvertRequest
    {
        public string Source { get; set; }
        public string Format { get; set; }
    }

    [ApiController]
    [Authorize]
    [Route("api/files")]
    public class FilesController : ControllerBase
    {
        private readonly string _root;
        private readonly ILogger<FilesController> _log;

        public FilesController(IConfiguration config, ILogger<FilesController> log)
        {
            _root = Path.GetFullPath(config["Storage:Root"] ?? "/var/dochub/files");
            _log = log;
        }

        private string ResolveInsideRoot(string relative)
        {
            var full = Path.GetFullPath(Path.Combine(_root, relative ?? string.Empty));
            if (!full.StartsWith(_root + Path.DirectorySeparatorChar, StringComparison.Ordinal))
            {
                throw new UnauthorizedAccessException("path outside storage root");
            }
            return full;
        }

        [HttpGet("raw/{*path}")]
        public IActionResult Download(string path)
        {
            var full = Path.Combine(_root, path);
            if (!System.IO.File.Exists(full))
            {
                return NotFound();
            }
            // expect: CWE-22
            return PhysicalFile(full, "application/octet-stream", Path.GetFileName(full));
        }

        [HttpGet("preview")]
        public IActionResult Preview([FromQuery] string name)
        {
            string full;
            try
            {
                full = ResolveInsideRoot(name);
            }
            catch (UnauthorizedAccessException)
            {
                return BadRequest();
            }
            if (!System.IO.File.Exists(full))
            {
                return NotFound();
            }
            return PhysicalFile(full, "text/plain");
        }

        [HttpPost("upload")]
        [RequestSizeLimit(50 * 1024 * 1024)]
        public async Task<IActionResult> Upload(IFormFile file, [FromForm] string folder)
        {
            if (file == null || file.Length == 0)
            {
                return BadRequest("empty upload");
            }
            var dir = Path.Combine(_root, "uploads", folder ?? "inbox");
            Directory.CreateDirectory(dir);
            var dest = Path.Combine(dir, Path.GetFileName(file.FileName));
            // expect: CWE-22
            using (var stream = System.IO.File.Create(dest))
            {
                await file.CopyToAsync(stream);
            }
            _log.LogInformation("stored upload {Name} ({Size} bytes)", file.FileName, file.Length);
            return Ok(new { stored = Path.GetRelativePath(_root, dest) });
        }

        [HttpPost("convert")]
        public IActionResult Convert([FromBody] ConvertRequest req)
        {
            string src;
            try
            {
                src = ResolveInsideRoot(req.Source);
            }
            catch (UnauthorizedAccessException)
            {
                return BadRequest();
            }
            var outDir = Path.GetDirectoryName(src);
            var psi = new ProcessStartInfo("/bin/sh",
                "-c \"soffice --headless --convert-to " + req.Format + " --outdir '" + outDir + "' '" + src + "'\"")
            {
                RedirectStandardOutput = true,
                UseShellExecute = false
            };
            // expect: CWE-78
            using (var proc = Process.Start(psi))
            {
                proc.WaitForExit(60000);
                return Ok(new { exitCode = proc.ExitCode });
            }
        }

        [HttpGet("checksum")]
        public async Task<IActionResult> Checksum([FromQuery] string name)
        {
            string src;
            try
            {
                src = ResolveInsideRoot(name);
            }
            catch (UnauthorizedAccessException)
            {
                return BadRequest();
            }
            var psi = new ProcessStartInfo("sha256sum")
            {
                RedirectStandardOutput = true,
                UseShellExecute = false
            };
            psi.ArgumentList.Add("--");
            psi.ArgumentList.Add(src);
            using (var proc = Process.Start(psi))
            {
                var output = await proc.StandardOutput.ReadToEndAsync();
                proc.WaitForExit();
                return Ok(new { sha256 = output.Split(' ')[0] });
            }
        }
    }
}
