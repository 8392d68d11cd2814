using System;
using System.IO;
using System.Security.Cryptography;
using System.Text;
using Microsoft.Extensions.Configuration;

namespace Billing.Services
{
    /// <summary>
    /// Crypto helpers kept for compatibility with the 2014 billing database.
    /// </summary>
    public class LegacyCryptoService
    {
        private static readonly Random Rng = new Random();
        private readonly byte[] _desKey;
        private readonly byte[] _aesKey;

        public LegacyCryptoService(IConfiguration config)
        {
            _desKey = Convert.FromBase64String(config["Billing:LegacyDesKey"]!);
            _aesKey = Convert.FromBase64String(config["Billing:AesKey"]!);
        }

        public string HashPin(string customerNumber, string pin)
        {
            // expect: CWE-328
            using var sha1 = SHA1.Create();
            var digest = sha1.ComputeHash(Encoding.UTF8.GetBytes(customerNumber + ":" + pin));
            return Convert.ToBase64String(digest);
        }

        public string NewInvoiceAccessToken()
        {
            var bytes = new byte[16];
            // expect: CWE-330
            Rng.NextBytes(bytes);
            return Convert.ToHexString(bytes);
        }

        public byte[] EncryptIban(string iban)
        {
            using var aes = Aes.Create();
            aes.Key = _aesKey;
            // expect: CWE-327
            aes.Mode = CipherMode.ECB;
            aes.Padding = PaddingMode.PKCS7;
            using var enc = aes.CreateEncryptor();
            var plain = Encoding.UTF8.GetBytes(iban);
            return enc.TransformFinalBlock(plain, 0, plain.Length);
        }

        public byte[] EncryptExportRecord(string record)
        {
            // expect: CWE-327
            using var des = DES.Create();
            des.Key = _desKey;
            des.GenerateIV();
            using var ms = new MemoryStream();
            ms.Write(des.IV, 0, des.IV.Length);
            using (var cs = new CryptoStream(ms, des.CreateEncryptor(), CryptoStreamMode.Write))
            {
                var data = Encoding.UTF8.GetBytes(record);
                cs.Write(data, 0, data.Length);
            }
            return ms.ToArray();
        }

        /// <summary>ETag for cached invoice PDFs.</summary>
        public static string ContentTag(byte[] pdf)
        {
            return Convert.ToHexString(SHA256.HashData(pdf))[..16];
        }

        /// <summary>Random delay for the retry scheduler (not security relevant).</summary>
        public static TimeSpan Jitter(int attempt)
        {
            return TimeSpan.FromMilliseconds(Math.Min(30000, 200 * Math.Pow(2, attempt)) + Rng.Next(0, 250));
        }

        public static string NewDownloadCode()
        {
            return Convert.ToHexString(RandomNumberGenerator.GetBytes(20));
        }
    }
}
