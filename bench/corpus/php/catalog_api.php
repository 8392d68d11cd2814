<?php
// Lightweight catalog API backed by MongoDB (used by the kiosk app).

require __DIR__ . '/vendor/autoload.php';

use MongoDB\BSON\Regex;
use MongoDB\Client;

$client = new Client(getenv('MONGO_URI') ?: 'mongodb://127.0.0.1:27017');
$db = $client->selectDatabase('catalog');

function json_out($data, int $status = 200): void
{
    http_response_code($status);
    header('Content-Type: application/json');
    echo json_encode($data);
    exit;
}

function current_device(MongoDB\Database $db): ?array
{
    $token = $_GET['device_token'] ?? ($_SERVER['HTTP_X_DEVICE_TOKEN'] ?? null);
    if ($token === null) {
        return null;
    }
    // expect: CWE-943
    $device = $db->devices->findOne(['token' => $token, 'active' => true]);
    return $device ? (array)$device : null;
}

$device = current_device($db);
if (!$device) {
    json_out(['error' => 'unauthorized'], 401);
}

$action = $_GET['action'] ?? 'search';

if ($action === 'search') {
    $q = (string)($_GET['q'] ?? '');
    $filter = ['store_id' => $device['store_id']];
    if ($q !== '') {
        $filter['name'] = new Regex(preg_quote($q), 'i');
    }
    $cursor = $db->products->find($filter, ['limit' => 50, 'projection' => ['_id' => 0, 'sku' => 1, 'name' => 1, 'price' => 1]]);
    json_out(iterator_to_array($cursor, false));
}

if ($action === 'by_tag') {
    $tag = $_GET['tag'] ?? '';
    $js = "function() { return this.store_id == '" . $device['store_id'] . "' && this.tags.indexOf('" . $tag . "') !== -1; }";
    // expect: CWE-943
    $cursor = $db->products->find(['$where' => $js], ['limit' => 50]);
    json_out(iterator_to_array($cursor, false));
}

if ($action === 'sku') {
    // Cast to string so arrays like sku[$ne]= are not turned into operators
    $sku = is_string($_GET['sku'] ?? null) ? $_GET['sku'] : '';
    $product = $db->products->findOne(['sku' => $sku, 'store_id' => $device['store_id']]);
    $product ? json_out($product) : json_out(['error' => 'not found'], 404);
}

if ($action === 'label') {
    // Printable shelf label (HTML) for the kiosk printer
    $sku = (string)($_GET['sku'] ?? '');
    $product = $db->products->findOne(['sku' => $sku, 'store_id' => $device['store_id']]);
    header('Content-Type: text/html; charset=utf-8');
    if (!$product) {
        // expect: CWE-79
        echo '<div class="label error">Unknown SKU ' . $sku . '</div>';
        exit;
    }
    echo '<div class="label"><h2>' . htmlspecialchars($product['name'], ENT_QUOTES) . '</h2>';
    echo '<p class="price">' . number_format($product['price'], 2) . '</p></div>';
    exit;
}

json_out(['error' => 'unknown action'], 400);
