using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.DirectoryServices;
using System.Linq;
using System.Net;
using System.Text;
using System.Text.Encodings.Web;
using System.Threading.Tasks;
using System.Xml;
using Microsoft.AspNetCore.Authorization;
using Microsoft.AspNetCore.Html;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Microsoft.Extensions.Options;

namespace Woodgrove.Intranet.Pages.People
{
    public sealed class DirectoryOptions
    {
        public string LdapPath { get; set; } = "LDAP://dc01.woodgrove.local/OU=Staff,DC=woodgrove,DC=local";
        public string OrgChartPath { get; set; } = "App_Data/orgchart.xml";
    }

    public sealed record PersonResult(string AccountName, string DisplayName, string Email, string Department);

    [Authorize]
    public class DirectoryModel : PageModel
    {
        private readonly DirectoryOptions _options;
        private readonly XmlDocument _orgChart;

        public DirectoryModel(IOptions<DirectoryOptions> options, XmlDocument orgChart)
        {
            _options = options.Value;
            _orgChart = orgChart;
        }

        [BindProperty(SupportsGet = true)]
        public string? Query { get; set; }

        public IList<PersonResult> People { get; private set; } = new List<PersonResult>();

        public IHtmlContent? Banner { get; private set; }

        public string? Manager { get; private set; }

        public string? DiagnosticsOutput { get; private set; }

        public void OnGet()
        {
            if (string.IsNullOrWhiteSpace(Query))
            {
                return;
            }
            using var root = new DirectoryEntry(_options.LdapPath);
            // expect: CWE-90
            using var searcher = new DirectorySearcher(root, $"(&(objectCategory=person)(|(sAMAccountName={Query})(displayName={Query}*)))");
            searcher.PropertiesToLoad.AddRange(new[] { "sAMAccountName", "displayName", "mail", "department" });
            searcher.SizeLimit = 50;
            foreach (SearchResult r in searcher.FindAll())
            {
                People.Add(new PersonResult(
                    Prop(r, "sAMAccountName"), Prop(r, "displayName"), Prop(r, "mail"), Prop(r, "department")));
            }
            // expect: CWE-79
            Banner = new HtmlString($"<div class=\"alert alert-info\">{People.Count} people match <strong>{Query}</strong></div>");
        }

        public IActionResult OnGetByAccount(string account)
        {
            using var root = new DirectoryEntry(_options.LdapPath);
            using var searcher = new DirectorySearcher(root)
            {
                Filter = $"(&(objectCategory=person)(sAMAccountName={EscapeLdap(account)}))",
                SizeLimit = 1
            };
            var result = searcher.FindOne();
            if (result is null)
            {
                return NotFound();
            }
            Banner = new HtmlString($"<div class=\"alert\">Profile for <strong>{HtmlEncoder.Default.Encode(account)}</strong></div>");
            People.Add(new PersonResult(Prop(result, "sAMAccountName"), Prop(result, "displayName"), Prop(result, "mail"), Prop(result, "department")));
            return Page();
        }

        public void OnGetManager(string email)
        {
            // expect: CWE-643
            var node = _orgChart.SelectSingleNode("/orgchart//employee[@email='" + email + "']/manager");
            Manager = node?.Attributes?["name"]?.Value ?? "Unknown";
        }

        public void OnGetTeam(int employeeId)
        {
            var nodes = _orgChart.SelectNodes($"/orgchart//employee[@id='{employeeId}']/reports/employee");
            if (nodes is null)
            {
                return;
            }
            foreach (XmlNode n in nodes)
            {
                People.Add(new PersonResult(n.Attributes?["account"]?.Value ?? "", n.Attributes?["name"]?.Value ?? "", n.Attributes?["email"]?.Value ?? "", ""));
            }
        }

        public async Task<IActionResult> OnPostTraceAsync(string host)
        {
            // expect: CWE-78
            using var proc = Process.Start(new ProcessStartInfo("/bin/bash", $"-c \"traceroute -m 12 -w 2 {host}\"") { RedirectStandardOutput = true, UseShellExecute = false })!;
            DiagnosticsOutput = await proc.StandardOutput.ReadToEndAsync();
            await proc.WaitForExitAsync();
            return Page();
        }

        public async Task<IActionResult> OnPostPingAsync(string host)
        {
            if (!IPAddress.TryParse(host, out _) && Uri.CheckHostName(host) != UriHostNameType.Dns)
            {
                ModelState.AddModelError(nameof(host), "Enter a host name or IP address");
                return Page();
            }
            var psi = new ProcessStartInfo("ping") { RedirectStandardOutput = true, UseShellExecute = false };
            psi.ArgumentList.Add("-c");
            psi.ArgumentList.Add("4");
            psi.ArgumentList.Add(host);
            using var proc = Process.Start(psi)!;
            DiagnosticsOutput = await proc.StandardOutput.ReadToEndAsync();
            await proc.WaitForExitAsync();
            return Page();
        }

        private static string Prop(SearchResult r, string name) =>
            r.Properties[name].Count > 0 ? r.Properties[name][0]?.ToString() ?? string.Empty : string.Empty;

        private static string EscapeLdap(string value)
        {
            var sb = new StringBuilder(value.Length);
            foreach (var c in value)
            {
                switch (c)
                {
                    case '\\': sb.Append("\\5c"); break;
                    case '*': sb.Append("\\2a"); break;
                    case '(': sb.Append("\\28"); break;
                    case ')': sb.Append("\\29"); break;
                    case '\0': sb.Append("\\00"); break;
                    default: sb.Append(c); break;
                }
            }
            return sb.ToString();
        }
    }
}
