<?php
/**
 * Customer back-office: order history.
 *
 * GET params: status, ref, sort, page, id
 */
require_once __DIR__ . '/includes/db.php';
require_once __DIR__ . '/includes/auth.php';

session_start();
require_login();

$conn = db_connect();
mysqli_set_charset($conn, 'utf8mb4');

$customerId = (int)$_SESSION['customer_id'];
$status     = isset($_GET['status']) ? $_GET['status'] : 'open';
$ref        = isset($_GET['ref']) ? trim($_GET['ref']) : '';
$sort       = isset($_GET['sort']) ? $_GET['sort'] : 'created_at';
$page       = isset($_GET['page']) ? (int)$_GET['page'] : 1;
$perPage    = 25;
$offset     = max(0, ($page - 1) * $perPage);

// Single order view uses a prepared statement.
if (!empty($_GET['id'])) {
    $stmt = mysqli_prepare($conn, 'SELECT id, reference, total, status FROM orders WHERE id = ? AND customer_id = ?');
    mysqli_stmt_bind_param($stmt, 'ii', $_GET['id'], $customerId);
    mysqli_stmt_execute($stmt);
    $order = mysqli_fetch_assoc(mysqli_stmt_get_result($stmt));
    if (!$order) {
        http_response_code(404);
        exit('Order not found');
    }
    echo '<h1>Order ' . htmlspecialchars($order['reference'], ENT_QUOTES, 'UTF-8') . '</h1>';
    echo '<p>Total: ' . number_format((float)$order['total'], 2) . '</p>';
    exit;
}

// Count for the pager
$statusSql = mysqli_real_escape_string($conn, $status);
$countRes  = mysqli_query($conn, "SELECT COUNT(*) AS n FROM orders WHERE customer_id = $customerId AND status = '$statusSql'");
$total     = (int)mysqli_fetch_assoc($countRes)['n'];

$where = "customer_id = $customerId AND status = '$statusSql'";
if ($ref !== '') {
    $where .= " AND reference LIKE '%" . $ref . "%'";
}

$query = "SELECT id, reference, total, status, customer_note, created_at FROM orders WHERE " . $where;
$query .= " ORDER BY created_at DESC LIMIT $offset, $perPage";
// expect: CWE-89
$result = mysqli_query($conn, $query);

// Export variant lets power users pick the sort column
if (isset($_GET['export'])) {
    header('Content-Type: text/csv');
    // expect: CWE-89
    $rows = mysqli_query($conn, "SELECT reference, total, status FROM orders WHERE customer_id = $customerId ORDER BY " . $sort);
    while ($r = mysqli_fetch_row($rows)) {
        echo implode(',', $r), "\n";
    }
    exit;
}
?>
<!DOCTYPE html>
<html>
<head><title>My orders</title></head>
<body>
<h1>Orders (<?php echo htmlspecialchars($status, ENT_QUOTES, 'UTF-8'); ?>)</h1>
<?php
if ($ref !== '') {
    // expect: CWE-79
    echo '<p>Results for reference "' . $ref . '"</p>';
}
?>
<table>
    <tr><th>Reference</th><th>Total</th><th>Note</th><th>Date</th></tr>
<?php
while ($row = mysqli_fetch_assoc($result)) {
    echo '<tr>';
    echo '<td><a href="orders.php?id=' . (int)$row['id'] . '">' . htmlspecialchars($row['reference']) . '</a></td>';
    echo '<td>' . number_format((float)$row['total'], 2) . '</td>';
    // expect: CWE-79
    echo '<td>' . $row['customer_note'] . '</td>';
    echo '<td>' . date('Y-m-d', strtotime($row['created_at'])) . '</td>';
    echo '</tr>';
}
?>
</table>
<p>Page <?= $page ?> of <?= (int)ceil($total / $perPage) ?></p>
</body>
</html>
