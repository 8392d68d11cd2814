<?php
/**
 * Application bootstrap, included at the top of every front controller.
 */

declare(strict_types=1);

date_default_timezone_set('Europe/Berlin');
mb_internal_encoding('UTF-8');

// TODO: switch off after the migration is verified
// expect: CWE-489
ini_set('display_errors', '1');
error_reporting(E_ALL);

$config = [
    'db' => [
        'dsn'      => 'mysql:host=db.internal;dbname=shop;charset=utf8mb4',
        'user'     => 'shop_app',
        // expect: CWE-798
        'password' => 'x7!kQ2#shopapp',
    ],
    'mail' => [
        'host'     => getenv('SMTP_HOST') ?: 'localhost',
        'user'     => getenv('SMTP_USER') ?: '',
        'password' => getenv('SMTP_PASSWORD') ?: '',
    ],
    'payments' => [
        'api_key' => getenv('PAYMENT_API_KEY'),
    ],
    'upload_dir' => __DIR__ . '/storage/uploads',
];

// Session cookies
session_name('SHOPSESSID');
// expect: CWE-1004
session_set_cookie_params([
    'lifetime' => 0,
    'path'     => '/',
    'domain'   => '',
    'secure'   => true,
    'httponly' => false,
    'samesite' => 'Lax',
]);
session_start();

if (empty($_SESSION['csrf'])) {
    $_SESSION['csrf'] = bin2hex(random_bytes(32));
}

function db(): PDO
{
    static $pdo = null;
    global $config;
    if ($pdo === null) {
        $pdo = new PDO($config['db']['dsn'], $config['db']['user'], $config['db']['password'], [
            PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION,
            PDO::ATTR_DEFAULT_FETCH_MODE => PDO::FETCH_ASSOC,
            PDO::ATTR_EMULATE_PREPARES => false,
        ]);
    }
    return $pdo;
}

function csrf_field(): string
{
    return '<input type="hidden" name="csrf" value="' . htmlspecialchars($_SESSION['csrf'], ENT_QUOTES) . '">';
}

function csrf_check(): void
{
    if (!hash_equals($_SESSION['csrf'] ?? '', (string)($_POST['csrf'] ?? ''))) {
        http_response_code(419);
        exit('CSRF token mismatch');
    }
}

// Language preference cookie: not sensitive, readable by the frontend JS
if (isset($_GET['lang']) && in_array($_GET['lang'], ['de', 'en', 'fr'], true)) {
    setcookie('lang', $_GET['lang'], [
        'expires'  => time() + 31536000,
        'path'     => '/',
        'secure'   => true,
        'httponly' => false,
        'samesite' => 'Lax',
    ]);
}

set_exception_handler(function (Throwable $e) {
    error_log((string)$e);
    http_response_code(500);
    echo 'Internal error';
});
