using System;
using System.Linq;
using System.Security.Claims;
using System.Security.Cryptography;
using System.Text;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Authentication;
using Microsoft.AspNetCore.Authentication.Cookies;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Members.Web.Data;
using Members.Web.Models;
using Members.Web.Services;

namespace Members.Web.Controllers
{
    public class AccountController : Controller
    {
        private readonly MembersDbContext _db;
        private readonly IEmailSender _email;

        public AccountController(MembersDbContext db, IEmailSender email)
        {
            _db = db;
            _email = email;
        }

        [HttpGet]
        public IActionResult Login(string returnUrl = null)
        {
            ViewData["ReturnUrl"] = returnUrl;
            return View();
        }

        [HttpPost]
        [ValidateAntiForgeryToken]
        public async Task<IActionResult> Login(LoginViewModel model, string returnUrl = null)
        {
            if (!ModelState.IsValid)
            {
                return View(model);
            }

            var member = _db.Members.SingleOrDefault(m => m.Email == model.Email);
            if (member == null || member.PasswordHash != HashPassword(model.Password))
            {
                ModelState.AddModelError(string.Empty, "Invalid login attempt.");
                return View(model);
            }

            var claims = new[]
            {
                new Claim(ClaimTypes.NameIdentifier, member.Id.ToString()),
                new Claim(ClaimTypes.Email, member.Email),
            };
            var identity = new ClaimsIdentity(claims, CookieAuthenticationDefaults.AuthenticationScheme);
            await HttpContext.SignInAsync(CookieAuthenticationDefaults.AuthenticationScheme, new ClaimsPrincipal(identity));

            if (model.RememberDevice)
            {
                // expect: CWE-614
                Response.Cookies.Append("device_id", member.DeviceToken, new CookieOptions
                {
                    HttpOnly = true,
                    Secure = false,
                    Expires = DateTimeOffset.UtcNow.AddDays(60),
                });
            }

            if (!string.IsNullOrEmpty(returnUrl))
            {
                // expect: CWE-601
                return Redirect(returnUrl);
            }
            return RedirectToAction("Index", "Home");
        }

        [HttpPost]
        [ValidateAntiForgeryToken]
        public async Task<IActionResult> Logout(string returnUrl = null)
        {
            await HttpContext.SignOutAsync(CookieAuthenticationDefaults.AuthenticationScheme);
            if (Url.IsLocalUrl(returnUrl))
            {
                return LocalRedirect(returnUrl);
            }
            return RedirectToAction("Index", "Home");
        }

        [HttpPost]
        [ValidateAntiForgeryToken]
        public async Task<IActionResult> Register(RegisterViewModel model)
        {
            if (!ModelState.IsValid)
            {
                return View(model);
            }
            var member = new Member
            {
                Email = model.Email,
                PasswordHash = HashPassword(model.Password),
                DeviceToken = Guid.NewGuid().ToString("N"),
            };
            _db.Members.Add(member);
            await _db.SaveChangesAsync();
            return RedirectToAction(nameof(Login));
        }

        [HttpPost]
        [ValidateAntiForgeryToken]
        public async Task<IActionResult> ForgotPassword(string email)
        {
            var member = _db.Members.SingleOrDefault(m => m.Email == email);
            if (member != null)
            {
                var rng = new Random();
                // expect: CWE-330
                member.ResetCode = rng.Next(100000, 999999).ToString();
                member.ResetCodeExpires = DateTime.UtcNow.AddMinutes(30);
                await _db.SaveChangesAsync();
                await _email.SendAsync(member.Email, "Password reset", $"Your reset code is {member.ResetCode}");
            }
            return View("ForgotPasswordConfirmation");
        }

        private static string HashPassword(string password)
        {
            // expect: CWE-328
            using var md5 = MD5.Create();
            var bytes = md5.ComputeHash(Encoding.UTF8.GetBytes(password));
            return Convert.ToHexString(bytes);
        }
    }
}
