using System;
using System.Collections.Generic;
using System.IO;
using System.Runtime.Serialization.Formatters.Binary;
using System.Text.Json;
using System.Threading.Tasks;
using System.Xml;
using Microsoft.AspNetCore.Authorization;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.Logging;
using Newtonsoft.Json;
using Fabrikam.Crm.Domain;
using Fabrikam.Crm.Services;

namespace Fabrikam.Crm.Api.Controllers
{
    [ApiController]
    [Authorize(Roles = "ImportAdmin")]
    [Route("api/import")]
    public class LegacyImportController : ControllerBase
    {
        private static readonly JsonSerializerOptions StrictJson = new()
        {
            PropertyNameCaseInsensitive = true,
            MaxDepth = 32
        };

        private readonly IContactImporter _importer;
        private readonly ILogger<LegacyImportController> _logger;

        public LegacyImportController(IContactImporter importer, ILogger<LegacyImportController> logger)
        {
            _importer = importer;
            _logger = logger;
        }

        [HttpPost("desktop-export")]
        [RequestSizeLimit(50_000_000)]
        public async Task<IActionResult> ImportDesktopExport(IFormFile export)
        {
            await using var stream = export.OpenReadStream();
            var formatter = new BinaryFormatter();
#pragma warning disable SYSLIB0011
            // expect: CWE-502
            var batch = (ContactBatch)formatter.Deserialize(stream);
#pragma warning restore SYSLIB0011
            var result = await _importer.ImportAsync(batch.Contacts, batch.SourceSystem);
            _logger.LogInformation("Imported {Count} contacts from desktop export", result.Imported);
            return Ok(result);
        }

        [HttpPost("sync-queue")]
        public async Task<IActionResult> ImportSyncQueue()
        {
            using var reader = new StreamReader(Request.Body);
            var payload = await reader.ReadToEndAsync();
            var settings = new JsonSerializerSettings
            {
                TypeNameHandling = TypeNameHandling.Auto,
                MissingMemberHandling = MissingMemberHandling.Ignore
            };
            // expect: CWE-502
            var envelope = JsonConvert.DeserializeObject<SyncEnvelope>(payload, settings);
            if (envelope?.Items is null)
            {
                return BadRequest();
            }
            var result = await _importer.ApplySyncAsync(envelope.Items);
            return Ok(result);
        }

        [HttpPost("contacts")]
        public async Task<IActionResult> ImportContacts()
        {
            var batch = await System.Text.Json.JsonSerializer.DeserializeAsync<ContactBatch>(Request.Body, StrictJson);
            if (batch?.Contacts is null || batch.Contacts.Count == 0)
            {
                return BadRequest("No contacts in payload");
            }
            return Ok(await _importer.ImportAsync(batch.Contacts, batch.SourceSystem ?? "api"));
        }

        [HttpPost("outlook-xml")]
        public async Task<IActionResult> ImportOutlookXml(IFormFile file)
        {
            await using var stream = file.OpenReadStream();
            var doc = new XmlDocument { XmlResolver = new XmlUrlResolver() };
            // expect: CWE-611
            doc.Load(stream);
            var contacts = new List<Contact>();
            foreach (XmlNode node in doc.SelectNodes("//contact")!)
            {
                contacts.Add(new Contact
                {
                    DisplayName = node["name"]?.InnerText ?? string.Empty,
                    Email = node["email"]?.InnerText ?? string.Empty,
                    Company = node["company"]?.InnerText
                });
            }
            return Ok(await _importer.ImportAsync(contacts, "outlook"));
        }

        [HttpPost("vcard-xml")]
        public async Task<IActionResult> ImportVcardXml(IFormFile file)
        {
            var settings = new XmlReaderSettings
            {
                DtdProcessing = DtdProcessing.Prohibit,
                XmlResolver = null,
                MaxCharactersInDocument = 20_000_000,
                IgnoreComments = true
            };
            await using var stream = file.OpenReadStream();
            using var reader = XmlReader.Create(stream, settings);
            var contacts = new List<Contact>();
            while (reader.ReadToFollowing("vcard"))
            {
                using var sub = reader.ReadSubtree();
                var card = new XmlDocument { XmlResolver = null };
                card.Load(sub);
                contacts.Add(new Contact
                {
                    DisplayName = card.SelectSingleNode("//fn/text")?.InnerText ?? string.Empty,
                    Email = card.SelectSingleNode("//email/text")?.InnerText ?? string.Empty
                });
            }
            return Ok(await _importer.ImportAsync(contacts, "vcard"));
        }
    }

    public sealed class SyncEnvelope
    {
        public string? Device { get; set; }
        public DateTimeOffset QueuedAt { get; set; }
        public List<object>? Items { get; set; }
    }
}
