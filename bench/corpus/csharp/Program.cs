using System.IdentityModel.Tokens.Jwt;
using System.Security.Claims;
using System.Text;
using Microsoft.AspNetCore.Authentication.JwtBearer;
using Microsoft.IdentityModel.Tokens;

var builder = WebApplication.CreateBuilder(args);

// expect: CWE-798
const string JwtSigningKey = "q9v$Lr2!xT7#kP4@mZ8&wN3^bH6*cJ1%";

builder.Services.AddHttpClient("preview", client =>
{
    client.Timeout = TimeSpan.FromSeconds(5);
    client.DefaultRequestHeaders.UserAgent.ParseAdd("LinkPreviewBot/1.0");
}).ConfigurePrimaryHttpMessageHandler(() => new HttpClientHandler
{
    // expect: CWE-295
    ServerCertificateCustomValidationCallback = (message, cert, chain, errors) => true,
});

builder.Services.AddHttpClient("weather", client =>
{
    client.BaseAddress = new Uri("https://api.weather.example.com/");
});

builder.Services.AddAuthentication(JwtBearerDefaults.AuthenticationScheme)
    .AddJwtBearer(o =>
    {
        o.TokenValidationParameters = new TokenValidationParameters
        {
            ValidIssuer = "links.example.com",
            ValidAudience = "links.example.com",
            IssuerSigningKey = new SymmetricSecurityKey(Encoding.UTF8.GetBytes(JwtSigningKey)),
        };
    });
builder.Services.AddAuthorization();

var app = builder.Build();

// expect: CWE-489
app.UseDeveloperExceptionPage();

app.UseAuthentication();
app.UseAuthorization();

app.MapPost("/token", (LoginRequest login, IConfiguration config) =>
{
    if (login.ApiKey != config["Clients:Mobile:ApiKey"])
    {
        return Results.Unauthorized();
    }
    var token = new JwtSecurityToken(
        issuer: "links.example.com",
        audience: "links.example.com",
        claims: new[] { new Claim("client", "mobile") },
        expires: DateTime.UtcNow.AddHours(1),
        signingCredentials: new SigningCredentials(
            new SymmetricSecurityKey(Encoding.UTF8.GetBytes(JwtSigningKey)), SecurityAlgorithms.HmacSha256));
    return Results.Ok(new { token = new JwtSecurityTokenHandler().WriteToken(token) });
});

// GET /preview?url=https://example.com/article  -> title and description of the page
app.MapGet("/preview", async (string url, IHttpClientFactory factory) =>
{
    var client = factory.CreateClient("preview");
    // expect: CWE-918
    var html = await client.GetStringAsync(url);
    var title = System.Text.RegularExpressions.Regex.Match(html, "<title>(.*?)</title>").Groups[1].Value;
    return Results.Ok(new { url, title });
}).RequireAuthorization();

// GET /weather/{city}  -> fixed upstream host, city is a path segment
app.MapGet("/weather/{city}", async (string city, IHttpClientFactory factory) =>
{
    var client = factory.CreateClient("weather");
    var json = await client.GetStringAsync($"v1/current?city={Uri.EscapeDataString(city)}");
    return Results.Content(json, "application/json");
});

app.MapGet("/healthz", () => Results.Ok("ok"));

app.Run();

record LoginRequest(string ApiKey);
