using System;
using System.Linq;
using System.Security.Claims;
using System.Security.Cryptography;
using System.Text.Encodings.Web;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Authentication;
using Microsoft.AspNetCore.Authentication.Cookies;
using Microsoft.AspNetCore.Authorization;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Identity;
using Microsoft.AspNetCore.Mvc;
using Microsoft.EntityFrameworkCore;
using Library.Web.Data;

namespace Library.Web.Controllers
{
    public class LoginInput
    {
        public string Email { get; set; }
        public string Password { get; set; }
        public bool RememberMe { get; set; }
    }

    [Route("account")]
    public class AccountController : Controller
    {
        private readonly LibraryDbContext _db;
        private readonly IPasswordHasher<Member> _hasher;
        private readonly HtmlEncoder _encoder;

        public AccountController(LibraryDbContext db, IPasswordHasher<Member> hasher, HtmlEncoder encoder)
        {
            _db = db;
            _hasher = hasher;
            _encoder = encoder;
        }

        [HttpGet("login")]
        public IActionResult Login(string returnUrl = null)
        {
            ViewData["ReturnUrl"] = Url.IsLocalUrl(returnUrl) ? returnUrl : "/";
            return View();
        }

        [HttpPost("login")]
        [ValidateAntiForgeryToken]
        public async Task<IActionResult> Login(LoginInput input, string returnUrl = null)
        {
            var email = (input.Email ?? string.Empty).Trim().ToLowerInvariant();
            var member = await _db.Members.SingleOrDefaultAsync(m => m.Email == email && m.DisabledAt == null);
            if (member == null ||
                _hasher.VerifyHashedPassword(member, member.PasswordHash, input.Password ?? string.Empty) == PasswordVerificationResult.Failed)
            {
                ModelState.AddModelError(string.Empty, "Invalid email or password.");
                return View(input);
            }

            var claims = new[]
            {
                new Claim(ClaimTypes.NameIdentifier, member.Id.ToString()),
                new Claim(ClaimTypes.Name, member.DisplayName)
            };
            var identity = new ClaimsIdentity(claims, CookieAuthenticationDefaults.AuthenticationScheme);
            await HttpContext.SignInAsync(CookieAuthenticationDefaults.AuthenticationScheme, new ClaimsPrincipal(identity),
                new AuthenticationProperties { IsPersistent = input.RememberMe });

            Response.Cookies.Append("lib_device", Convert.ToHexString(RandomNumberGenerator.GetBytes(16)), new CookieOptions
            {
                Secure = true,
                HttpOnly = true,
                SameSite = SameSiteMode.Strict,
                Expires = DateTimeOffset.UtcNow.AddYears(1)
            });

            return LocalRedirect(Url.IsLocalUrl(returnUrl) ? returnUrl : "/");
        }

        [Authorize]
        [HttpGet("loans")]
        public async Task<IActionResult> Loans(string title, string sort = "due")
        {
            var memberId = int.Parse(User.FindFirstValue(ClaimTypes.NameIdentifier));
            var query = _db.Loans.Where(l => l.MemberId == memberId);
            if (!string.IsNullOrWhiteSpace(title))
            {
                query = query.Where(l => EF.Functions.Like(l.Book.Title, "%" + title.Replace("[", "[[]").Replace("%", "[%]").Replace("_", "[_]") + "%"));
            }
            query = sort == "title" ? query.OrderBy(l => l.Book.Title) : query.OrderBy(l => l.DueAt);

            var loans = await query.Select(l => new { l.Id, l.Book.Title, l.DueAt }).Take(100).ToListAsync();
            return View(loans);
        }

        [Authorize]
        [HttpGet("loans/{id:int}/reminder")]
        public async Task<IActionResult> ReminderPreview(int id, string note)
        {
            var memberId = int.Parse(User.FindFirstValue(ClaimTypes.NameIdentifier));
            var loan = await _db.Loans.Include(l => l.Book).SingleOrDefaultAsync(l => l.Id == id && l.MemberId == memberId);
            if (loan == null)
            {
                return NotFound();
            }
            var html = "<p>Reminder: <em>" + _encoder.Encode(loan.Book.Title) + "</em> is due " +
                       loan.DueAt.ToString("yyyy-MM-dd") + ".</p><p>" + _encoder.Encode(note ?? string.Empty) + "</p>";
            return Content(html, "text/html");
        }

        [HttpPost("logout")]
        [ValidateAntiForgeryToken]
        public async Task<IActionResult> Logout(string returnUrl = null)
        {
            await HttpContext.SignOutAsync(CookieAuthenticationDefaults.AuthenticationScheme);
            Response.Cookies.Delete("lib_device");
            if (Url.IsLocalUrl(returnUrl))
            {
                return LocalRedirect(returnUrl);
            }
            return RedirectToAction("Index", "Home");
        }
    }
}
