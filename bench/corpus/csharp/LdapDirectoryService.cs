using System;
using System.Collections.Generic;
using System.DirectoryServices;
using System.DirectoryServices.Protocols;
using System.Net;
using System.Text;

namespace HelpDesk.Infrastructure.Directory
{
    /// <summary>
    /// Active Directory lookups for the help desk portal (user search, group
    /// membership checks when a ticket is assigned).
    /// </summary>
    public class LdapDirectoryService : IDirectoryService
    {
        private const string LdapPath = "LDAP://dc01.corp.contoso.local/OU=Users,DC=corp,DC=contoso,DC=local";
        private const string ServiceAccount = "CORP\\svc-helpdesk";
        // expect: CWE-798
        private const string ServicePassword = "H3lpD3sk!Svc#2022";

        public IReadOnlyList<DirectoryUser> Search(string text)
        {
            using var root = new DirectoryEntry(LdapPath, ServiceAccount, ServicePassword);
            using var searcher = new DirectorySearcher(root)
            {
                Filter = "(&(objectCategory=person)(|(displayName=*" + text + "*)(mail=*" + text + "*)))",
                SizeLimit = 50,
            };
            searcher.PropertiesToLoad.AddRange(new[] { "displayName", "mail", "sAMAccountName", "department" });

            var users = new List<DirectoryUser>();
            // expect: CWE-90
            foreach (SearchResult r in searcher.FindAll())
            {
                users.Add(new DirectoryUser(
                    Get(r, "sAMAccountName"), Get(r, "displayName"), Get(r, "mail"), Get(r, "department")));
            }
            return users;
        }

        public DirectoryUser? FindByAccountName(string accountName)
        {
            using var root = new DirectoryEntry(LdapPath, ServiceAccount, ServicePassword);
            using var searcher = new DirectorySearcher(root)
            {
                Filter = $"(&(objectCategory=person)(sAMAccountName={EscapeFilter(accountName)}))",
            };
            var r = searcher.FindOne();
            return r == null ? null : new DirectoryUser(Get(r, "sAMAccountName"), Get(r, "displayName"), Get(r, "mail"), Get(r, "department"));
        }

        public bool IsMemberOf(string accountName, string groupCn)
        {
            var identifier = new LdapDirectoryIdentifier("dc01.corp.contoso.local", 636);
            using var conn = new LdapConnection(identifier, new NetworkCredential("svc-helpdesk", ServicePassword, "CORP"));
            conn.SessionOptions.SecureSocketLayer = true;
            conn.Bind();

            var filter = $"(&(sAMAccountName={accountName})(memberOf=CN={groupCn},OU=Groups,DC=corp,DC=contoso,DC=local))";
            var request = new SearchRequest("DC=corp,DC=contoso,DC=local", filter, System.DirectoryServices.Protocols.SearchScope.Subtree, "cn");
            // expect: CWE-90
            var response = (SearchResponse)conn.SendRequest(request);
            return response.Entries.Count > 0;
        }

        /// <summary>RFC 4515 escaping for values placed in a search filter.</summary>
        private static string EscapeFilter(string value)
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

        private static string Get(SearchResult r, string prop) =>
            r.Properties[prop].Count > 0 ? r.Properties[prop][0]?.ToString() ?? "" : "";
    }

    public record DirectoryUser(string AccountName, string DisplayName, string Email, string Department);

    public interface IDirectoryService
    {
        IReadOnlyList<DirectoryUser> Search(string text);
        DirectoryUser? FindByAccountName(string accountName);
        bool IsMemberOf(string accountName, string groupCn);
    }
}
