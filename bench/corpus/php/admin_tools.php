<?php
/*
 * Admin maintenance tools: database backup, connectivity check, log tail.
 * Only reachable from the admin VPN (see nginx config), but still behind login.
 */
session_start();
if (empty($_SESSION['is_admin'])) {
    header('HTTP/1.1 403 Forbidden');
    exit('Admins only');
}

$backupDir = '/var/backups/app';
// expect: CWE-798
$dbPassword = 'Pr0d-Backup!2019';

function h($s)
{
    return htmlspecialchars((string)$s, ENT_QUOTES, 'UTF-8');
}

$output = '';
$tool = $_POST['tool'] ?? '';

if ($tool === 'backup') {
    $database = $_POST['database'] ?? 'app';
    $file = $backupDir . '/' . date('Ymd-His') . '.sql.gz';
    $cmd = "mysqldump -u backup -p'" . $dbPassword . "' " . $database . " | gzip > " . $file;
    // expect: CWE-78
    $output = shell_exec($cmd . ' 2>&1');
    $output .= "\nWritten to " . $file;
} elseif ($tool === 'ping') {
    $host = $_POST['host'] ?? '';
    ob_start();
    // expect: CWE-78
    system('ping -c 3 -W 2 ' . $host);
    $output = ob_get_clean();
} elseif ($tool === 'dns') {
    // escapeshellarg keeps the hostname a single argument
    $host = $_POST['host'] ?? '';
    exec('dig +short ' . escapeshellarg($host), $lines, $rc);
    $output = implode("\n", $lines);
} elseif ($tool === 'tail') {
    $logs = [
        'app'   => '/var/log/app/app.log',
        'nginx' => '/var/log/nginx/error.log',
        'queue' => '/var/log/app/worker.log',
    ];
    $which = $_POST['log'] ?? 'app';
    if (!isset($logs[$which])) {
        $output = 'Unknown log';
    } else {
        $n = max(10, min(500, (int)($_POST['lines'] ?? 100)));
        $output = shell_exec('tail -n ' . $n . ' ' . escapeshellarg($logs[$which]));
    }
} elseif ($tool === 'disk') {
    $output = shell_exec('df -h /var /tmp');
}
?>
<!doctype html>
<html>
<head><title>Maintenance</title></head>
<body>
<form method="post">
    <select name="tool">
        <option value="backup">Backup</option>
        <option value="ping">Ping</option>
        <option value="dns">DNS lookup</option>
        <option value="tail">Tail log</option>
        <option value="disk">Disk usage</option>
    </select>
    <input name="host" placeholder="host">
    <input name="database" placeholder="database">
    <button>Run</button>
</form>
<pre><?= h($output) ?></pre>
</body>
</html>
