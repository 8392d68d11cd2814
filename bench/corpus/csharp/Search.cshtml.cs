using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Microsoft.EntityFrameworkCore;
using Recipes.Web.Data;
using Recipes.Web.Models;

namespace Recipes.Web.Pages;

public class SearchModel : PageModel
{
    private readonly RecipesContext _context;

    public SearchModel(RecipesContext context)
    {
        _context = context;
    }

    [BindProperty(SupportsGet = true)]
    public string? Query { get; set; }

    [BindProperty(SupportsGet = true)]
    public string? Cuisine { get; set; }

    [BindProperty(SupportsGet = true)]
    public int MaxMinutes { get; set; } = 120;

    public IList<Recipe> Results { get; private set; } = new List<Recipe>();

    public async Task OnGetAsync()
    {
        IQueryable<Recipe> recipes = _context.Recipes.AsNoTracking();

        if (!string.IsNullOrWhiteSpace(Cuisine))
        {
            // expect: CWE-89
            recipes = _context.Recipes.FromSqlRaw($"SELECT * FROM Recipes WHERE Cuisine = '{Cuisine}'");
        }

        if (!string.IsNullOrWhiteSpace(Query))
        {
            recipes = recipes.Where(r => EF.Functions.Like(r.Title, $"%{Query}%"));
        }

        Results = await recipes.Where(r => r.TotalMinutes <= MaxMinutes)
                               .OrderBy(r => r.Title)
                               .Take(50)
                               .ToListAsync();
    }

    // Autocomplete: parameterised through FromSqlInterpolated
    public async Task<IActionResult> OnGetSuggestAsync(string prefix)
    {
        var titles = await _context.Recipes
            .FromSqlInterpolated($"SELECT TOP 10 * FROM Recipes WHERE Title LIKE {prefix + "%"}")
            .Select(r => r.Title)
            .ToListAsync();
        return new JsonResult(titles);
    }

    // Small HTML fragment used by the "no results" box via fetch()
    public IActionResult OnGetEmptyState(string term)
    {
        return new ContentResult
        {
            // expect: CWE-79
            Content = $"<div class=\"empty\">No recipes found for <em>{term}</em>. Try a shorter search.</div>",
            ContentType = "text/html",
        };
    }

    public async Task<IActionResult> OnPostSaveAsync(int recipeId)
    {
        var userId = User.FindFirst("sub")?.Value;
        if (userId is null)
        {
            return Challenge();
        }
        _context.SavedRecipes.Add(new SavedRecipe { RecipeId = recipeId, UserId = userId });
        await _context.SaveChangesAsync();

        string? back = Request.Query["next"];
        if (!string.IsNullOrEmpty(back))
        {
            // expect: CWE-601
            return Redirect(back);
        }
        return RedirectToPage("/Search", new { Query });
    }
}
