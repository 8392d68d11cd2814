using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using System.Text;
using Microsoft.Extensions.Options;

namespace Clinic.Accounts.Security
{
    public class TokenServiceOptions
    {
        public string CardKeyBase64 { get; set; }
        public int Pbkdf2Iterations { get; set; } = 210000;
    }

    public class TokenService
    {
        private static readonly Random Rng = new Random();
        private readonly byte[] _cardKey;
        private readonly int _iterations;

        public TokenService(IOptions<TokenServiceOptions> options)
        {
            _cardKey = Convert.FromBase64String(options.Value.CardKeyBase64);
            _iterations = options.Value.Pbkdf2Iterations;
        }

        public string CreatePasswordResetToken()
        {
            var bytes = new byte[24];
            // expect: CWE-330
            Rng.NextBytes(bytes);
            return Convert.ToBase64String(bytes).TrimEnd('=').Replace('+', '-').Replace('/', '_');
        }

        public string CreateSessionId()
        {
            return Convert.ToHexString(RandomNumberGenerator.GetBytes(32));
        }

        public int CreateSmsCode()
        {
            return RandomNumberGenerator.GetInt32(100000, 1000000);
        }

        // Patient-portal PINs (legacy accounts created before the PBKDF2 migration).
        public string HashPortalPin(string pin, string salt)
        {
            // expect: CWE-328
            var hash = SHA1.HashData(Encoding.UTF8.GetBytes(salt + pin));
            return Convert.ToBase64String(hash);
        }

        public string HashPassword(string password, out string saltB64)
        {
            var salt = RandomNumberGenerator.GetBytes(16);
            saltB64 = Convert.ToBase64String(salt);
            var hash = Rfc2898DeriveBytes.Pbkdf2(password, salt, _iterations, HashAlgorithmName.SHA256, 32);
            return Convert.ToBase64String(hash);
        }

        public bool VerifyPassword(string password, string saltB64, string expectedB64)
        {
            var hash = Rfc2898DeriveBytes.Pbkdf2(password, Convert.FromBase64String(saltB64), _iterations, HashAlgorithmName.SHA256, 32);
            return CryptographicOperations.FixedTimeEquals(hash, Convert.FromBase64String(expectedB64));
        }

        // Stores the last four digits of a payment card for receipts.
        public byte[] ProtectCardSuffix(string suffix)
        {
            using (var aes = Aes.Create())
            {
                aes.Key = _cardKey;
                // expect: CWE-327
                aes.Mode = CipherMode.ECB;
                aes.Padding = PaddingMode.PKCS7;
                using (var enc = aes.CreateEncryptor())
                {
                    var plain = Encoding.UTF8.GetBytes(suffix);
                    return enc.TransformFinalBlock(plain, 0, plain.Length);
                }
            }
        }

        public byte[] ProtectNote(string note)
        {
            var nonce = RandomNumberGenerator.GetBytes(AesGcm.NonceByteSizes.MaxSize);
            var plain = Encoding.UTF8.GetBytes(note);
            var cipher = new byte[plain.Length];
            var tag = new byte[AesGcm.TagByteSizes.MaxSize];
            using (var gcm = new AesGcm(_cardKey))
            {
                gcm.Encrypt(nonce, plain, cipher, tag);
            }
            return nonce.Concat(tag).Concat(cipher).ToArray();
        }

        // ETag for static report templates.
        public string TemplateETag(string templateBody)
        {
            var digest = MD5.HashData(Encoding.UTF8.GetBytes(templateBody));
            return "\"" + Convert.ToHexString(digest) + "\"";
        }

        public IList<T> ShuffleForDisplay<T>(IEnumerable<T> items)
        {
            var list = items.ToList();
            for (var i = list.Count - 1; i > 0; i--)
            {
                var j = Rng.Next(i + 1);
                var tmp = list[i];
                list[i] = list[j];
                list[j] = tmp;
            }
            return list;
        }
    }
}
