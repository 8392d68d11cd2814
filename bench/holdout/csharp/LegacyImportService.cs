using System;
using System.Collections.Generic;
using System.IO;
using System.Runtime.Serialization.Formatters.Binary;
using System.Text.Json;
using System.Text.RegularExpressions;
using System.Threading.Tasks;
using System.Xml;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Newtonsoft.Json;

namespace Crm.Migration
{
    [Serializable]
    public class CustomerSnapshot
    {
        public string AccountNumber { get; set; }
        public string Name { get; set; }
        public List<string> Tags { get; set; } = new List<string>();
    }

    public class ImportSettings
    {
        public string Region { get; set; }
        public bool OverwriteExisting { get; set; }
        public object Extra { get; set; }
    }

    public class LegacyImportService
    {
        private static readonly Regex RegionCode = new Regex("^[A-Z]{2}-[0-9]{2}$", RegexOptions.Compiled);

        public CustomerSnapshot ReadSnapshot(Stream upload)
        {
            var formatter = new BinaryFormatter();
            // expect: CWE-502
            return (CustomerSnapshot)formatter.Deserialize(upload);
        }

        public ImportSettings ReadSettings(string json)
        {
            var settings = new JsonSerializerSettings { TypeNameHandling = TypeNameHandling.All };
            // expect: CWE-502
            return JsonConvert.DeserializeObject<ImportSettings>(json, settings);
        }

        public CustomerSnapshot ReadSnapshotJson(string json)
        {
            return System.Text.Json.JsonSerializer.Deserialize<CustomerSnapshot>(json);
        }

        public XmlDocument LoadManifest(Stream xml)
        {
            var doc = new XmlDocument { XmlResolver = new XmlUrlResolver() };
            // expect: CWE-611
            doc.Load(xml);
            return doc;
        }

        public XmlDocument LoadRegionTable(string path)
        {
            var settings = new XmlReaderSettings { DtdProcessing = DtdProcessing.Prohibit, XmlResolver = null };
            using (var reader = XmlReader.Create(path, settings))
            {
                var doc = new XmlDocument { XmlResolver = null };
                doc.Load(reader);
                return doc;
            }
        }

        public string FindAccountManager(XmlDocument manifest, string customerName)
        {
            // expect: CWE-643
            var node = manifest.SelectSingleNode("/manifest/customers/customer[@name='" + customerName + "']/manager");
            return node?.InnerText;
        }

        public string FindRegionOffice(XmlDocument regions, string region)
        {
            if (region == null || !RegionCode.IsMatch(region))
            {
                throw new ArgumentException("invalid region code", nameof(region));
            }
            var node = regions.SelectSingleNode("/regions/region[@code='" + region + "']/office");
            return node?.InnerText;
        }
    }

    [ApiController]
    [Route("api/migration")]
    public class MigrationController : ControllerBase
    {
        private readonly LegacyImportService _service;

        public MigrationController(LegacyImportService service)
        {
            _service = service;
        }

        [HttpPost("snapshot")]
        public IActionResult Snapshot(IFormFile file)
        {
            using (var stream = file.OpenReadStream())
            {
                var snapshot = _service.ReadSnapshot(stream);
                return Ok(new { snapshot.AccountNumber, snapshot.Name });
            }
        }

        [HttpPost("settings")]
        public async Task<IActionResult> Settings()
        {
            using (var reader = new StreamReader(Request.Body))
            {
                var body = await reader.ReadToEndAsync();
                var settings = _service.ReadSettings(body);
                return Ok(new { settings.Region, settings.OverwriteExisting });
            }
        }

        [HttpPost("manifest")]
        public IActionResult Manifest(IFormFile file, [FromQuery] string customer, [FromQuery] string region)
        {
            using (var stream = file.OpenReadStream())
            {
                var manifest = _service.LoadManifest(stream);
                var regions = _service.LoadRegionTable("/etc/crm/regions.xml");
                return Ok(new
                {
                    manager = _service.FindAccountManager(manifest, customer),
                    office = _service.FindRegionOffice(regions, region)
                });
            }
        }
    }
}
