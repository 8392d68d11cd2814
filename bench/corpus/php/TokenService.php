<?php

declare(strict_types=1);

namespace App\Security;

use PDO;
use RuntimeException;

/**
 * Passwords, remember-me tokens and field encryption for the member area.
 */
final class TokenService
{
    private string $encKey;

    public function __construct(private PDO $db)
    {
        $key = getenv('APP_ENCRYPTION_KEY');
        if ($key === false || strlen(base64_decode($key, true) ?: '') !== 32) {
            throw new RuntimeException('APP_ENCRYPTION_KEY must be 32 random bytes, base64 encoded');
        }
        $this->encKey = base64_decode($key, true);
    }

    public function hashPassword(string $password): string
    {
        return password_hash($password, PASSWORD_ARGON2ID);
    }

    public function verifyPassword(int $userId, string $password): bool
    {
        $stmt = $this->db->prepare('SELECT password_hash FROM users WHERE id = ?');
        $stmt->execute([$userId]);
        $hash = $stmt->fetchColumn();
        if (!is_string($hash) || !password_verify($password, $hash)) {
            return false;
        }
        if (password_needs_rehash($hash, PASSWORD_ARGON2ID)) {
            $this->db->prepare('UPDATE users SET password_hash = ? WHERE id = ?')
                ->execute([$this->hashPassword($password), $userId]);
        }
        return true;
    }

    public function issueRememberToken(int $userId): void
    {
        $selector = bin2hex(random_bytes(9));
        $validator = bin2hex(random_bytes(32));

        $this->db->prepare('INSERT INTO remember_tokens (user_id, selector, validator_hash, expires_at) VALUES (?, ?, ?, ?)')
            ->execute([$userId, $selector, hash('sha256', $validator), date('Y-m-d H:i:s', time() + 2592000)]);

        setcookie('remember', $selector . ':' . $validator, [
            'expires'  => time() + 2592000,
            'path'     => '/',
            'secure'   => true,
            'httponly' => true,
            'samesite' => 'Strict',
        ]);
    }

    public function checkRememberToken(string $cookie): ?int
    {
        [$selector, $validator] = array_pad(explode(':', $cookie, 2), 2, '');
        $stmt = $this->db->prepare('SELECT user_id, validator_hash FROM remember_tokens WHERE selector = ? AND expires_at > NOW()');
        $stmt->execute([$selector]);
        $row = $stmt->fetch(PDO::FETCH_ASSOC);
        if (!$row || !hash_equals($row['validator_hash'], hash('sha256', $validator))) {
            return null;
        }
        return (int)$row['user_id'];
    }

    public function newApiKey(): string
    {
        return 'sk_' . rtrim(strtr(base64_encode(random_bytes(24)), '+/', '-_'), '=');
    }

    public function otpCode(): string
    {
        return str_pad((string)random_int(0, 999999), 6, '0', STR_PAD_LEFT);
    }

    public function encrypt(string $plaintext): string
    {
        $iv = random_bytes(12);
        $tag = '';
        $ct = openssl_encrypt($plaintext, 'aes-256-gcm', $this->encKey, OPENSSL_RAW_DATA, $iv, $tag);
        return base64_encode($iv . $tag . $ct);
    }

    public function decrypt(string $encoded): ?string
    {
        $raw = base64_decode($encoded, true);
        if ($raw === false || strlen($raw) < 28) {
            return null;
        }
        $pt = openssl_decrypt(substr($raw, 28), 'aes-256-gcm', $this->encKey, OPENSSL_RAW_DATA, substr($raw, 0, 12), substr($raw, 12, 16));
        return $pt === false ? null : $pt;
    }

    public function etag(string $content): string
    {
        // Cache validator only
        return '"' . md5($content) . '"';
    }
}
