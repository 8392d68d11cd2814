using System;
using System.Security.Cryptography;
using System.Text;

namespace Identity.Core.Security
{
    /// <summary>
    /// Password hashing, token generation and field-level encryption.
    /// </summary>
    public sealed class CredentialService
    {
        private const int SaltSize = 16;
        private const int KeySize = 32;
        private const int Iterations = 310_000;
        private readonly byte[] _fieldKey;

        public CredentialService(byte[] fieldKey)
        {
            if (fieldKey is null || fieldKey.Length != 32)
            {
                throw new ArgumentException("Field key must be 256 bits (load it from Key Vault).", nameof(fieldKey));
            }
            _fieldKey = fieldKey;
        }

        public static CredentialService FromEnvironment()
        {
            var b64 = Environment.GetEnvironmentVariable("IDENTITY_FIELD_KEY")
                      ?? throw new InvalidOperationException("IDENTITY_FIELD_KEY is not set");
            return new CredentialService(Convert.FromBase64String(b64));
        }

        public string HashPassword(string password)
        {
            var salt = RandomNumberGenerator.GetBytes(SaltSize);
            var key = Rfc2898DeriveBytes.Pbkdf2(password, salt, Iterations, HashAlgorithmName.SHA256, KeySize);
            return $"pbkdf2-sha256${Iterations}${Convert.ToBase64String(salt)}${Convert.ToBase64String(key)}";
        }

        public bool VerifyPassword(string password, string stored)
        {
            var parts = stored.Split('$');
            if (parts.Length != 4 || parts[0] != "pbkdf2-sha256" || !int.TryParse(parts[1], out var iterations))
            {
                return false;
            }
            var salt = Convert.FromBase64String(parts[2]);
            var expected = Convert.FromBase64String(parts[3]);
            var actual = Rfc2898DeriveBytes.Pbkdf2(password, salt, iterations, HashAlgorithmName.SHA256, expected.Length);
            return CryptographicOperations.FixedTimeEquals(actual, expected);
        }

        public static string NewRefreshToken() =>
            Convert.ToBase64String(RandomNumberGenerator.GetBytes(48)).TrimEnd('=').Replace('+', '-').Replace('/', '_');

        public static string NewOtp() => RandomNumberGenerator.GetInt32(0, 1_000_000).ToString("D6");

        /// <summary>Stored form of a refresh token (lookup by hash, never by plaintext).</summary>
        public static string TokenDigest(string token) =>
            Convert.ToHexString(SHA256.HashData(Encoding.UTF8.GetBytes(token)));

        public byte[] Encrypt(string plaintext, string associatedData)
        {
            var nonce = RandomNumberGenerator.GetBytes(AesGcm.NonceByteSizes.MaxSize);
            var plain = Encoding.UTF8.GetBytes(plaintext);
            var cipher = new byte[plain.Length];
            var tag = new byte[AesGcm.TagByteSizes.MaxSize];

            using var aes = new AesGcm(_fieldKey, tag.Length);
            aes.Encrypt(nonce, plain, cipher, tag, Encoding.UTF8.GetBytes(associatedData));

            var output = new byte[nonce.Length + tag.Length + cipher.Length];
            Buffer.BlockCopy(nonce, 0, output, 0, nonce.Length);
            Buffer.BlockCopy(tag, 0, output, nonce.Length, tag.Length);
            Buffer.BlockCopy(cipher, 0, output, nonce.Length + tag.Length, cipher.Length);
            return output;
        }

        public string Decrypt(byte[] payload, string associatedData)
        {
            const int nonceSize = 12, tagSize = 16;
            if (payload.Length < nonceSize + tagSize)
            {
                throw new CryptographicException("payload too short");
            }
            var nonce = payload.AsSpan(0, nonceSize);
            var tag = payload.AsSpan(nonceSize, tagSize);
            var cipher = payload.AsSpan(nonceSize + tagSize);
            var plain = new byte[cipher.Length];

            using var aes = new AesGcm(_fieldKey, tagSize);
            aes.Decrypt(nonce, cipher, tag, plain, Encoding.UTF8.GetBytes(associatedData));
            return Encoding.UTF8.GetString(plain);
        }

        /// <summary>Picks a random avatar colour for new users (cosmetic).</summary>
        public static string AvatarColor()
        {
            string[] colors = { "#1abc9c", "#3498db", "#9b59b6", "#e67e22", "#e74c3c" };
            return colors[Random.Shared.Next(colors.Length)];
        }
    }
}
