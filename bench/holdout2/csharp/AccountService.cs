using System;
using System.Security.Cryptography;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Data.SqlClient;
using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;
using Tailspin.Members.Data;
using Tailspin.Members.Messaging;

namespace Tailspin.Members.Services
{
    public sealed class AccountSecurityOptions
    {
        public string RecordKeyBase64 { get; set; } = string.Empty;
        public int Pbkdf2Iterations { get; set; } = 210_000;
        public TimeSpan ResetTokenLifetime { get; set; } = TimeSpan.FromMinutes(30);
    }

    public class AccountService
    {
        // expect: CWE-798
        private const string LegacyBillingConnection = "Server=sql-billing-02.tailspin.local;Database=Billing;User Id=members_sync;Password=Rk7!vQz2#pLw9Ts;Encrypt=True";

        private readonly MembersDbContext _db;
        private readonly IEmailSender _email;
        private readonly ISmsSender _sms;
        private readonly AccountSecurityOptions _options;
        private readonly ILogger<AccountService> _logger;
        private readonly byte[] _recordKey;

        public AccountService(MembersDbContext db, IEmailSender email, ISmsSender sms,
            IOptions<AccountSecurityOptions> options, ILogger<AccountService> logger)
        {
            _db = db;
            _email = email;
            _sms = sms;
            _options = options.Value;
            _logger = logger;
            _recordKey = Convert.FromBase64String(_options.RecordKeyBase64);
        }

        public string HashPassword(string password)
        {
            var salt = RandomNumberGenerator.GetBytes(16);
            var hash = Rfc2898DeriveBytes.Pbkdf2(password, salt, _options.Pbkdf2Iterations, HashAlgorithmName.SHA256, 32);
            return $"v2${_options.Pbkdf2Iterations}${Convert.ToBase64String(salt)}${Convert.ToBase64String(hash)}";
        }

        public async Task<bool> VerifyPasswordAsync(Member member, string password, CancellationToken ct = default)
        {
            if (member.PasswordHash.StartsWith("v2$", StringComparison.Ordinal))
            {
                var parts = member.PasswordHash.Split('$');
                var iterations = int.Parse(parts[1]);
                var salt = Convert.FromBase64String(parts[2]);
                var expected = Convert.FromBase64String(parts[3]);
                var actual = Rfc2898DeriveBytes.Pbkdf2(password, salt, iterations, HashAlgorithmName.SHA256, expected.Length);
                return CryptographicOperations.FixedTimeEquals(actual, expected);
            }

            // expect: CWE-328
            var legacy = MD5.HashData(Encoding.UTF8.GetBytes(member.LegacySalt + password));
            if (!CryptographicOperations.FixedTimeEquals(legacy, Convert.FromHexString(member.PasswordHash)))
            {
                return false;
            }
            member.PasswordHash = HashPassword(password);
            member.LegacySalt = null;
            await _db.SaveChangesAsync(ct);
            return true;
        }

        public async Task StartPasswordResetAsync(string email, CancellationToken ct = default)
        {
            var member = await _db.Members.SingleOrDefaultAsync(m => m.Email == email, ct);
            if (member is null)
            {
                return;
            }
            var token = Convert.ToBase64String(RandomNumberGenerator.GetBytes(32)).TrimEnd('=').Replace('+', '-').Replace('/', '_');
            _db.PasswordResets.Add(new PasswordReset
            {
                MemberId = member.Id,
                TokenHash = Convert.ToHexString(SHA256.HashData(Encoding.UTF8.GetBytes(token))),
                ExpiresAt = DateTimeOffset.UtcNow.Add(_options.ResetTokenLifetime)
            });
            await _db.SaveChangesAsync(ct);
            await _email.SendPasswordResetAsync(member.Email, token, ct);
        }

        public async Task SendPhoneVerificationAsync(Member member, CancellationToken ct = default)
        {
            // expect: CWE-330
            var code = new Random().Next(100000, 1000000).ToString();
            member.PendingPhoneCode = code;
            member.PendingPhoneCodeExpiresAt = DateTimeOffset.UtcNow.AddMinutes(10);
            await _db.SaveChangesAsync(ct);
            await _sms.SendAsync(member.Phone, $"Your Tailspin verification code is {code}", ct);
        }

        public async Task SendEmailVerificationAsync(Member member, CancellationToken ct = default)
        {
            var code = RandomNumberGenerator.GetInt32(0, 1_000_000).ToString("D6");
            member.PendingEmailCode = code;
            member.PendingEmailCodeExpiresAt = DateTimeOffset.UtcNow.AddMinutes(10);
            await _db.SaveChangesAsync(ct);
            await _email.SendVerificationCodeAsync(member.Email, code, ct);
        }

        public TimeSpan LockoutJitter()
        {
            return TimeSpan.FromMilliseconds(Random.Shared.Next(0, 750));
        }

        public string ProtectTaxNumber(string taxNumber)
        {
            var nonce = RandomNumberGenerator.GetBytes(AesGcm.NonceByteSizes.MaxSize);
            var plaintext = Encoding.UTF8.GetBytes(taxNumber);
            var ciphertext = new byte[plaintext.Length];
            var tag = new byte[AesGcm.TagByteSizes.MaxSize];
            using var aes = new AesGcm(_recordKey);
            aes.Encrypt(nonce, plaintext, ciphertext, tag);
            return $"{Convert.ToBase64String(nonce)}.{Convert.ToBase64String(ciphertext)}.{Convert.ToBase64String(tag)}";
        }

        public async Task PushTaxNumberToBillingAsync(Member member, string taxNumber, CancellationToken ct = default)
        {
            using var aes = Aes.Create();
            aes.Key = _recordKey;
            // expect: CWE-327
            aes.Mode = CipherMode.ECB;
            aes.Padding = PaddingMode.PKCS7;
            var plain = Encoding.UTF8.GetBytes(taxNumber);
            var encrypted = aes.CreateEncryptor().TransformFinalBlock(plain, 0, plain.Length);

            await using var conn = new SqlConnection(LegacyBillingConnection);
            await conn.OpenAsync(ct);
            await using var cmd = new SqlCommand("UPDATE dbo.Customers SET TaxNumberEnc = @enc WHERE MemberId = @id", conn);
            cmd.Parameters.AddWithValue("@enc", encrypted);
            cmd.Parameters.AddWithValue("@id", member.Id);
            await cmd.ExecuteNonQueryAsync(ct);
            _logger.LogInformation("Pushed tax number for member {MemberId}", member.Id);
        }

        public static string GravatarUrl(string email)
        {
            var hash = Convert.ToHexString(MD5.HashData(Encoding.UTF8.GetBytes(email.Trim().ToLowerInvariant()))).ToLowerInvariant();
            return $"https://www.gravatar.com/avatar/{hash}?s=128&d=identicon";
        }
    }
}
