using System;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Authorization;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.Options;
using Harborline.Claims.Data;
using Harborline.Claims.Models;

namespace Harborline.Claims.Controllers
{
    public class ClaimsStorageOptions
    {
        public string EvidenceRoot { get; set; } = "/srv/claims/evidence";
        public string ExportRoot { get; set; } = "/srv/claims/exports";
    }

    [Authorize(Roles = "Adjuster")]
    [Route("claims")]
    public class ClaimsController : Controller
    {
        private readonly ClaimsDbContext _db;
        private readonly ClaimsStorageOptions _storage;

        public ClaimsController(ClaimsDbContext db, IOptions<ClaimsStorageOptions> storage)
        {
            _db = db;
            _storage = storage.Value;
        }

        [HttpGet("{id:int}")]
        public async Task<IActionResult> Details(int id)
        {
            var claim = await _db.Claims.Include(c => c.Policy).FirstOrDefaultAsync(c => c.Id == id);
            return claim == null ? NotFound() : View(claim);
        }

        [HttpGet("by-policy")]
        public async Task<IActionResult> ByPolicy(string policyNumber)
        {
            var claims = await _db.Claims
                .FromSqlInterpolated($"SELECT * FROM claims WHERE policy_number = {policyNumber}")
                .OrderByDescending(c => c.FiledAt)
                .ToListAsync();
            return View("List", claims);
        }

        [HttpGet("search")]
        public async Task<IActionResult> Search(string adjuster, string status)
        {
            var sql = "SELECT * FROM claims WHERE assigned_adjuster = '" + adjuster + "'";
            if (!string.IsNullOrEmpty(status))
            {
                sql += " AND status = '" + status + "'";
            }
            // expect: CWE-89
            var results = await _db.Claims.FromSqlRaw(sql).AsNoTracking().ToListAsync();
            return View("List", results);
        }

        [HttpGet("{id:int}/evidence/{fileName}")]
        public IActionResult Evidence(int id, string fileName)
        {
            var root = Path.GetFullPath(Path.Combine(_storage.EvidenceRoot, id.ToString()));
            var candidate = Path.GetFullPath(Path.Combine(root, fileName));
            if (!candidate.StartsWith(root + Path.DirectorySeparatorChar, StringComparison.Ordinal) || !System.IO.File.Exists(candidate))
            {
                return NotFound();
            }
            return PhysicalFile(candidate, "application/octet-stream", Path.GetFileName(candidate));
        }

        [HttpGet("exports")]
        public IActionResult DownloadExport(string name)
        {
            var path = Path.Combine(_storage.ExportRoot, name);
            // expect: CWE-22
            var stream = System.IO.File.OpenRead(path);
            return File(stream, "text/csv", "claims-export.csv");
        }

        [HttpPost("{id:int}/settle")]
        [ValidateAntiForgeryToken]
        public async Task<IActionResult> Settle(int id, decimal amount, string returnUrl)
        {
            var claim = await _db.Claims.FindAsync(id);
            if (claim == null)
            {
                return NotFound();
            }
            claim.SettledAmount = amount;
            claim.Status = ClaimStatus.Settled;
            await _db.SaveChangesAsync();

            // expect: CWE-614
            Response.Cookies.Append("last_settled_claim", id.ToString(), new CookieOptions { HttpOnly = true, Secure = false, SameSite = SameSiteMode.Lax });

            if (Url.IsLocalUrl(returnUrl))
            {
                return LocalRedirect(returnUrl);
            }
            return RedirectToAction(nameof(Details), new { id });
        }

        [AllowAnonymous]
        [HttpGet("portal/handoff")]
        public IActionResult PortalHandoff(string target)
        {
            Response.Cookies.Append("portal_handoff", "1", new CookieOptions { HttpOnly = true, Secure = true, SameSite = SameSiteMode.Strict });
            // expect: CWE-601
            return Redirect(target);
        }
    }
}
