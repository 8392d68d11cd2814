<?php
// volunteer_signup.php - public sign-up form for the food bank's volunteer shifts.
declare(strict_types=1);

session_set_cookie_params(['secure' => true, 'httponly' => true, 'samesite' => 'Lax']);
session_start();

$pdo = new PDO(getenv('FOODBANK_DSN'), getenv('FOODBANK_DB_USER'), getenv('FOODBANK_DB_PASSWORD'), [
    PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION,
]);

function e(?string $s): string
{
    return htmlspecialchars($s ?? '', ENT_QUOTES | ENT_HTML5, 'UTF-8');
}

if (empty($_SESSION['csrf'])) {
    $_SESSION['csrf'] = bin2hex(random_bytes(32));
}

$errors = [];
$name = trim((string) ($_POST['name'] ?? ''));
$email = trim((string) ($_POST['email'] ?? ''));
$shiftId = filter_var($_POST['shift'] ?? null, FILTER_VALIDATE_INT);

if ($_SERVER['REQUEST_METHOD'] === 'POST') {
    if (!hash_equals($_SESSION['csrf'], (string) ($_POST['csrf'] ?? ''))) {
        http_response_code(403);
        exit('Session expired, please reload the page.');
    }
    if ($name === '' || mb_strlen($name) > 100) {
        $errors[] = 'Please enter your name.';
    }
    if (!filter_var($email, FILTER_VALIDATE_EMAIL)) {
        $errors[] = 'Please enter a valid email address.';
    }
    if ($shiftId === false) {
        $errors[] = 'Please pick a shift.';
    }
    if (!$errors) {
        $code = bin2hex(random_bytes(16));
        $stmt = $pdo->prepare('INSERT INTO signups (shift_id, name, email, cancel_code_hash) VALUES (?, ?, ?, ?)');
        $stmt->execute([$shiftId, $name, strtolower($email), hash('sha256', $code)]);
        $_SESSION['flash'] = 'Thanks! A confirmation email is on its way.';
        header('Location: /volunteer/thanks.php', true, 303);
        exit;
    }
}

$shifts = $pdo->query('SELECT id, starts_at, location, spots_left FROM shifts WHERE starts_at > NOW() AND spots_left > 0 ORDER BY starts_at LIMIT 30')
    ->fetchAll(PDO::FETCH_ASSOC);
$location = $_GET['location'] ?? '';
if ($location !== '') {
    $stmt = $pdo->prepare('SELECT id, starts_at, location, spots_left FROM shifts WHERE location = :loc AND starts_at > NOW() ORDER BY starts_at');
    $stmt->execute(['loc' => $location]);
    $shifts = $stmt->fetchAll(PDO::FETCH_ASSOC);
}
?>
<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Volunteer with us</title></head>
<body>
<h1>Volunteer shifts<?= $location !== '' ? ' in ' . e($location) : '' ?></h1>
<?php foreach ($errors as $err): ?>
    <p class="error"><?= e($err) ?></p>
<?php endforeach; ?>
<form method="post">
    <input type="hidden" name="csrf" value="<?= e($_SESSION['csrf']) ?>">
    <label>Name <input name="name" value="<?= e($name) ?>"></label>
    <label>Email <input name="email" type="email" value="<?= e($email) ?>"></label>
    <select name="shift">
        <?php foreach ($shifts as $s): ?>
            <option value="<?= (int) $s['id'] ?>"><?= e($s['starts_at']) ?> &middot; <?= e($s['location']) ?> (<?= (int) $s['spots_left'] ?> left)</option>
        <?php endforeach; ?>
    </select>
    <button type="submit">Sign up</button>
</form>
</body>
</html>
