<?php
// Attachment upload and download for support tickets.

require __DIR__ . '/bootstrap.php';
require __DIR__ . '/includes/auth.php';
require_login();

const ATTACH_DIR = '/srv/app/storage/attachments';
const MAX_BYTES = 10 * 1024 * 1024;
const ALLOWED_TYPES = [
    'image/png'       => 'png',
    'image/jpeg'      => 'jpg',
    'application/pdf' => 'pdf',
    'text/plain'      => 'txt',
];

function respond(int $status, array $body): void
{
    http_response_code($status);
    header('Content-Type: application/json');
    echo json_encode($body);
    exit;
}

if ($_SERVER['REQUEST_METHOD'] === 'POST') {
    csrf_check();
    $ticketId = (int)($_POST['ticket_id'] ?? 0);
    $file = $_FILES['attachment'] ?? null;

    if (!$file || $file['error'] !== UPLOAD_ERR_OK || $file['size'] > MAX_BYTES) {
        respond(400, ['error' => 'upload failed']);
    }

    $finfo = new finfo(FILEINFO_MIME_TYPE);
    $mime = $finfo->file($file['tmp_name']);
    if (!isset(ALLOWED_TYPES[$mime])) {
        respond(415, ['error' => 'file type not allowed']);
    }

    // Stored name is random; the original name is kept only in the database.
    $stored = bin2hex(random_bytes(16)) . '.' . ALLOWED_TYPES[$mime];
    $dest = ATTACH_DIR . '/' . $stored;
    if (!move_uploaded_file($file['tmp_name'], $dest)) {
        respond(500, ['error' => 'could not store file']);
    }
    chmod($dest, 0640);

    $stmt = db()->prepare('INSERT INTO attachments (ticket_id, user_id, original_name, stored_name, mime) VALUES (?, ?, ?, ?, ?)');
    $stmt->execute([$ticketId, current_user_id(), mb_substr(basename($file['name']), 0, 200), $stored, $mime]);

    respond(201, ['id' => (int)db()->lastInsertId()]);
}

// GET ?name=<stored name> downloads an attachment
$name = basename((string)($_GET['name'] ?? ''));
$path = realpath(ATTACH_DIR . '/' . $name);
if ($path === false || strncmp($path, ATTACH_DIR . '/', strlen(ATTACH_DIR) + 1) !== 0) {
    respond(404, ['error' => 'not found']);
}

$stmt = db()->prepare('SELECT a.original_name, a.mime FROM attachments a JOIN tickets t ON t.id = a.ticket_id WHERE a.stored_name = ? AND t.owner_id = ?');
$stmt->execute([$name, current_user_id()]);
$meta = $stmt->fetch();
if (!$meta) {
    respond(404, ['error' => 'not found']);
}

$downloadName = preg_replace('/[^A-Za-z0-9._-]/', '_', $meta['original_name']);
header('Content-Type: ' . $meta['mime']);
header('X-Content-Type-Options: nosniff');
header('Content-Disposition: attachment; filename="' . $downloadName . '"');
header('Content-Length: ' . filesize($path));
readfile($path);
