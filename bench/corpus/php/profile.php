<?php
// Public member profile page: profile.php?u=<username>

require_once __DIR__ . '/includes/db.php';

$conn = db_connect();
mysqli_set_charset($conn, 'utf8mb4');

$username = isset($_GET['u']) ? (string)$_GET['u'] : '';
$tab      = isset($_GET['tab']) ? $_GET['tab'] : 'posts';
$allowedTabs = ['posts', 'comments', 'likes'];
if (!in_array($tab, $allowedTabs, true)) {
    $tab = 'posts';
}

$stmt = mysqli_prepare($conn, 'SELECT id, username, display_name, bio, website, joined_at FROM members WHERE username = ?');
mysqli_stmt_bind_param($stmt, 's', $username);
mysqli_stmt_execute($stmt);
$member = mysqli_fetch_assoc(mysqli_stmt_get_result($stmt));

function esc($s)
{
    return htmlspecialchars((string)$s, ENT_QUOTES | ENT_HTML5, 'UTF-8');
}

function safe_url($url)
{
    $scheme = strtolower((string)parse_url($url, PHP_URL_SCHEME));
    return in_array($scheme, ['http', 'https'], true) ? $url : '';
}

if (!$member) {
    http_response_code(404);
    echo '<p>No member named ' . esc($username) . '.</p>';
    exit;
}

$limit = 20;
$memberId = (int)$member['id'];
$table = $tab === 'comments' ? 'comments' : ($tab === 'likes' ? 'likes' : 'posts');
$items = mysqli_query($conn, "SELECT id, title, created_at FROM $table WHERE member_id = $memberId ORDER BY created_at DESC LIMIT $limit");
?>
<!DOCTYPE html>
<html lang="en">
<head>
    <meta charset="utf-8">
    <title><?= esc($member['display_name']) ?> – Profile</title>
</head>
<body>
<header>
    <h1><?= esc($member['display_name']) ?></h1>
    <p class="handle">@<?= esc($member['username']) ?></p>
    <?php if ($website = safe_url($member['website'])): ?>
        <a rel="nofollow noopener" href="<?= esc($website) ?>"><?= esc(parse_url($website, PHP_URL_HOST)) ?></a>
    <?php endif; ?>
    <div class="bio"><?= nl2br(esc($member['bio'])) ?></div>
</header>

<nav>
<?php foreach ($allowedTabs as $t): ?>
    <a href="profile.php?u=<?= urlencode($member['username']) ?>&amp;tab=<?= $t ?>"<?= $t === $tab ? ' class="active"' : '' ?>><?= ucfirst($t) ?></a>
<?php endforeach; ?>
</nav>

<ul>
<?php while ($row = mysqli_fetch_assoc($items)): ?>
    <li><a href="/<?= $table ?>/<?= (int)$row['id'] ?>"><?= esc($row['title']) ?></a>
        <time><?= esc(date('M j, Y', strtotime($row['created_at']))) ?></time></li>
<?php endwhile; ?>
</ul>

<script>
    window.profileData = <?= json_encode(['id' => $memberId, 'name' => $member['display_name'], 'tab' => $tab], JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT) ?>;
</script>
</body>
</html>
