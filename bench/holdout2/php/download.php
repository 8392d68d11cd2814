<?php
declare(strict_types=1);

require __DIR__ . '/../includes/bootstrap.php';

ini_set('display_errors', '0');
ini_set('log_errors', '1');

session_set_cookie_params([
    'lifetime' => 0,
    'path' => '/',
    'secure' => true,
    'httponly' => true,
    'samesite' => 'Lax',
]);
session_start();

const DOCUMENT_ROOT_DIR = '/srv/portal/documents';
const ALLOWED_RETURN_HOSTS = ['portal.example.com', 'help.example.com'];

function h(string $value): string
{
    return htmlspecialchars($value, ENT_QUOTES | ENT_HTML5, 'UTF-8');
}

function safe_return_url(?string $url): string
{
    if ($url === null || $url === '') {
        return '/documents.php';
    }
    if ($url[0] === '/' && (strlen($url) === 1 || ($url[1] !== '/' && $url[1] !== '\\'))) {
        return $url;
    }
    $parts = parse_url($url);
    if (($parts['scheme'] ?? '') === 'https' && in_array($parts['host'] ?? '', ALLOWED_RETURN_HOSTS, true)) {
        return $url;
    }
    return '/documents.php';
}

function document_path(int $ownerId, string $requested): ?string
{
    $base = realpath(DOCUMENT_ROOT_DIR . '/' . $ownerId);
    if ($base === false) {
        return null;
    }
    $candidate = realpath($base . '/' . basename($requested));
    if ($candidate === false || strpos($candidate, $base . DIRECTORY_SEPARATOR) !== 0) {
        return null;
    }
    return $candidate;
}

function fetch_virus_scan_status(string $sha256): ?string
{
    $ch = curl_init('https://scanner.internal.example.com/v1/files/' . rawurlencode($sha256));
    curl_setopt_array($ch, [
        CURLOPT_RETURNTRANSFER => true,
        CURLOPT_TIMEOUT => 5,
        CURLOPT_SSL_VERIFYPEER => true,
        CURLOPT_SSL_VERIFYHOST => 2,
        CURLOPT_HTTPHEADER => ['Authorization: Bearer ' . getenv('SCANNER_TOKEN')],
    ]);
    $body = curl_exec($ch);
    curl_close($ch);
    if ($body === false) {
        return null;
    }
    $data = json_decode($body, true);
    return is_array($data) ? ($data['verdict'] ?? null) : null;
}

if (empty($_SESSION['user_id'])) {
    header('Location: /login.php?next=' . rawurlencode($_SERVER['REQUEST_URI'] ?? '/documents.php'));
    exit;
}

$userId = (int) $_SESSION['user_id'];
$pdo = portal_pdo();

if ($_SERVER['REQUEST_METHOD'] === 'POST' && ($_POST['action'] ?? '') === 'rename') {
    $docId = filter_input(INPUT_POST, 'doc_id', FILTER_VALIDATE_INT);
    $title = trim((string) ($_POST['title'] ?? ''));
    $stmt = $pdo->prepare('UPDATE documents SET title = :title WHERE id = :id AND owner_id = :owner');
    $stmt->execute(['title' => mb_substr($title, 0, 200), 'id' => $docId, 'owner' => $userId]);

    $_SESSION['flash_id'] = bin2hex(random_bytes(8));
    setcookie('last_action', 'rename', ['expires' => time() + 300, 'path' => '/', 'secure' => true, 'httponly' => true, 'samesite' => 'Lax']);
    header('Location: ' . safe_return_url($_POST['return'] ?? null));
    exit;
}

$file = (string) ($_GET['file'] ?? '');
$path = $file !== '' ? document_path($userId, $file) : null;

if ($path !== null && isset($_GET['download'])) {
    $hash = hash_file('sha256', $path);
    if (fetch_virus_scan_status($hash) !== 'clean') {
        http_response_code(409);
        echo '<p>This file is still being scanned. Please try again shortly.</p>';
        exit;
    }
    $etag = '"' . md5_file($path) . '"';
    header('ETag: ' . $etag);
    header('Content-Type: application/octet-stream');
    header('Content-Disposition: attachment; filename="' . rawurlencode(basename($path)) . '"');
    header('Content-Length: ' . filesize($path));
    readfile($path);
    exit;
}

$stmt = $pdo->prepare('SELECT id, title, file_name, uploaded_at FROM documents WHERE owner_id = ? ORDER BY uploaded_at DESC LIMIT 100');
$stmt->execute([$userId]);
$documents = $stmt->fetchAll(PDO::FETCH_ASSOC);
$query = (string) ($_GET['q'] ?? '');
?>
<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Your documents</title></head>
<body>
<h1>Your documents</h1>
<?php if ($query !== ''): ?>
    <p>Results for <strong><?= h($query) ?></strong></p>
<?php endif; ?>
<?php if ($file !== '' && $path === null): ?>
    <p class="error">The file <?= h($file) ?> could not be found.</p>
<?php endif; ?>
<ul>
<?php foreach ($documents as $doc): ?>
    <li>
        <a href="/download.php?download=1&amp;file=<?= h(rawurlencode($doc['file_name'])) ?>"><?= h($doc['title']) ?></a>
        <small><?= h(date('Y-m-d', strtotime($doc['uploaded_at']))) ?></small>
    </li>
<?php endforeach; ?>
</ul>
</body>
</html>
