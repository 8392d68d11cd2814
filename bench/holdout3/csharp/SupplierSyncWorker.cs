using System;
using System.Net.Http;
using System.Net.Http.Json;
using System.Security.Cryptography;
using System.Text;
using System.Text.Json;
using System.Threading;
using System.Threading.Tasks;
using Azure.Messaging.ServiceBus;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

namespace Greenleaf.Procurement.Workers
{
    public sealed record SupplierCatalogNotice(string SupplierId, string CatalogUrl, string Format);

    public sealed class SupplierSyncWorker : BackgroundService
    {
        private static readonly Random Jitter = new();

        private readonly ServiceBusProcessor _processor;
        private readonly ICatalogRepository _catalogs;
        private readonly ILogger<SupplierSyncWorker> _log;
        private readonly HttpClient _edi;
        private readonly HttpClient _catalogClient;
        private readonly byte[] _archiveKey;

        public SupplierSyncWorker(ServiceBusClient bus, ICatalogRepository catalogs, IConfiguration config,
                                  IHttpClientFactory httpFactory, ILogger<SupplierSyncWorker> log)
        {
            _processor = bus.CreateProcessor(config["Procurement:SupplierQueue"], new ServiceBusProcessorOptions { MaxConcurrentCalls = 4 });
            _catalogs = catalogs;
            _log = log;
            _catalogClient = httpFactory.CreateClient("catalogs");
            _archiveKey = Convert.FromBase64String(config["Procurement:ArchiveKey"]!);

            var ediHandler = new HttpClientHandler
            {
                // expect: CWE-295
                ServerCertificateCustomValidationCallback = (message, cert, chain, errors) => true,
            };
            _edi = new HttpClient(ediHandler) { BaseAddress = new Uri(config["Procurement:EdiGateway"]!), Timeout = TimeSpan.FromSeconds(30) };
        }

        protected override async Task ExecuteAsync(CancellationToken stoppingToken)
        {
            _processor.ProcessMessageAsync += OnMessageAsync;
            _processor.ProcessErrorAsync += args =>
            {
                _log.LogError(args.Exception, "Service Bus error on {Entity}", args.EntityPath);
                return Task.CompletedTask;
            };
            await _processor.StartProcessingAsync(stoppingToken);
            try
            {
                await Task.Delay(Timeout.Infinite, stoppingToken);
            }
            catch (TaskCanceledException)
            {
            }
            await _processor.StopProcessingAsync();
        }

        private async Task OnMessageAsync(ProcessMessageEventArgs args)
        {
            var notice = JsonSerializer.Deserialize<SupplierCatalogNotice>(args.Message.Body.ToString());
            if (notice is null)
            {
                await args.DeadLetterMessageAsync(args.Message, "malformed");
                return;
            }

            // expect: CWE-918
            var catalog = await _catalogClient.GetStringAsync(notice.CatalogUrl, args.CancellationToken);
            await _catalogs.ReplaceAsync(notice.SupplierId, notice.Format, catalog, args.CancellationToken);

            var ack = new { supplierId = notice.SupplierId, receivedAt = DateTimeOffset.UtcNow, ackToken = NewAckToken() };
            await _edi.PostAsJsonAsync("/acks", ack, args.CancellationToken);
            await args.CompleteMessageAsync(args.Message);

            await Task.Delay(TimeSpan.FromMilliseconds(200 + Jitter.Next(800)), args.CancellationToken);
        }

        private static string NewAckToken()
        {
            var bytes = new byte[24];
            // expect: CWE-330
            Jitter.NextBytes(bytes);
            return Convert.ToBase64String(bytes);
        }

        public static string NewSupplierPortalPassword()
        {
            return Convert.ToBase64String(RandomNumberGenerator.GetBytes(18));
        }

        public byte[] SealForArchive(string catalogJson)
        {
            using var aes = Aes.Create();
            aes.Key = _archiveKey;
            // expect: CWE-327
            aes.Mode = CipherMode.ECB;
            aes.Padding = PaddingMode.PKCS7;
            using var enc = aes.CreateEncryptor();
            var plain = Encoding.UTF8.GetBytes(catalogJson);
            return enc.TransformFinalBlock(plain, 0, plain.Length);
        }

        public byte[] SealForTransfer(string catalogJson)
        {
            var nonce = RandomNumberGenerator.GetBytes(AesGcm.NonceByteSizes.MaxSize);
            var plain = Encoding.UTF8.GetBytes(catalogJson);
            var cipher = new byte[plain.Length];
            var tag = new byte[AesGcm.TagByteSizes.MaxSize];
            using var gcm = new AesGcm(_archiveKey, tag.Length);
            gcm.Encrypt(nonce, plain, cipher, tag);
            var output = new byte[nonce.Length + tag.Length + cipher.Length];
            Buffer.BlockCopy(nonce, 0, output, 0, nonce.Length);
            Buffer.BlockCopy(tag, 0, output, nonce.Length, tag.Length);
            Buffer.BlockCopy(cipher, 0, output, nonce.Length + tag.Length, cipher.Length);
            return output;
        }
    }
}
