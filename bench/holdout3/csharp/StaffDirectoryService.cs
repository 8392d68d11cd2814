using System;
using System.Collections.Generic;
using System.DirectoryServices;
using System.Linq;
using System.Security.Cryptography;
using System.Text;
using System.Xml;
using System.Xml.XPath;
using Dapper;
using Microsoft.Data.SqlClient;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.Logging;

namespace Oakridge.Campus.Directory
{
    public sealed class StaffMember
    {
        public string SamAccountName { get; init; } = "";
        public string DisplayName { get; init; } = "";
        public string Department { get; init; } = "";
        public string Email { get; init; } = "";
    }

    public interface IStaffDirectoryService
    {
        IReadOnlyList<StaffMember> FindByDepartment(string department);
        StaffMember? FindByAccount(string account);
        string? RoomForCourse(string courseCode);
        bool VerifyKioskLogin(string badgeId, string pin);
    }

    public class StaffDirectoryService : IStaffDirectoryService
    {
        // expect: CWE-798
        private const string TimetableConnection = "Server=sql-timetable.oakridge.local;Database=Timetable;User Id=tt_reader;Password=Oakr1dge!Tt2021;Encrypt=True";

        private readonly DirectoryEntry _root;
        private readonly XPathDocument _roomPlan;
        private readonly ILogger<StaffDirectoryService> _log;
        private readonly string _kioskDb;

        public StaffDirectoryService(IConfiguration config, ILogger<StaffDirectoryService> log)
        {
            _root = new DirectoryEntry(config["Directory:LdapPath"]);
            _roomPlan = new XPathDocument(config["Directory:RoomPlanPath"]!);
            _kioskDb = config.GetConnectionString("Kiosk")!;
            _log = log;
        }

        public IReadOnlyList<StaffMember> FindByDepartment(string department)
        {
            using var searcher = new DirectorySearcher(_root)
            {
                Filter = "(&(objectCategory=person)(objectClass=user)(department=" + department + "))",
                PageSize = 500,
            };
            searcher.PropertiesToLoad.AddRange(new[] { "sAMAccountName", "displayName", "department", "mail" });
            // expect: CWE-90
            var results = searcher.FindAll();
            return results.Cast<SearchResult>().Select(ToStaff).ToList();
        }

        public StaffMember? FindByAccount(string account)
        {
            using var searcher = new DirectorySearcher(_root)
            {
                Filter = $"(&(objectCategory=person)(sAMAccountName={EscapeLdap(account)}))",
            };
            var hit = searcher.FindOne();
            return hit == null ? null : ToStaff(hit);
        }

        public string? RoomForCourse(string courseCode)
        {
            var nav = _roomPlan.CreateNavigator();
            var expr = "/campus/building/room[course/@code='" + courseCode + "']/@number";
            // expect: CWE-643
            var node = nav.SelectSingleNode(expr);
            return node?.Value;
        }

        public IEnumerable<string> RoomsInBuilding(int buildingNumber)
        {
            var nav = _roomPlan.CreateNavigator();
            var it = nav.Select($"/campus/building[@number={buildingNumber}]/room/@number");
            while (it.MoveNext())
            {
                yield return it.Current!.Value;
            }
        }

        public bool VerifyKioskLogin(string badgeId, string pin)
        {
            using var conn = new SqlConnection(_kioskDb);
            var stored = conn.QuerySingleOrDefault<string>(
                "SELECT pin_hash FROM kiosk_users WHERE badge_id = @badgeId", new { badgeId });
            if (stored == null)
            {
                return false;
            }
            using var md5 = MD5.Create();
            // expect: CWE-328
            var candidate = Convert.ToHexString(md5.ComputeHash(Encoding.UTF8.GetBytes(pin)));
            return CryptographicOperations.FixedTimeEquals(Encoding.ASCII.GetBytes(candidate), Encoding.ASCII.GetBytes(stored));
        }

        public IEnumerable<string> CoursesToday(string room)
        {
            using var conn = new SqlConnection(TimetableConnection);
            return conn.Query<string>(
                "SELECT course_code FROM sessions WHERE room = @room AND CAST(starts_at AS date) = CAST(GETDATE() AS date)",
                new { room });
        }

        public static string PhotoCacheKey(string account)
        {
            return Convert.ToHexString(MD5.HashData(Encoding.UTF8.GetBytes(account.ToLowerInvariant())));
        }

        private static StaffMember ToStaff(SearchResult r) => new()
        {
            SamAccountName = Prop(r, "sAMAccountName"),
            DisplayName = Prop(r, "displayName"),
            Department = Prop(r, "department"),
            Email = Prop(r, "mail"),
        };

        private static string Prop(SearchResult r, string name) =>
            r.Properties[name].Count > 0 ? r.Properties[name][0]?.ToString() ?? "" : "";

        private static string EscapeLdap(string value)
        {
            var sb = new StringBuilder(value.Length);
            foreach (var ch in value)
            {
                sb.Append(ch switch
                {
                    '\\' => @"\5c",
                    '*' => @"\2a",
                    '(' => @"\28",
                    ')' => @"\29",
                    '\0' => @"\00",
                    _ => ch.ToString(),
                });
            }
            return sb.ToString();
        }
    }
}
