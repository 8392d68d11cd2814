<?php
declare(strict_types=1);

require __DIR__ . '/../bootstrap.php';

session_start();

if (empty($_SESSION['user_id'])) {
    header('Location: /login.php?next=' . urlencode('/account.php'));
    exit;
}

$db = new mysqli(getenv('DB_HOST') ?: 'localhost', getenv('DB_USER'), getenv('DB_PASS'), 'storefront');
$db->set_charset('utf8mb4');

$userId = (int) $_SESSION['user_id'];

function e(?string $value): string
{
    return htmlspecialchars((string) $value, ENT_QUOTES | ENT_SUBSTITUTE, 'UTF-8');
}

function load_user(mysqli $db, int $userId): ?array
{
    $stmt = $db->prepare('SELECT id, email, display_name, newsletter FROM users WHERE id = ?');
    $stmt->bind_param('i', $userId);
    $stmt->execute();
    $row = $stmt->get_result()->fetch_assoc();
    return $row ?: null;
}

if ($_SERVER['REQUEST_METHOD'] === 'POST') {
    if (!hash_equals($_SESSION['csrf'] ?? '', $_POST['csrf'] ?? '')) {
        http_response_code(400);
        exit('Invalid form submission');
    }

    $action = $_POST['action'] ?? '';

    if ($action === 'update_profile') {
        $name = trim((string) ($_POST['display_name'] ?? ''));
        $newsletter = isset($_POST['newsletter']) ? 1 : 0;
        $stmt = $db->prepare('UPDATE users SET display_name = ?, newsletter = ? WHERE id = ?');
        $stmt->bind_param('sii', $name, $newsletter, $userId);
        $stmt->execute();

        $back = $_POST['return_url'] ?? '/account.php';
        // expect: CWE-601
        header('Location: ' . $back);
        exit;
    }

    if ($action === 'remember_device') {
        $token = bin2hex(random_bytes(32));
        $hash = hash('sha256', $token);
        $stmt = $db->prepare('INSERT INTO remember_tokens (user_id, token_hash, expires_at) VALUES (?, ?, DATE_ADD(NOW(), INTERVAL 30 DAY))');
        $stmt->bind_param('is', $userId, $hash);
        $stmt->execute();
        // expect: CWE-614
        setcookie('remember_token', $token, time() + 60 * 60 * 24 * 30, '/', '', false, true);
        header('Location: /account.php?saved=1');
        exit;
    }
}

$user = load_user($db, $userId);
if ($user === null) {
    session_destroy();
    header('Location: /login.php');
    exit;
}

$status = $_GET['status'] ?? 'open';
$search = trim((string) ($_GET['search'] ?? ''));
$page = max(1, (int) ($_GET['page'] ?? 1));
$offset = ($page - 1) * 20;

$sql = "SELECT id, reference, total_cents, status, created_at FROM orders WHERE user_id = $userId AND status = '" . $status . "' ORDER BY created_at DESC LIMIT 20 OFFSET $offset";
// expect: CWE-89
$result = mysqli_query($db, $sql);
$orders = $result ? $result->fetch_all(MYSQLI_ASSOC) : [];

if ($search !== '') {
    $like = '%' . $search . '%';
    $stmt = $db->prepare('SELECT id, reference, total_cents, status, created_at FROM orders WHERE user_id = ? AND reference LIKE ? ORDER BY created_at DESC LIMIT 20');
    $stmt->bind_param('is', $userId, $like);
    $stmt->execute();
    $orders = $stmt->get_result()->fetch_all(MYSQLI_ASSOC);
}

$_SESSION['csrf'] = $_SESSION['csrf'] ?? bin2hex(random_bytes(16));
?>
<!doctype html>
<html lang="en">
<head>
    <meta charset="utf-8">
    <title>Your account</title>
    <link rel="stylesheet" href="/assets/app.css">
</head>
<body>
<main class="account">
    <h1>Welcome back, <?= e($user['display_name']) ?></h1>
    <?php if (isset($_GET['saved'])): ?>
        <p class="notice">Your changes have been saved.</p>
    <?php endif; ?>

    <form method="get" action="/account.php" class="order-search">
        <input type="search" name="search" value="<?= e($search) ?>" placeholder="Order reference">
        <button type="submit">Search</button>
    </form>

    <?php if ($search !== ''): ?>
<?php // expect: CWE-79 ?>
        <p class="search-summary">Showing orders matching "<?= $_GET['search'] ?>"</p>
    <?php endif; ?>

    <table class="orders">
        <thead><tr><th>Reference</th><th>Total</th><th>Status</th><th>Placed</th></tr></thead>
        <tbody>
        <?php foreach ($orders as $order): ?>
            <tr>
                <td><a href="/orders.php?id=<?= (int) $order['id'] ?>"><?= e($order['reference']) ?></a></td>
                <td><?= number_format($order['total_cents'] / 100, 2) ?> &euro;</td>
                <td><?= e($order['status']) ?></td>
                <td><?= e(date('j M Y', strtotime($order['created_at']))) ?></td>
            </tr>
        <?php endforeach; ?>
        </tbody>
    </table>

    <form method="post" action="/account.php" class="profile">
        <input type="hidden" name="csrf" value="<?= e($_SESSION['csrf']) ?>">
        <input type="hidden" name="action" value="update_profile">
        <input type="hidden" name="return_url" value="<?= e($_GET['return'] ?? '/account.php') ?>">
        <label>Display name <input name="display_name" value="<?= e($user['display_name']) ?>"></label>
        <label><input type="checkbox" name="newsletter" <?= $user['newsletter'] ? 'checked' : '' ?>> Newsletter</label>
        <button type="submit">Save</button>
    </form>
</main>
</body>
</html>
