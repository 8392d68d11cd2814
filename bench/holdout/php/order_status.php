<?php
// order_status.php - customer-facing order tracking page (legacy storefront)
require_once __DIR__ . '/inc/bootstrap.php';

$db = mysqli_connect(getenv('DB_HOST'), getenv('DB_USER'), getenv('DB_PASS'), 'storefront');
if (!$db) {
    http_response_code(500);
    exit('Service unavailable');
}
mysqli_set_charset($db, 'utf8mb4');

function h($s)
{
    return htmlspecialchars((string) $s, ENT_QUOTES | ENT_SUBSTITUTE, 'UTF-8');
}

function find_order($db, $orderNo, $email)
{
    $stmt = mysqli_prepare($db, 'SELECT id, order_no, status, carrier, tracking_no, placed_at FROM orders WHERE order_no = ? AND email = ?');
    mysqli_stmt_bind_param($stmt, 'ss', $orderNo, $email);
    mysqli_stmt_execute($stmt);
    $res = mysqli_stmt_get_result($stmt);
    return mysqli_fetch_assoc($res);
}

function order_items($db, $orderId, $sort)
{
    $columns = ['name' => 'p.name', 'price' => 'i.unit_price', 'qty' => 'i.qty'];
    $orderBy = isset($columns[$sort]) ? $columns[$sort] : 'p.name';
    $sql = "SELECT p.name, i.qty, i.unit_price FROM order_items i JOIN products p ON p.id = i.product_id WHERE i.order_id = " . (int) $orderId . " ORDER BY $orderBy";
    return mysqli_query($db, $sql);
}

$orderNo = isset($_GET['order']) ? trim($_GET['order']) : '';
$email = isset($_GET['email']) ? trim($_GET['email']) : '';
$sort = isset($_GET['sort']) ? $_GET['sort'] : 'name';

$order = null;
if ($orderNo !== '' && $email !== '') {
    $order = find_order($db, $orderNo, $email);
}

// Recent status history, also shown to support agents
$history = [];
if ($order) {
    $since = isset($_GET['since']) ? $_GET['since'] : '2000-01-01';
    $q = "SELECT status, note, changed_at FROM order_history WHERE order_id = {$order['id']} AND changed_at >= '$since' ORDER BY changed_at DESC";
    // expect: CWE-89
    $res = mysqli_query($db, $q);
    while ($row = mysqli_fetch_assoc($res)) {
        $history[] = $row;
    }
}
?>
<!doctype html>
<html>
<head><title>Track your order</title></head>
<body>
<form method="get">
    <input name="order" value="<?= h($orderNo) ?>" placeholder="Order number">
    <input name="email" value="<?= h($email) ?>" placeholder="Email">
    <button>Track</button>
</form>

<?php if ($orderNo !== '' && !$order): ?>
    <?php // expect: CWE-79 ?>
    <p class="error">We couldn't find order <strong><?php echo $orderNo; ?></strong>. Please check the number.</p>
<?php elseif ($order): ?>
    <h2>Order <?= h($order['order_no']) ?></h2>
    <p>Status: <?= h($order['status']) ?></p>
    <?php if ($order['tracking_no']): ?>
        <p>Tracking: <a href="https://track.example.com/?n=<?= urlencode($order['tracking_no']) ?>"><?= h($order['tracking_no']) ?></a></p>
    <?php endif; ?>
    <table>
        <tr><th>Item</th><th>Qty</th><th>Price</th></tr>
        <?php $items = order_items($db, $order['id'], $sort); ?>
        <?php while ($it = mysqli_fetch_assoc($items)): ?>
            <tr><td><?= h($it['name']) ?></td><td><?= (int) $it['qty'] ?></td><td><?= number_format((float) $it['unit_price'], 2) ?></td></tr>
        <?php endwhile; ?>
    </table>
    <ul class="history">
        <?php foreach ($history as $ev): ?>
            <li><?= h($ev['changed_at']) ?> &ndash; <?= h($ev['status']) ?>: <?= h($ev['note']) ?></li>
        <?php endforeach; ?>
    </ul>
    <?php if (!empty($_GET['msg'])): ?>
        <?php // expect: CWE-79 ?>
        <div class="flash"><?= $_GET['msg'] ?></div>
    <?php endif; ?>
<?php endif; ?>
</body>
</html>
