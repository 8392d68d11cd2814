<?php
declare(strict_types=1);

require __DIR__ . '/../vendor/autoload.php';
require __DIR__ . '/../includes/session.php';

use Twig\Environment;
use Twig\Loader\FilesystemLoader;

require_role('it-admin');

$config = [
    'ldap_uri' => getenv('LDAP_URI') ?: 'ldaps://ldap.corp.example.com',
    'ldap_base' => 'ou=staff,dc=corp,dc=example,dc=com',
    'bind_dn' => getenv('LDAP_BIND_DN'),
    'bind_pw' => getenv('LDAP_BIND_PASSWORD'),
];

$twig = new Environment(new FilesystemLoader(__DIR__ . '/../templates'), [
    'autoescape' => 'html',
    'cache' => __DIR__ . '/../var/twig-cache',
]);

function ldap_connect_bound(array $config)
{
    $conn = ldap_connect($config['ldap_uri']);
    ldap_set_option($conn, LDAP_OPT_PROTOCOL_VERSION, 3);
    ldap_set_option($conn, LDAP_OPT_REFERRALS, 0);
    if (!ldap_bind($conn, $config['bind_dn'], $config['bind_pw'])) {
        throw new RuntimeException('LDAP bind failed: ' . ldap_error($conn));
    }
    return $conn;
}

function json_out(array $data, int $status = 200): void
{
    http_response_code($status);
    header('Content-Type: application/json');
    echo json_encode($data, JSON_UNESCAPED_SLASHES);
    exit;
}

$action = $_GET['action'] ?? 'index';

switch ($action) {
    case 'directory':
        $term = $_GET['q'] ?? '';
        $conn = ldap_connect_bound($config);
        $filter = "(&(objectClass=person)(|(cn=*{$term}*)(mail=*{$term}*)))";
        // expect: CWE-90
        $search = ldap_search($conn, $config['ldap_base'], $filter, ['cn', 'mail', 'telephonenumber'], 0, 50);
        $entries = ldap_get_entries($conn, $search);
        $people = [];
        for ($i = 0; $i < $entries['count']; $i++) {
            $people[] = [
                'name' => $entries[$i]['cn'][0] ?? '',
                'mail' => $entries[$i]['mail'][0] ?? '',
                'phone' => $entries[$i]['telephonenumber'][0] ?? '',
            ];
        }
        json_out(['people' => $people]);
        break;

    case 'department':
        $dept = ldap_escape((string) ($_GET['dept'] ?? ''), '', LDAP_ESCAPE_FILTER);
        $conn = ldap_connect_bound($config);
        $search = ldap_search($conn, $config['ldap_base'], "(departmentNumber={$dept})", ['cn', 'mail'], 0, 200);
        $entries = ldap_get_entries($conn, $search);
        json_out(['count' => $entries['count']]);
        break;

    case 'quota':
        $formula = (string) ($_POST['formula'] ?? '0');
        $usedGb = (float) ($_POST['used_gb'] ?? 0);
        $seats = (int) ($_POST['seats'] ?? 1);
        // expect: CWE-95
        $quota = eval('return ' . $formula . ';');
        json_out(['quota_gb' => (float) $quota, 'used_gb' => $usedGb, 'seats' => $seats]);
        break;

    case 'signature':
        $profile = [
            'name' => current_user()['display_name'],
            'title' => current_user()['job_title'],
            'phone' => current_user()['phone'],
        ];
        $template = (string) ($_POST['signature_template'] ?? '');
        if ($template === '') {
            echo $twig->render('signature/default.html.twig', ['user' => $profile]);
            break;
        }
        // expect: CWE-1336
        echo $twig->createTemplate($template)->render(['user' => $profile]);
        break;

    default:
        echo $twig->render('admin/tools.html.twig', [
            'user' => current_user(),
            'query' => $_GET['q'] ?? '',
        ]);
}
