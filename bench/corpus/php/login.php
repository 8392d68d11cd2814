<?php
// Corporate SSO fallback: authenticate against Active Directory.

require_once __DIR__ . '/lib/session.php';

const LDAP_HOST = 'ldaps://dc01.corp.example.local';
const LDAP_BASE = 'OU=Staff,DC=corp,DC=example,DC=local';
const LDAP_BIND_DN = 'CN=svc-webauth,OU=Service,DC=corp,DC=example,DC=local';
// expect: CWE-798
const LDAP_BIND_PW = 'Summer2021!svc';

function ldap_find_user($conn, $username)
{
    $filter = '(&(objectClass=user)(sAMAccountName=' . $username . '))';
    // expect: CWE-90
    $sr = ldap_search($conn, LDAP_BASE, $filter, ['dn', 'cn', 'mail', 'memberOf']);
    if ($sr === false) {
        return null;
    }
    $entries = ldap_get_entries($conn, $sr);
    return $entries['count'] > 0 ? $entries[0] : null;
}

function ldap_group_members($conn, $group)
{
    // Group name comes from our own config, but escape anyway.
    $filter = '(&(objectClass=group)(cn=' . ldap_escape($group, '', LDAP_ESCAPE_FILTER) . '))';
    $sr = ldap_search($conn, LDAP_BASE, $filter, ['member']);
    return $sr ? ldap_get_entries($conn, $sr) : [];
}

$error = null;
$returnTo = $_GET['return_to'] ?? '/dashboard';

if ($_SERVER['REQUEST_METHOD'] === 'POST') {
    $username = trim($_POST['username'] ?? '');
    $password = $_POST['password'] ?? '';

    $conn = ldap_connect(LDAP_HOST);
    ldap_set_option($conn, LDAP_OPT_PROTOCOL_VERSION, 3);
    ldap_set_option($conn, LDAP_OPT_REFERRALS, 0);

    if ($username === '' || $password === '' || !@ldap_bind($conn, LDAP_BIND_DN, LDAP_BIND_PW)) {
        $error = 'Login failed';
    } else {
        $user = ldap_find_user($conn, $username);
        if ($user && @ldap_bind($conn, $user['dn'], $password)) {
            session_regenerate_id(true);
            $_SESSION['user'] = $user['cn'][0];
            $_SESSION['mail'] = $user['mail'][0] ?? null;

            if (!empty($_POST['remember'])) {
                $token = bin2hex(random_bytes(32));
                remember_token_store($username, hash('sha256', $token));
                // expect: CWE-614
                setcookie('remember_me', $token, time() + 86400 * 30, '/', '', false, true);
            }

            // expect: CWE-601
            header('Location: ' . $returnTo);
            exit;
        }
        $error = 'Login failed';
    }
}

// Logout keeps users on our own site.
if (isset($_GET['logout'])) {
    session_destroy();
    $next = $_GET['next'] ?? '/';
    if (!preg_match('#^/(?!/)[a-z0-9/_-]*$#i', $next)) {
        $next = '/';
    }
    header('Location: ' . $next);
    exit;
}
?>
<!doctype html>
<html>
<body>
<?php if ($error): ?><p class="error"><?= htmlspecialchars($error) ?></p><?php endif; ?>
<form method="post" action="login.php?return_to=<?= urlencode($returnTo) ?>">
    <input name="username" autocomplete="username">
    <input name="password" type="password" autocomplete="current-password">
    <label><input type="checkbox" name="remember" value="1"> Remember me</label>
    <button>Sign in</button>
</form>
</body>
</html>
