using System.Text;
using System.Text.Encodings.Web;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Html;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Community.Web.Services;

namespace Community.Web.Pages.Members
{
    // Pages/Members/Profile.cshtml.cs
    public class ProfileModel : PageModel
    {
        private readonly IProfileService _profiles;
        private readonly HtmlEncoder _encoder;

        public ProfileModel(IProfileService profiles, HtmlEncoder encoder)
        {
            _profiles = profiles;
            _encoder = encoder;
        }

        public string DisplayName { get; private set; }
        public string Location { get; private set; }
        public IHtmlContent BioHtml { get; private set; }
        public IHtmlContent Signature { get; private set; }

        public async Task<IActionResult> OnGetAsync(string handle)
        {
            var profile = await _profiles.FindByHandleAsync(handle);
            if (profile == null)
            {
                return NotFound();
            }

            DisplayName = profile.DisplayName;
            Location = profile.Location;
            // expect: CWE-79
            BioHtml = new HtmlString(profile.Bio);
            Signature = new HtmlString("<em>" + _encoder.Encode(profile.Signature ?? string.Empty) + "</em>");
            return Page();
        }

        public async Task<IActionResult> OnGetCardAsync(string handle, string accent)
        {
            var profile = await _profiles.FindByHandleAsync(handle);
            if (profile == null)
            {
                return NotFound();
            }

            var sb = new StringBuilder();
            sb.Append("<div class=\"member-card\" style=\"border-color:").Append(accent).Append("\">");
            sb.Append("<h3>").Append(_encoder.Encode(profile.DisplayName)).Append("</h3>");
            sb.Append("<p>").Append(_encoder.Encode(profile.Location ?? string.Empty)).Append("</p>");
            sb.Append("</div>");
            // expect: CWE-79
            return Content(sb.ToString(), "text/html");
        }

        public async Task<IActionResult> OnGetBadgeAsync(string handle, string label)
        {
            var profile = await _profiles.FindByHandleAsync(handle);
            if (profile == null)
            {
                return NotFound();
            }

            var html = "<span class=\"badge\" title=\"" + _encoder.Encode(label ?? "member") + "\">" +
                       _encoder.Encode(profile.DisplayName) + "</span>";
            return Content(html, "text/html");
        }

        public async Task<IActionResult> OnPostFollowAsync(string handle)
        {
            var me = User.Identity?.Name;
            if (me == null)
            {
                return Challenge();
            }
            await _profiles.FollowAsync(me, handle);
            return RedirectToPage(new { handle });
        }
    }
}
