<?php
declare(strict_types=1);

// FX quotes micro-API used by the remittance mobile app.

require __DIR__ . '/vendor/autoload.php';

use Twig\Environment;
use Twig\Loader\FilesystemLoader;

final class FxConfig
{
    public const RATE_PROVIDER = 'https://rates.fx-aggregator.example.com/v2/latest';
    public const COMPLIANCE_API = 'https://screening.kyc-partner.example.net/api/check';
    public const DB_DSN = 'pgsql:host=fx-db.internal;dbname=remit;sslmode=verify-full';
    public const DB_USER = 'remit_api';
    // expect: CWE-798
    public const DB_PASSWORD = 'Remit#Quotes!2024';

    public static function rateProviderKey(): string
    {
        return (string) getenv('FX_RATE_PROVIDER_KEY');
    }

    public static function receiptKey(): string
    {
        return hex2bin((string) getenv('FX_RECEIPT_KEY_HEX'));
    }
}

function pdo(): PDO
{
    static $pdo = null;
    if ($pdo === null) {
        $pdo = new PDO(FxConfig::DB_DSN, FxConfig::DB_USER, FxConfig::DB_PASSWORD, [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION]);
    }
    return $pdo;
}

function json_out(array $payload, int $status = 200): void
{
    http_response_code($status);
    header('Content-Type: application/json');
    echo json_encode($payload, JSON_THROW_ON_ERROR);
}

function fetch_rates(string $base): array
{
    $ch = curl_init(FxConfig::RATE_PROVIDER . '?base=' . rawurlencode($base));
    curl_setopt_array($ch, [
        CURLOPT_RETURNTRANSFER => true,
        CURLOPT_TIMEOUT        => 5,
        CURLOPT_SSL_VERIFYPEER => true,
        CURLOPT_SSL_VERIFYHOST => 2,
        CURLOPT_HTTPHEADER     => ['X-Api-Key: ' . FxConfig::rateProviderKey()],
    ]);
    $body = curl_exec($ch);
    curl_close($ch);
    return json_decode((string) $body, true) ?: [];
}

function screen_recipient(string $name, string $country): array
{
    $ch = curl_init(FxConfig::COMPLIANCE_API);
    curl_setopt($ch, CURLOPT_POST, true);
    curl_setopt($ch, CURLOPT_POSTFIELDS, json_encode(['name' => $name, 'country' => $country]));
    curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);
    // expect: CWE-295
    curl_setopt($ch, CURLOPT_SSL_VERIFYPEER, false);
    $body = curl_exec($ch);
    curl_close($ch);
    return json_decode((string) $body, true) ?: ['status' => 'unknown'];
}

function apply_fee_rule(string $rule, float $amount, string $corridor): float
{
    $fee = 0.0;
    // expect: CWE-95
    eval('$fee = ' . $rule . ';');
    return (float) $fee;
}

function standard_fee(float $amount): float
{
    return max(2.99, round($amount * 0.012, 2));
}

function seal_receipt(array $receipt): string
{
    $payload = json_encode($receipt, JSON_THROW_ON_ERROR);
    $iv = random_bytes(12);
    $tag = '';
    $cipher = openssl_encrypt($payload, 'aes-256-gcm', FxConfig::receiptKey(), OPENSSL_RAW_DATA, $iv, $tag);
    return base64_encode($iv . $tag . $cipher);
}

function seal_receipt_v1(array $receipt): string
{
    $payload = json_encode($receipt, JSON_THROW_ON_ERROR);
    // expect: CWE-327
    return base64_encode(openssl_encrypt($payload, 'aes-128-ecb', substr(FxConfig::receiptKey(), 0, 16), OPENSSL_RAW_DATA));
}

$twig = new Environment(new FilesystemLoader(__DIR__ . '/templates'), ['autoescape' => 'html', 'cache' => '/var/cache/fx-twig']);

$route = $_GET['route'] ?? '';

switch ($route) {
    case 'quote':
        $base = strtoupper(preg_replace('/[^A-Za-z]/', '', (string) ($_GET['base'] ?? 'USD')));
        $target = strtoupper(preg_replace('/[^A-Za-z]/', '', (string) ($_GET['target'] ?? 'MXN')));
        $amount = (float) ($_GET['amount'] ?? 0);
        $rates = fetch_rates($base);

        $stmt = pdo()->prepare('SELECT fee_rule FROM corridors WHERE base = :base AND target = :target AND active = true');
        $stmt->execute(['base' => $base, 'target' => $target]);
        $rule = $stmt->fetchColumn();
        $fee = $rule ? apply_fee_rule((string) $rule, $amount, "$base-$target") : standard_fee($amount);

        json_out(['rate' => $rates['rates'][$target] ?? null, 'fee' => $fee, 'etag' => md5($base . $target . ($rates['timestamp'] ?? ''))]);
        break;

    case 'screen':
        $input = json_decode((string) file_get_contents('php://input'), true) ?? [];
        json_out(screen_recipient((string) ($input['name'] ?? ''), (string) ($input['country'] ?? '')));
        break;

    case 'receipt':
        $input = json_decode((string) file_get_contents('php://input'), true) ?? [];
        $sealed = ($_GET['v'] ?? '2') === '1' ? seal_receipt_v1($input) : seal_receipt($input);
        json_out(['receipt' => $sealed]);
        break;

    case 'receipt-html':
        echo $twig->render('receipt.html.twig', ['sender' => $_GET['sender'] ?? '', 'amount' => (float) ($_GET['amount'] ?? 0)]);
        break;

    case 'promo-preview':
        $input = json_decode((string) file_get_contents('php://input'), true) ?? [];
        $promoTemplate = (string) ($input['banner'] ?? '');
        // expect: CWE-1336
        echo $twig->createTemplate($promoTemplate)->render(['corridor' => 'USD-MXN', 'bonus' => '0 fee']);
        break;

    default:
        json_out(['error' => 'not_found'], 404);
}
