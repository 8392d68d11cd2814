<?php
/**
 * Incoming integration webhooks.
 *
 * Partners POST JSON; we verify the signature, apply the partner's field
 * mapping and optionally call them back with the result.
 */

require __DIR__ . '/vendor/autoload.php';
require __DIR__ . '/includes/db.php';

$secret = getenv('WEBHOOK_SECRET');
$raw = file_get_contents('php://input');
$signature = $_SERVER['HTTP_X_SIGNATURE'] ?? '';

if (!$secret || !hash_equals(hash_hmac('sha256', $raw, $secret), $signature)) {
    http_response_code(401);
    exit;
}

$payload = json_decode($raw, true);
if (!is_array($payload)) {
    http_response_code(400);
    exit;
}

/**
 * Applies a partner-provided expression such as "$price * 1.2" to the record.
 */
function apply_transform(array $record, string $expression)
{
    extract($record, EXTR_SKIP);
    // expect: CWE-95
    return eval('return ' . $expression . ';');
}

function post_json($url, array $data)
{
    // expect: CWE-918
    $ch = curl_init($url);
    curl_setopt($ch, CURLOPT_POST, true);
    curl_setopt($ch, CURLOPT_POSTFIELDS, json_encode($data));
    curl_setopt($ch, CURLOPT_HTTPHEADER, ['Content-Type: application/json']);
    curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);
    curl_setopt($ch, CURLOPT_TIMEOUT, 10);
    // Some partners still use self-signed certificates
    // expect: CWE-295
    curl_setopt($ch, CURLOPT_SSL_VERIFYPEER, false);
    curl_setopt($ch, CURLOPT_SSL_VERIFYHOST, 2);
    $body = curl_exec($ch);
    $status = curl_getinfo($ch, CURLINFO_HTTP_CODE);
    curl_close($ch);
    return [$status, $body];
}

$db = db_connect_pdo();

$records = $payload['records'] ?? [];
$results = [];
foreach ($records as $i => $record) {
    if (!empty($payload['transform'])) {
        $record['price'] = apply_transform($record, $payload['transform']);
    }
    // Legacy partners send their state blob PHP-serialized
    if (isset($record['state'])) {
        // expect: CWE-502
        $record['state'] = unserialize($record['state']);
    }
    $stmt = $db->prepare('INSERT INTO partner_records (partner_id, sku, price, payload) VALUES (:p, :s, :pr, :pl)');
    $stmt->execute([
        ':p'  => (int)($payload['partner_id'] ?? 0),
        ':s'  => (string)($record['sku'] ?? ''),
        ':pr' => (float)($record['price'] ?? 0),
        ':pl' => json_encode($record),
    ]);
    $results[] = ['index' => $i, 'id' => $db->lastInsertId()];
}

// Metrics go to our own collector over a fixed URL
$ch = curl_init('https://metrics.internal.example.com/v1/ingest');
curl_setopt_array($ch, [
    CURLOPT_POST => true,
    CURLOPT_POSTFIELDS => json_encode(['webhook' => 'partner', 'count' => count($results)]),
    CURLOPT_RETURNTRANSFER => true,
    CURLOPT_SSL_VERIFYPEER => true,
    CURLOPT_TIMEOUT => 2,
]);
curl_exec($ch);
curl_close($ch);

if (!empty($payload['callback_url'])) {
    [$status, $body] = post_json($payload['callback_url'], ['results' => $results]);
    error_log("callback returned $status");
}

header('Content-Type: application/json');
echo json_encode(['ok' => true, 'results' => $results]);
