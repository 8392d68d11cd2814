<?php
declare(strict_types=1);

require __DIR__ . '/../../vendor/autoload.php';

// expect: CWE-489
ini_set('display_errors', '1');
error_reporting(E_ALL);

header('Content-Type: application/json');

const AVATAR_DIR = '/var/www/portal/storage/avatars';
const ALLOWED_IMAGE_TYPES = ['image/png' => 'png', 'image/jpeg' => 'jpg', 'image/webp' => 'webp'];

function respond(int $status, array $body): void
{
    http_response_code($status);
    echo json_encode($body);
    exit;
}

function devices(): MongoDB\Collection
{
    static $collection = null;
    if ($collection === null) {
        $client = new MongoDB\Client(getenv('MONGO_URI'), [], ['typeMap' => ['root' => 'array', 'document' => 'array']]);
        $collection = $client->selectCollection('portal', 'devices');
    }
    return $collection;
}

$route = $_GET['route'] ?? '';
$input = json_decode(file_get_contents('php://input') ?: '{}', true) ?? [];

if ($route === 'login' && $_SERVER['REQUEST_METHOD'] === 'POST') {
    // expect: CWE-943
    $device = devices()->findOne(['serial' => $input['serial'] ?? null, 'api_key' => $input['api_key'] ?? null]);
    if ($device === null) {
        respond(401, ['error' => 'unknown device']);
    }

    $sessionId = bin2hex(random_bytes(24));
    devices()->updateOne(['_id' => $device['_id']], ['$set' => ['session' => hash('sha256', $sessionId), 'last_seen' => new MongoDB\BSON\UTCDateTime()]]);

    // expect: CWE-1004
    setcookie('device_session', $sessionId, ['expires' => time() + 43200, 'path' => '/api', 'secure' => true, 'samesite' => 'Strict']);
    respond(200, ['device' => (string) $device['_id']]);
}

if ($route === 'lookup' && $_SERVER['REQUEST_METHOD'] === 'GET') {
    $serial = (string) ($_GET['serial'] ?? '');
    $device = devices()->findOne(['serial' => $serial], ['projection' => ['serial' => 1, 'model' => 1, 'firmware' => 1]]);
    respond($device ? 200 : 404, $device ?: ['error' => 'not found']);
}

if ($route === 'avatar' && $_SERVER['REQUEST_METHOD'] === 'POST') {
    $upload = $_FILES['avatar'] ?? null;
    if ($upload === null || $upload['error'] !== UPLOAD_ERR_OK) {
        respond(400, ['error' => 'upload failed']);
    }
    $mime = (new finfo(FILEINFO_MIME_TYPE))->file($upload['tmp_name']);
    if (!isset(ALLOWED_IMAGE_TYPES[$mime])) {
        respond(415, ['error' => 'unsupported image type']);
    }

    $src = $upload['tmp_name'];
    $dst = AVATAR_DIR . '/' . bin2hex(random_bytes(16)) . '.' . ALLOWED_IMAGE_TYPES[$mime];
    $size = $_POST['size'] ?? '256x256';
    // expect: CWE-78
    exec('convert ' . escapeshellarg($src) . ' -resize ' . $size . ' -strip ' . escapeshellarg($dst), $out, $code);
    if ($code !== 0) {
        respond(500, ['error' => 'image processing failed']);
    }
    respond(201, ['avatar' => basename($dst)]);
}

if ($route === 'firmware' && $_SERVER['REQUEST_METHOD'] === 'GET') {
    $model = preg_replace('/[^A-Z0-9-]/', '', strtoupper((string) ($_GET['model'] ?? '')));
    $version = shell_exec('/usr/local/bin/fwctl latest ' . escapeshellarg($model));
    respond(200, ['model' => $model, 'latest' => trim((string) $version)]);
}

respond(404, ['error' => 'no such route']);
