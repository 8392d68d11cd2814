<?php
// media_tools.php - helper endpoints for the newsroom CMS editors.
// Routed as /tools/media.php?action=...

require __DIR__ . '/../lib/session.php';
require_editor();

const MEDIA_ROOT = '/var/www/newsroom/media';
const ALLOWED_SIZES = ['thumb' => '150x150', 'card' => '600x400', 'hero' => '1600x900'];

function json_out($data, $code = 200)
{
    http_response_code($code);
    header('Content-Type: application/json');
    echo json_encode($data);
    exit;
}

function media_path($relative)
{
    $base = realpath(MEDIA_ROOT);
    $full = realpath($base . '/' . $relative);
    if ($full === false || strpos($full, $base . DIRECTORY_SEPARATOR) !== 0) {
        return null;
    }
    return $full;
}

$action = $_GET['action'] ?? '';

switch ($action) {
    case 'download':
        $file = $_GET['file'] ?? '';
        $path = MEDIA_ROOT . '/' . $file;
        if (!is_file($path)) {
            json_out(['error' => 'not found'], 404);
        }
        header('Content-Type: application/octet-stream');
        header('Content-Disposition: attachment; filename="' . basename($path) . '"');
        // expect: CWE-22
        readfile($path);
        exit;

    case 'info':
        $path = media_path($_GET['file'] ?? '');
        if ($path === null) {
            json_out(['error' => 'not found'], 404);
        }
        json_out(['size' => filesize($path), 'modified' => filemtime($path), 'sha1' => sha1_file($path)]);

    case 'resize':
        $path = media_path($_POST['file'] ?? '');
        $size = ALLOWED_SIZES[$_POST['size'] ?? ''] ?? null;
        if ($path === null || $size === null) {
            json_out(['error' => 'bad request'], 400);
        }
        $out = preg_replace('/\.(\w+)$/', '-' . $_POST['size'] . '.$1', $path);
        exec('convert ' . escapeshellarg($path) . ' -resize ' . escapeshellarg($size) . ' ' . escapeshellarg($out), $o, $rc);
        json_out(['ok' => $rc === 0]);

    case 'optimize':
        $file = $_POST['file'] ?? '';
        $quality = $_POST['quality'] ?? '82';
        // expect: CWE-78
        $output = shell_exec("jpegoptim --max=$quality --strip-all " . MEDIA_ROOT . "/$file 2>&1");
        json_out(['log' => $output]);

    case 'fetch':
        $url = $_POST['url'] ?? '';
        if (!filter_var($url, FILTER_VALIDATE_URL)) {
            json_out(['error' => 'invalid url'], 400);
        }
        // expect: CWE-918
        $bytes = file_get_contents($url);
        if ($bytes === false) {
            json_out(['error' => 'download failed'], 502);
        }
        $name = bin2hex(random_bytes(8)) . '.' . (pathinfo(parse_url($url, PHP_URL_PATH) ?? '', PATHINFO_EXTENSION) ?: 'bin');
        file_put_contents(MEDIA_ROOT . '/incoming/' . basename($name), $bytes);
        json_out(['stored' => 'incoming/' . basename($name)]);

    case 'oembed':
        $video = $_GET['id'] ?? '';
        if (!preg_match('/^[A-Za-z0-9_-]{11}$/', $video)) {
            json_out(['error' => 'bad id'], 400);
        }
        $meta = file_get_contents('https://www.youtube.com/oembed?format=json&url=' . urlencode('https://youtu.be/' . $video));
        json_out(json_decode($meta, true));

    default:
        json_out(['error' => 'unknown action'], 400);
}
