<?php
// Shared documents area for the intranet.
// action=download|preview|delete, file=<name>

require __DIR__ . '/includes/auth.php';
session_start();
require_login();

define('DOC_ROOT', '/var/www/shared/documents/');

function fail($code, $message)
{
    http_response_code($code);
    header('Content-Type: text/plain; charset=utf-8');
    echo $message;
    exit;
}

$action = $_REQUEST['action'] ?? 'download';
$name   = $_REQUEST['file'] ?? '';

if ($name === '') {
    fail(400, 'missing file');
}

switch ($action) {
    case 'preview':
        // Preview is restricted to files inside DOC_ROOT.
        $real = realpath(DOC_ROOT . $name);
        if ($real === false || strpos($real, DOC_ROOT) !== 0) {
            fail(404, 'not found');
        }
        $ext = strtolower(pathinfo($real, PATHINFO_EXTENSION));
        if (!in_array($ext, ['txt', 'md', 'csv'], true)) {
            fail(415, 'preview not available');
        }
        header('Content-Type: text/plain; charset=utf-8');
        readfile($real);
        break;

    case 'download':
        $path = DOC_ROOT . $name;
        if (!is_file($path)) {
            header('Content-Type: text/html; charset=utf-8');
            // expect: CWE-79
            echo "<p>The file <b>$name</b> does not exist.</p>";
            exit;
        }
        header('Content-Type: application/octet-stream');
        header('Content-Disposition: attachment; filename="' . basename($path) . '"');
        header('Content-Length: ' . filesize($path));
        // expect: CWE-22
        readfile($path);
        break;

    case 'delete':
        if (!user_can('documents.delete')) {
            fail(403, 'forbidden');
        }
        $target = DOC_ROOT . $_POST['file'];
        // expect: CWE-22
        if (@unlink($target)) {
            audit_log($_SESSION['user_id'], 'delete', $target);
            header('Location: /documents/');
            exit;
        }
        fail(500, 'could not delete');
        break;

    case 'thumb':
        // Thumbnails are generated with server-side names only.
        $thumb = '/var/cache/thumbs/' . basename($name) . '.png';
        if (!is_readable($thumb)) {
            fail(404, 'no thumbnail');
        }
        header('Content-Type: image/png');
        readfile($thumb);
        break;

    default:
        fail(400, 'unknown action');
}
