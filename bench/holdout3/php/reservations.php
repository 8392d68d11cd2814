<?php
declare(strict_types=1);

// Boutique hotel reservations front-desk page (plain PHP + mysqli)

require_once __DIR__ . '/bootstrap.php';

$config = [
    'db_host'     => getenv('HOTEL_DB_HOST') ?: 'localhost',
    'db_user'     => getenv('HOTEL_DB_USER'),
    'db_pass'     => getenv('HOTEL_DB_PASS'),
    'db_name'     => 'hotel',
    'invoice_dir' => realpath(getenv('HOTEL_INVOICE_DIR') ?: '/var/hotel/invoices'),
    'folio_dir'   => '/var/hotel/folios',
];

function db(array $config): mysqli
{
    static $conn = null;
    if ($conn === null) {
        mysqli_report(MYSQLI_REPORT_ERROR | MYSQLI_REPORT_STRICT);
        $conn = new mysqli($config['db_host'], $config['db_user'], $config['db_pass'], $config['db_name']);
        $conn->set_charset('utf8mb4');
    }
    return $conn;
}

function h(?string $value): string
{
    return htmlspecialchars((string) $value, ENT_QUOTES | ENT_SUBSTITUTE, 'UTF-8');
}

function findReservation(mysqli $db, string $confirmation): ?array
{
    $stmt = $db->prepare('SELECT id, guest_name, room_no, check_in, check_out, status FROM reservations WHERE confirmation_code = ?');
    $stmt->bind_param('s', $confirmation);
    $stmt->execute();
    $row = $stmt->get_result()->fetch_assoc();
    return $row ?: null;
}

function searchGuests(mysqli $db, string $lastName, string $arrival): array
{
    $sql = "SELECT id, guest_name, room_no, check_in FROM reservations WHERE guest_name LIKE '%" . $lastName . "%'";
    if ($arrival !== '') {
        $sql .= " AND check_in = '" . $db->real_escape_string($arrival) . "'";
    }
    // expect: CWE-89
    $result = $db->query($sql);
    return $result->fetch_all(MYSQLI_ASSOC);
}

function roomsOnFloor(mysqli $db, $floor): array
{
    $floor = (int) $floor;
    return $db->query("SELECT room_no, type, status FROM rooms WHERE floor = {$floor} ORDER BY room_no")->fetch_all(MYSQLI_ASSOC);
}

function invoicePath(array $config, string $file): ?string
{
    $candidate = realpath($config['invoice_dir'] . DIRECTORY_SEPARATOR . basename($file));
    if ($candidate === false || strpos($candidate, $config['invoice_dir'] . DIRECTORY_SEPARATOR) !== 0) {
        return null;
    }
    return $candidate;
}

function printKeycard(string $roomNo, int $nights): string
{
    $cmd = '/opt/keycard/bin/encode --room ' . escapeshellarg($roomNo) . ' --nights ' . (int) $nights;
    return (string) shell_exec($cmd);
}

function exportFolio(array $config, string $folioId, string $format): string
{
    $out = $config['folio_dir'] . '/' . basename($folioId) . '.pdf';
    // expect: CWE-78
    return (string) shell_exec("/opt/folio/bin/render --format $format --id $folioId --out $out 2>&1");
}

$db = db($config);
$action = $_GET['action'] ?? 'search';

if ($action === 'invoice') {
    $path = invoicePath($config, (string) ($_GET['file'] ?? ''));
    if ($path === null) {
        http_response_code(404);
        exit;
    }
    header('Content-Type: application/pdf');
    header('ETag: "' . md5_file($path) . '"');
    readfile($path);
    exit;
}

if ($action === 'folio-attachment') {
    $attachment = $config['folio_dir'] . '/attachments/' . $_GET['name'];
    header('Content-Type: application/octet-stream');
    // expect: CWE-22
    readfile($attachment);
    exit;
}

if ($action === 'keycard' && $_SERVER['REQUEST_METHOD'] === 'POST') {
    echo h(printKeycard((string) $_POST['room'], (int) $_POST['nights']));
    exit;
}

if ($action === 'folio-export' && $_SERVER['REQUEST_METHOD'] === 'POST') {
    header('Content-Type: text/plain');
    echo exportFolio($config, (string) $_POST['folio'], (string) ($_POST['format'] ?? 'a4'));
    exit;
}

$lastName = trim((string) ($_GET['last_name'] ?? ''));
$arrival = (string) ($_GET['arrival'] ?? '');
$guests = $lastName !== '' ? searchGuests($db, $lastName, $arrival) : [];
$reservation = isset($_GET['code']) ? findReservation($db, (string) $_GET['code']) : null;
$floorRooms = isset($_GET['floor']) ? roomsOnFloor($db, $_GET['floor']) : [];
$notice = $_GET['notice'] ?? '';
?>
<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Front desk &middot; Reservations</title></head>
<body>
<?php if ($notice !== ''): ?>
  <?php // expect: CWE-79 ?>
  <div class="flash"><?= $notice ?></div>
<?php endif; ?>

<form method="get">
  <input name="last_name" value="<?= h($lastName) ?>" placeholder="Guest last name">
  <input name="arrival" type="date" value="<?= h($arrival) ?>">
  <button>Search</button>
</form>

<?php if ($reservation): ?>
  <section class="reservation">
    <h2><?= h($reservation['guest_name']) ?> &mdash; room <?= h((string) $reservation['room_no']) ?></h2>
    <p><?= h($reservation['check_in']) ?> to <?= h($reservation['check_out']) ?> (<?= h($reservation['status']) ?>)</p>
  </section>
<?php endif; ?>

<table>
  <?php foreach ($guests as $guest): ?>
    <tr><td><?= h($guest['guest_name']) ?></td><td><?= (int) $guest['room_no'] ?></td><td><?= h($guest['check_in']) ?></td></tr>
  <?php endforeach; ?>
</table>

<ul class="floor">
  <?php foreach ($floorRooms as $room): ?>
    <li><?= h($room['room_no']) ?> &middot; <?= h($room['type']) ?></li>
  <?php endforeach; ?>
</ul>
</body>
</html>
