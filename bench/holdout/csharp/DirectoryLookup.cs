using System;
using System.Collections.Generic;
using System.DirectoryServices;
using System.DirectoryServices.Protocols;
using System.Net;
using System.Text;

namespace Intranet.Portal.Identity
{
    public sealed class DirectoryPerson
    {
        public string Login { get; set; }
        public string DisplayName { get; set; }
        public string Email { get; set; }
        public string Department { get; set; }
    }

    public sealed class DirectoryLookup : IDisposable
    {
        private const string LdapPath = "LDAP://dc01.corp.example.local/DC=corp,DC=example,DC=local";
        private const string BaseDn = "DC=corp,DC=example,DC=local";
        private const string BindUser = "CORP\\svc_portal";
        // expect: CWE-798
        private const string BindPassword = "P0rtal!Svc#2022";

        private readonly DirectoryEntry _root;
        private readonly LdapConnection _connection;

        public DirectoryLookup()
        {
            _root = new DirectoryEntry(LdapPath, BindUser, BindPassword, AuthenticationTypes.Secure);
            _connection = new LdapConnection(new LdapDirectoryIdentifier("dc01.corp.example.local", 636));
            _connection.SessionOptions.SecureSocketLayer = true;
            _connection.Credential = new NetworkCredential("svc_portal", BindPassword, "CORP");
            _connection.AuthType = AuthType.Negotiate;
        }

        public DirectoryPerson FindByLogin(string login)
        {
            using (var searcher = new DirectorySearcher(_root))
            {
                // expect: CWE-90
                searcher.Filter = "(&(objectClass=user)(sAMAccountName=" + login + "))";
                searcher.PropertiesToLoad.AddRange(new[] { "sAMAccountName", "displayName", "mail", "department" });
                var result = searcher.FindOne();
                return result == null ? null : Map(result);
            }
        }

        public DirectoryPerson FindByEmail(string email)
        {
            using (var searcher = new DirectorySearcher(_root))
            {
                searcher.Filter = "(&(objectClass=user)(mail=" + EscapeFilterValue(email) + "))";
                searcher.PropertiesToLoad.AddRange(new[] { "sAMAccountName", "displayName", "mail", "department" });
                var result = searcher.FindOne();
                return result == null ? null : Map(result);
            }
        }

        public IList<string> MembersOfDepartment(string department)
        {
            var filter = string.Format("(&(objectCategory=person)(department={0}))", department);
            // expect: CWE-90
            var request = new SearchRequest(BaseDn, filter, System.DirectoryServices.Protocols.SearchScope.Subtree, "sAMAccountName");
            request.SizeLimit = 500;
            var response = (SearchResponse)_connection.SendRequest(request);
            var logins = new List<string>();
            foreach (SearchResultEntry entry in response.Entries)
            {
                logins.Add(entry.Attributes["sAMAccountName"][0].ToString());
            }
            return logins;
        }

        public IList<string> GroupsFor(string login)
        {
            var filter = "(&(objectClass=group)(member=" + EscapeFilterValue(DnFor(login)) + "))";
            var request = new SearchRequest(BaseDn, filter, System.DirectoryServices.Protocols.SearchScope.Subtree, "cn");
            var response = (SearchResponse)_connection.SendRequest(request);
            var groups = new List<string>();
            foreach (SearchResultEntry entry in response.Entries)
            {
                groups.Add(entry.Attributes["cn"][0].ToString());
            }
            return groups;
        }

        private string DnFor(string login)
        {
            var person = FindByEmail(login + "@corp.example.com");
            return person == null ? string.Empty : "CN=" + person.DisplayName + ",OU=Staff," + BaseDn;
        }

        internal static string EscapeFilterValue(string value)
        {
            if (string.IsNullOrEmpty(value))
            {
                return string.Empty;
            }
            var sb = new StringBuilder(value.Length + 8);
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

        private static string Prop(SearchResult r, string name)
        {
            return r.Properties[name].Count > 0 ? r.Properties[name][0].ToString() : null;
        }

        private static DirectoryPerson Map(SearchResult r)
        {
            return new DirectoryPerson
            {
                Login = Prop(r, "sAMAccountName"),
                DisplayName = Prop(r, "displayName"),
                Email = Prop(r, "mail"),
                Department = Prop(r, "department")
            };
        }

        public void Dispose()
        {
            _root.Dispose();
            _connection.Dispose();
        }
    }
}
