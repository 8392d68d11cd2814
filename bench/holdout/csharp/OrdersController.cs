using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Claims;
using System.Threading.Tasks;
using Dapper;
using Microsoft.AspNetCore.Authorization;
using Microsoft.AspNetCore.Html;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Data.SqlClient;
using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.Configuration;
using Shop.Web.Data;
using Shop.Web.Models;

namespace Shop.Web.Controllers
{
    [Authorize]
    [Route("orders")]
    public class OrdersController : Controller
    {
        private readonly ShopDbContext _db;
        private readonly string _connectionString;

        public OrdersController(ShopDbContext db, IConfiguration configuration)
        {
            _db = db;
            _connectionString = configuration.GetConnectionString("Shop");
        }

        private int CurrentCustomerId => int.Parse(User.FindFirstValue("customer_id"));

        [HttpGet("")]
        public async Task<IActionResult> Index(string status = "open", int page = 1)
        {
            var orders = await _db.Orders
                .Where(o => o.CustomerId == CurrentCustomerId && o.Status == status)
                .OrderByDescending(o => o.CreatedAt)
                .Skip((Math.Max(page, 1) - 1) * 25)
                .Take(25)
                .ToListAsync();
            return View(orders);
        }

        [HttpGet("search")]
        public async Task<IActionResult> Search(string q)
        {
            var term = (q ?? string.Empty).Trim();
            var sql = "SELECT * FROM Orders WHERE CustomerId = " + CurrentCustomerId +
                      " AND Reference LIKE '%" + term + "%' ORDER BY CreatedAt DESC";
            // expect: CWE-89
            var rows = await _db.Orders.FromSqlRaw(sql).ToListAsync();

            // expect: CWE-79
            ViewData["Heading"] = new HtmlString("Results for <strong>" + term + "</strong>");
            return View("Index", rows);
        }

        [HttpGet("by-sku")]
        public async Task<IActionResult> BySku(string sku)
        {
            var rows = await _db.Orders
                .FromSqlInterpolated($"SELECT * FROM Orders WHERE CustomerId = {CurrentCustomerId} AND Sku = {sku}")
                .ToListAsync();
            ViewData["Heading"] = "Orders containing " + sku;
            return View("Index", rows);
        }

        [HttpGet("report")]
        public async Task<IActionResult> Report(DateTime from, DateTime to, string groupBy)
        {
            var bucket = groupBy == "day" ? "CAST(CreatedAt AS date)" : "DATEFROMPARTS(YEAR(CreatedAt), MONTH(CreatedAt), 1)";
            var sql = $"SELECT {bucket} AS Bucket, SUM(Total) AS Total FROM Orders " +
                      "WHERE CustomerId = @customerId AND CreatedAt BETWEEN @from AND @to " +
                      $"GROUP BY {bucket} ORDER BY 1";
            using (var conn = new SqlConnection(_connectionString))
            {
                var data = await conn.QueryAsync<ReportRow>(sql, new { customerId = CurrentCustomerId, from, to });
                return Json(data);
            }
        }

        [HttpPost("{id:int}/notes")]
        [ValidateAntiForgeryToken]
        public async Task<IActionResult> AddNote(int id, [FromForm] string note)
        {
            var stamp = DateTime.UtcNow.ToString("u");
            var sql = "UPDATE Orders SET Notes = CONCAT(Notes, '\n" + stamp + " " + note + "') " +
                      "WHERE Id = " + id + " AND CustomerId = " + CurrentCustomerId;
            using (var conn = new SqlConnection(_connectionString))
            {
                // expect: CWE-89
                await conn.ExecuteAsync(sql);
            }
            return RedirectToAction(nameof(Index));
        }

        [HttpPost("{id:int}/cancel")]
        [ValidateAntiForgeryToken]
        public async Task<IActionResult> Cancel(int id, string returnUrl)
        {
            var order = await _db.Orders.SingleOrDefaultAsync(o => o.Id == id && o.CustomerId == CurrentCustomerId);
            if (order == null)
            {
                return NotFound();
            }
            order.Status = "cancelled";
            await _db.SaveChangesAsync();

            if (!string.IsNullOrEmpty(returnUrl))
            {
                // expect: CWE-601
                return Redirect(returnUrl);
            }
            return RedirectToAction(nameof(Index));
        }

        [HttpPost("{id:int}/reorder")]
        [ValidateAntiForgeryToken]
        public async Task<IActionResult> Reorder(int id, string returnUrl)
        {
            var order = await _db.Orders.AsNoTracking().SingleOrDefaultAsync(o => o.Id == id && o.CustomerId == CurrentCustomerId);
            if (order == null)
            {
                return NotFound();
            }
            _db.Orders.Add(order.CloneAsDraft());
            await _db.SaveChangesAsync();

            if (Url.IsLocalUrl(returnUrl))
            {
                return Redirect(returnUrl);
            }
            return LocalRedirect("/orders");
        }
    }
}
