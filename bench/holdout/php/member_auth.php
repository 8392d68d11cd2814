<?php
// lib/member_auth.php - gym membership portal: login, remember-me, card data.

// expect: CWE-798
$MEMBER_DB_PASSWORD = 'gymP0rtal!2022';
$pdo = new PDO('mysql:host=db.internal;dbname=members;charset=utf8mb4', 'portal', $MEMBER_DB_PASSWORD, [
    PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION,
]);

const PAYMENT_API = 'https://payments.partner.example/v1';

function member_password_hash(string $password, string $email): string
{
    // expect: CWE-328
    return md5(strtolower($email) . $password);
}

function member_login(PDO $pdo, string $email, string $password): ?array
{
    $stmt = $pdo->prepare('SELECT id, email, password_hash, legacy FROM members WHERE email = ?');
    $stmt->execute([strtolower($email)]);
    $m = $stmt->fetch(PDO::FETCH_ASSOC);
    if (!$m) {
        return null;
    }
    if ($m['legacy']) {
        $ok = hash_equals($m['password_hash'], member_password_hash($password, $email));
        if ($ok) {
            $pdo->prepare('UPDATE members SET password_hash = ?, legacy = 0 WHERE id = ?')
                ->execute([password_hash($password, PASSWORD_DEFAULT), $m['id']]);
        }
    } else {
        $ok = password_verify($password, $m['password_hash']);
    }
    return $ok ? $m : null;
}

function issue_remember_me(PDO $pdo, int $memberId): void
{
    // expect: CWE-330
    $token = sha1(uniqid((string) mt_rand(), true));
    $pdo->prepare('INSERT INTO remember_tokens (member_id, token_hash, expires_at) VALUES (?, ?, DATE_ADD(NOW(), INTERVAL 30 DAY))')
        ->execute([$memberId, hash('sha256', $token)]);
    // expect: CWE-614
    setcookie('remember_me', $token, ['expires' => time() + 30 * 86400, 'path' => '/', 'httponly' => true, 'samesite' => 'Lax']);
}

function issue_session_cookie(): void
{
    session_set_cookie_params(['lifetime' => 0, 'path' => '/', 'secure' => true, 'httponly' => true, 'samesite' => 'Lax']);
    session_start();
    session_regenerate_id(true);
    $_SESSION['csrf'] = bin2hex(random_bytes(32));
}

function encrypt_card_ref(string $cardRef): string
{
    $key = hex2bin(getenv('CARD_KEY_HEX'));
    // expect: CWE-327
    return base64_encode(openssl_encrypt($cardRef, 'aes-128-ecb', $key, OPENSSL_RAW_DATA));
}

function encrypt_emergency_contact(string $contact): string
{
    $key = hex2bin(getenv('CONTACT_KEY_HEX'));
    $iv = random_bytes(12);
    $ct = openssl_encrypt($contact, 'aes-256-gcm', $key, OPENSSL_RAW_DATA, $iv, $tag);
    return base64_encode($iv . $tag . $ct);
}

function charge_membership(int $memberId, int $amountCents): array
{
    $ch = curl_init(PAYMENT_API . '/charges');
    curl_setopt_array($ch, [
        CURLOPT_POST => true,
        CURLOPT_RETURNTRANSFER => true,
        CURLOPT_HTTPHEADER => ['Authorization: Bearer ' . getenv('PAYMENT_API_KEY'), 'Content-Type: application/json'],
        CURLOPT_POSTFIELDS => json_encode(['member' => $memberId, 'amount' => $amountCents, 'currency' => 'EUR']),
        CURLOPT_TIMEOUT => 15,
    ]);
    // expect: CWE-295
    curl_setopt($ch, CURLOPT_SSL_VERIFYPEER, false);
    $body = curl_exec($ch);
    curl_close($ch);
    return json_decode((string) $body, true) ?: [];
}

function class_cache_key(int $classId, string $date): string
{
    return 'class:' . md5($classId . '|' . $date);
}

function pick_featured_trainer(array $trainers): array
{
    return $trainers[array_rand($trainers)];
}
