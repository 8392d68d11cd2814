using System;
using System.Net.Http;
using System.Security.Cryptography;
using System.Text.Encodings.Web;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;

namespace HookBridge
{
    public interface IUserStore
    {
        Task<string> VerifyAsync(string login, string password);
    }

    public static class Program
    {
        public static void Main(string[] args)
        {
            var builder = WebApplication.CreateBuilder(args);

            builder.Services.AddHttpClient("hooks")
                .ConfigurePrimaryHttpMessageHandler(() => new HttpClientHandler
                {
                    // expect: CWE-295
                    ServerCertificateCustomValidationCallback = (message, cert, chain, errors) => true
                });
            builder.Services.AddHttpClient("catalog", c => c.BaseAddress = new Uri("https://catalog.internal.example.com/"));
            builder.Services.AddSingleton<IUserStore, SqlUserStore>();

            var app = builder.Build();

            // expect: CWE-489
            app.UseDeveloperExceptionPage();
            app.UseHsts();
            app.UseHttpsRedirection();

            app.MapGet("/fetch", async (string url, IHttpClientFactory factory) =>
            {
                var client = factory.CreateClient("hooks");
                // expect: CWE-918
                var body = await client.GetStringAsync(url);
                return Results.Text(body, "text/plain");
            });

            app.MapGet("/catalog/{sku}", async (string sku, IHttpClientFactory factory) =>
            {
                var client = factory.CreateClient("catalog");
                var response = await client.GetAsync("api/items/" + Uri.EscapeDataString(sku));
                if (!response.IsSuccessStatusCode)
                {
                    return Results.NotFound();
                }
                return Results.Text(await response.Content.ReadAsStringAsync(), "application/json");
            });

            app.MapGet("/greet", (HttpContext ctx) =>
            {
                var name = ctx.Request.Query["name"].ToString();
                var html = "<html><body><h1>Hello " + name + "</h1></body></html>";
                // expect: CWE-79
                return Results.Content(html, "text/html");
            });

            app.MapGet("/welcome", (HttpContext ctx) =>
            {
                var name = HtmlEncoder.Default.Encode(ctx.Request.Query["name"].ToString());
                return Results.Content("<html><body><h1>Welcome " + name + "</h1></body></html>", "text/html");
            });

            app.MapPost("/login", async (HttpContext ctx, IUserStore users) =>
            {
                var form = await ctx.Request.ReadFormAsync();
                var userId = await users.VerifyAsync(form["login"], form["password"]);
                if (userId == null)
                {
                    return Results.Unauthorized();
                }

                var token = Convert.ToBase64String(RandomNumberGenerator.GetBytes(32));
                var refresh = Convert.ToBase64String(RandomNumberGenerator.GetBytes(48));
                // expect: CWE-614
                ctx.Response.Cookies.Append("auth", token, new CookieOptions { HttpOnly = true, SameSite = SameSiteMode.Lax });
                // expect: CWE-1004
                ctx.Response.Cookies.Append("refresh", refresh, new CookieOptions { Secure = true, HttpOnly = false, SameSite = SameSiteMode.Strict, Path = "/token" });
                ctx.Response.Cookies.Append("ui-theme", form["theme"].ToString() == "dark" ? "dark" : "light", new CookieOptions { Secure = true, SameSite = SameSiteMode.Lax });
                return Results.Ok(new { userId });
            });

            app.MapPost("/logout", (HttpContext ctx) =>
            {
                ctx.Response.Cookies.Delete("auth");
                ctx.Response.Cookies.Delete("refresh", new CookieOptions { Path = "/token", Secure = true, HttpOnly = true });
                return Results.NoContent();
            });

            app.Run();
        }
    }

    internal sealed class SqlUserStore : IUserStore
    {
        public Task<string> VerifyAsync(string login, string password)
        {
            // Real implementation lives in HookBridge.Data; stubbed for local runs.
            return Task.FromResult<string>(null);
        }
    }
}
