using System;
using System.Collections.Generic;
using System.Text.Encodings.Web;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;
using MongoDB.Bson;
using MongoDB.Driver;

namespace Pantry.Web.Pages.Recipes
{
    public class RecipeReviewsModel : PageModel
    {
        private readonly IMongoCollection<BsonDocument> _reviews;
        private readonly HtmlEncoder _html;

        public RecipeReviewsModel(IMongoDatabase db, HtmlEncoder html)
        {
            _reviews = db.GetCollection<BsonDocument>("reviews");
            _html = html;
        }

        [BindProperty(SupportsGet = true)]
        public string RecipeSlug { get; set; } = "";

        [BindProperty(SupportsGet = true)]
        public string? Author { get; set; }

        public List<BsonDocument> Reviews { get; private set; } = new();

        public async Task<IActionResult> OnGetAsync()
        {
            var filter = Builders<BsonDocument>.Filter.Eq("recipe", RecipeSlug);
            if (!string.IsNullOrWhiteSpace(Author))
            {
                filter &= Builders<BsonDocument>.Filter.Eq("author", Author);
            }
            Reviews = await _reviews.Find(filter).SortByDescending(r => r["createdAt"]).Limit(50).ToListAsync();
            return Page();
        }

        public async Task<IActionResult> OnGetByRatingAsync(string minRating)
        {
            var query = "{ recipe: '" + RecipeSlug + "', rating: { $gte: " + minRating + " } }";
            // expect: CWE-943
            Reviews = await _reviews.Find(BsonDocument.Parse(query)).Limit(50).ToListAsync();
            return Page();
        }

        public IActionResult OnGetSnippet(string highlight)
        {
            var safeSlug = _html.Encode(RecipeSlug);
            var html = $"<div class=\"review-snippet\" data-recipe=\"{safeSlug}\"><mark>{highlight}</mark></div>";
            // expect: CWE-79
            return Content(html, "text/html");
        }

        public IActionResult OnGetTitle(string title)
        {
            return Content($"<h2 class=\"recipe-title\">{_html.Encode(title)}</h2>", "text/html");
        }

        public async Task<IActionResult> OnPostAsync(string body, int rating)
        {
            if (rating < 1 || rating > 5)
            {
                return BadRequest();
            }
            await _reviews.InsertOneAsync(new BsonDocument
            {
                { "recipe", RecipeSlug },
                { "author", User.Identity?.Name ?? "anonymous" },
                { "rating", rating },
                { "body", body },
                { "createdAt", DateTime.UtcNow },
            });

            Response.Cookies.Append("pantry_reviewed", RecipeSlug, new CookieOptions
            {
                Secure = true,
                HttpOnly = true,
                SameSite = SameSiteMode.Lax,
                Expires = DateTimeOffset.UtcNow.AddDays(30),
            });
            var prefs = new CookieOptions
            {
                Secure = true,
                SameSite = SameSiteMode.Lax,
                Expires = DateTimeOffset.UtcNow.AddYears(1),
            };
            // expect: CWE-1004
            Response.Cookies.Append("pantry_review_author", User.Identity?.Name ?? "anonymous", prefs);
            return RedirectToPage(new { RecipeSlug });
        }
    }
}
