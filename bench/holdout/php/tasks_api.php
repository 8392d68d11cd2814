<?php
// api/tasks.php - JSON API for the small-team task board.
declare(strict_types=1);

require __DIR__ . '/../vendor/autoload.php';

$config = [
    'dsn' => getenv('TASKS_DSN') ?: 'pgsql:host=localhost;dbname=tasks',
    'user' => getenv('TASKS_DB_USER') ?: 'tasks',
    'password' => getenv('TASKS_DB_PASSWORD') ?: '',
];

$pdo = new PDO($config['dsn'], $config['user'], $config['password'], [
    PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION,
    PDO::ATTR_EMULATE_PREPARES => false,
]);

session_set_cookie_params(['secure' => true, 'httponly' => true, 'samesite' => 'Strict', 'path' => '/']);
session_start();

function respond(int $code, $payload): void
{
    http_response_code($code);
    header('Content-Type: application/json; charset=utf-8');
    header('X-Content-Type-Options: nosniff');
    echo json_encode($payload, JSON_UNESCAPED_SLASHES);
    exit;
}

function current_user_id(): int
{
    if (empty($_SESSION['uid'])) {
        respond(401, ['error' => 'login required']);
    }
    return (int) $_SESSION['uid'];
}

$method = $_SERVER['REQUEST_METHOD'];
$route = trim((string) ($_GET['r'] ?? ''), '/');

if ($route === 'login' && $method === 'POST') {
    $body = json_decode(file_get_contents('php://input'), true) ?: [];
    $stmt = $pdo->prepare('SELECT id, password_hash FROM users WHERE email = :email');
    $stmt->execute(['email' => strtolower((string) ($body['email'] ?? ''))]);
    $user = $stmt->fetch(PDO::FETCH_ASSOC);
    if (!$user || !password_verify((string) ($body['password'] ?? ''), $user['password_hash'])) {
        respond(401, ['error' => 'invalid credentials']);
    }
    session_regenerate_id(true);
    $_SESSION['uid'] = (int) $user['id'];
    $_SESSION['csrf'] = bin2hex(random_bytes(32));
    setcookie('board_prefs', 'compact', ['expires' => time() + 86400 * 365, 'path' => '/', 'secure' => true, 'httponly' => true, 'samesite' => 'Lax']);
    respond(200, ['csrf' => $_SESSION['csrf']]);
}

if ($route === 'tasks' && $method === 'GET') {
    $uid = current_user_id();
    $allowedStatus = ['open', 'doing', 'done'];
    $status = in_array($_GET['status'] ?? '', $allowedStatus, true) ? $_GET['status'] : null;
    $sortMap = ['due' => 'due_date', 'created' => 'created_at', 'priority' => 'priority'];
    $sort = $sortMap[$_GET['sort'] ?? 'due'] ?? 'due_date';

    $sql = 'SELECT id, title, status, due_date FROM tasks WHERE owner_id = :uid';
    $params = ['uid' => $uid];
    if ($status !== null) {
        $sql .= ' AND status = :status';
        $params['status'] = $status;
    }
    if (!empty($_GET['q'])) {
        $sql .= ' AND title ILIKE :q';
        $params['q'] = '%' . $_GET['q'] . '%';
    }
    $sql .= " ORDER BY $sort ASC LIMIT 100";
    $stmt = $pdo->prepare($sql);
    $stmt->execute($params);
    $rows = $stmt->fetchAll(PDO::FETCH_ASSOC);
    header('ETag: "' . md5(json_encode($rows)) . '"');
    respond(200, $rows);
}

if ($route === 'tasks' && $method === 'POST') {
    $uid = current_user_id();
    if (!hash_equals($_SESSION['csrf'] ?? '', (string) ($_SERVER['HTTP_X_CSRF_TOKEN'] ?? ''))) {
        respond(403, ['error' => 'csrf']);
    }
    $body = json_decode(file_get_contents('php://input'), true) ?: [];
    $title = trim((string) ($body['title'] ?? ''));
    if ($title === '' || mb_strlen($title) > 200) {
        respond(422, ['error' => 'title required (max 200 chars)']);
    }
    $stmt = $pdo->prepare('INSERT INTO tasks (owner_id, title, status, due_date) VALUES (?, ?, ?, ?) RETURNING id');
    $stmt->execute([$uid, $title, 'open', $body['due_date'] ?? null]);
    respond(201, ['id' => (int) $stmt->fetchColumn()]);
}

if ($route === 'export' && $method === 'GET') {
    $uid = current_user_id();
    $tmp = tempnam(sys_get_temp_dir(), 'tasks');
    $stmt = $pdo->prepare('SELECT id, title, status, due_date FROM tasks WHERE owner_id = ?');
    $stmt->execute([$uid]);
    $fh = fopen($tmp, 'w');
    while ($row = $stmt->fetch(PDO::FETCH_NUM)) {
        fputcsv($fh, $row);
    }
    fclose($fh);
    exec('gzip -9 ' . escapeshellarg($tmp), $out, $rc);
    header('Content-Type: application/gzip');
    header('Content-Disposition: attachment; filename="tasks.csv.gz"');
    readfile($tmp . '.gz');
    unlink($tmp . '.gz');
    exit;
}

respond(404, ['error' => 'not found']);
