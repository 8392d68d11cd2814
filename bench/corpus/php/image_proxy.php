<?php
// Image proxy for product pictures hosted on our CDN partners.
// image_proxy.php?src=https://cdn.partner-a.com/img/123.jpg&w=300

const ALLOWED_HOSTS = ['cdn.partner-a.com', 'images.partner-b.net', 'static.example.com'];
const CACHE_DIR = '/var/cache/image-proxy';

function bad_request(string $msg): void
{
    http_response_code(400);
    header('Content-Type: text/plain');
    echo $msg;
    exit;
}

$src = (string)($_GET['src'] ?? '');
$width = (int)($_GET['w'] ?? 0);
if ($width < 16 || $width > 2000) {
    $width = 400;
}

$parts = parse_url($src);
if ($parts === false || ($parts['scheme'] ?? '') !== 'https' || !isset($parts['host'])) {
    bad_request('invalid source');
}
if (!in_array(strtolower($parts['host']), ALLOWED_HOSTS, true) || isset($parts['user']) || isset($parts['port'])) {
    bad_request('host not allowed');
}

$cacheKey = hash('sha256', $src . '|' . $width);
$cached = CACHE_DIR . '/' . $cacheKey . '.jpg';

if (!is_file($cached)) {
    $ch = curl_init($src);
    curl_setopt_array($ch, [
        CURLOPT_RETURNTRANSFER => true,
        CURLOPT_FOLLOWLOCATION => false,
        CURLOPT_PROTOCOLS      => CURLPROTO_HTTPS,
        CURLOPT_SSL_VERIFYPEER => true,
        CURLOPT_SSL_VERIFYHOST => 2,
        CURLOPT_TIMEOUT        => 5,
        CURLOPT_MAXFILESIZE    => 8 * 1024 * 1024,
    ]);
    $data = curl_exec($ch);
    $status = curl_getinfo($ch, CURLINFO_HTTP_CODE);
    curl_close($ch);

    if ($data === false || $status !== 200) {
        http_response_code(502);
        exit;
    }

    $original = tempnam(sys_get_temp_dir(), 'img');
    file_put_contents($original, $data);

    // Resize with ImageMagick; argument vector, no shell involved.
    $proc = proc_open(
        ['convert', $original, '-resize', $width . 'x', '-strip', 'jpeg:' . $cached],
        [1 => ['pipe', 'w'], 2 => ['pipe', 'w']],
        $pipes
    );
    if (!is_resource($proc)) {
        unlink($original);
        http_response_code(500);
        exit;
    }
    $err = stream_get_contents($pipes[2]);
    fclose($pipes[1]);
    fclose($pipes[2]);
    $rc = proc_close($proc);
    unlink($original);

    if ($rc !== 0) {
        error_log('convert failed: ' . $err);
        http_response_code(500);
        exit;
    }
}

header('Content-Type: image/jpeg');
header('Cache-Control: public, max-age=86400');
readfile($cached);
