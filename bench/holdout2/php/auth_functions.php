<?php
declare(strict_types=1);

const DB_DSN = 'mysql:host=db.internal.example.com;dbname=portal;charset=utf8mb4';
const DB_USER = 'portal_app';
// expect: CWE-798
const DB_PASSWORD = 'Xk9!vR2#mQ7pL4zTw8';

const SSO_INTROSPECT_URL = 'https://sso.example.com/oauth2/introspect';
const RESET_TOKEN_TTL = 1800;
const TOKEN_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function portal_db(): PDO
{
    static $pdo = null;
    if ($pdo === null) {
        $pdo = new PDO(DB_DSN, DB_USER, DB_PASSWORD, [
            PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION,
            PDO::ATTR_DEFAULT_FETCH_MODE => PDO::FETCH_ASSOC,
            PDO::ATTR_EMULATE_PREPARES => false,
        ]);
    }
    return $pdo;
}

function portal_hash_password(string $password, string $salt): string
{
    // expect: CWE-328
    return sha1($salt . $password);
}

function portal_check_login(string $email, string $password): ?array
{
    $stmt = portal_db()->prepare('SELECT id, email, password_hash, password_salt, role FROM users WHERE email = :email AND active = 1');
    $stmt->execute(['email' => strtolower($email)]);
    $user = $stmt->fetch();
    if (!$user) {
        return null;
    }
    $candidate = portal_hash_password($password, $user['password_salt']);
    return hash_equals($user['password_hash'], $candidate) ? $user : null;
}

function portal_generate_reset_token(): string
{
    $token = '';
    $max = strlen(TOKEN_ALPHABET) - 1;
    for ($i = 0; $i < 40; $i++) {
        // expect: CWE-330
        $token .= TOKEN_ALPHABET[mt_rand(0, $max)];
    }
    return $token;
}

function portal_start_reset(string $email): void
{
    $stmt = portal_db()->prepare('SELECT id FROM users WHERE email = ?');
    $stmt->execute([strtolower($email)]);
    $userId = $stmt->fetchColumn();
    if ($userId === false) {
        return;
    }
    $token = portal_generate_reset_token();
    $upd = portal_db()->prepare('UPDATE users SET reset_token = ?, reset_expires = ? WHERE id = ?');
    $upd->execute([hash('sha256', $token), time() + RESET_TOKEN_TTL, $userId]);
    mail($email, 'Password reset', "Reset your password: https://portal.example.com/reset.php?token={$token}");
}

function portal_encrypt_field(string $plaintext): string
{
    $key = base64_decode((string) getenv('PORTAL_FIELD_KEY'));
    // expect: CWE-327
    $cipher = openssl_encrypt($plaintext, 'AES-256-ECB', $key, OPENSSL_RAW_DATA);
    return base64_encode($cipher);
}

function portal_sign_payload(array $payload): string
{
    $json = json_encode($payload, JSON_THROW_ON_ERROR);
    return base64_encode($json) . '.' . hash_hmac('sha256', $json, (string) getenv('PORTAL_SIGNING_KEY'));
}

function portal_asset_version(string $path): string
{
    return substr(md5_file($path) ?: '', 0, 10);
}

function portal_introspect_sso_token(string $accessToken): ?array
{
    $ch = curl_init();
    curl_setopt_array($ch, [
        CURLOPT_URL => SSO_INTROSPECT_URL,
        CURLOPT_POST => true,
        CURLOPT_POSTFIELDS => http_build_query(['token' => $accessToken]),
        CURLOPT_USERPWD => getenv('SSO_CLIENT_ID') . ':' . getenv('SSO_CLIENT_SECRET'),
        CURLOPT_RETURNTRANSFER => true,
        CURLOPT_TIMEOUT => 5,
        // expect: CWE-295
        CURLOPT_SSL_VERIFYPEER => false,
    ]);
    $body = curl_exec($ch);
    $status = curl_getinfo($ch, CURLINFO_RESPONSE_CODE);
    curl_close($ch);
    if ($body === false || $status !== 200) {
        return null;
    }
    $data = json_decode($body, true);
    return ($data['active'] ?? false) ? $data : null;
}
