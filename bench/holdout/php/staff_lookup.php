<?php
/**
 * University staff lookup + course catalogue import.
 */
declare(strict_types=1);

require_once __DIR__ . '/config.php';

final class StaffDirectory
{
    private $conn;

    public function __construct(string $uri, string $bindDn, string $bindPw)
    {
        $this->conn = ldap_connect($uri);
        ldap_set_option($this->conn, LDAP_OPT_PROTOCOL_VERSION, 3);
        ldap_set_option($this->conn, LDAP_OPT_REFERRALS, 0);
        if (!ldap_bind($this->conn, $bindDn, $bindPw)) {
            throw new RuntimeException('LDAP bind failed');
        }
    }

    public function byName(string $name, string $faculty = ''): array
    {
        $filter = '(&(objectClass=eduPerson)(displayName=*' . $name . '*)';
        if ($faculty !== '') {
            $filter .= '(ou=' . ldap_escape($faculty, '', LDAP_ESCAPE_FILTER) . ')';
        }
        $filter .= ')';
        // expect: CWE-90
        $result = ldap_search($this->conn, 'ou=staff,dc=uni,dc=example', $filter, ['displayName', 'mail', 'telephoneNumber']);
        return $result ? ldap_get_entries($this->conn, $result) : [];
    }

    public function byUid(string $uid): array
    {
        $filter = sprintf('(&(objectClass=eduPerson)(uid=%s))', ldap_escape($uid, '', LDAP_ESCAPE_FILTER));
        $result = ldap_search($this->conn, 'ou=staff,dc=uni,dc=example', $filter, ['displayName', 'mail']);
        return $result ? ldap_get_entries($this->conn, $result) : [];
    }
}

final class CourseCatalogue
{
    private DOMDocument $doc;

    public function __construct(string $path)
    {
        $this->doc = new DOMDocument();
        $this->doc->load($path, LIBXML_NONET);
    }

    public function coursesTaughtBy(string $lecturer): array
    {
        $xp = new DOMXPath($this->doc);
        // expect: CWE-643
        $nodes = $xp->query("//course[lecturer='" . $lecturer . "']/title");
        $out = [];
        foreach ($nodes as $n) {
            $out[] = $n->textContent;
        }
        return $out;
    }

    public function courseByCode(string $code): ?string
    {
        if (!preg_match('/^[A-Z]{3,4}[0-9]{3}$/', $code)) {
            return null;
        }
        $xp = new DOMXPath($this->doc);
        $nodes = $xp->query("//course[@code='$code']/title");
        return $nodes->length ? $nodes->item(0)->textContent : null;
    }

    public static function importFromUpload(string $xml): int
    {
        $doc = new DOMDocument();
        // expect: CWE-611
        $doc->loadXML($xml, LIBXML_NOENT | LIBXML_DTDLOAD);
        $count = 0;
        foreach ($doc->getElementsByTagName('course') as $course) {
            $count++;
        }
        return $count;
    }

    public static function validateUpload(string $xml): bool
    {
        $doc = new DOMDocument();
        return $doc->loadXML($xml, LIBXML_NONET) !== false;
    }
}

header('Content-Type: application/json');
$dir = new StaffDirectory(LDAP_URI, LDAP_BIND_DN, getenv('LDAP_BIND_PW') ?: '');
$cat = new CourseCatalogue('/var/lib/catalogue/courses.xml');

switch ($_GET['op'] ?? '') {
    case 'search':
        echo json_encode($dir->byName((string) ($_GET['name'] ?? ''), (string) ($_GET['faculty'] ?? '')));
        break;
    case 'person':
        echo json_encode($dir->byUid((string) ($_GET['uid'] ?? '')));
        break;
    case 'teaching':
        echo json_encode($cat->coursesTaughtBy((string) ($_GET['lecturer'] ?? '')));
        break;
    case 'course':
        echo json_encode(['title' => $cat->courseByCode((string) ($_GET['code'] ?? ''))]);
        break;
    case 'import':
        echo json_encode(['courses' => CourseCatalogue::importFromUpload(file_get_contents('php://input'))]);
        break;
    default:
        http_response_code(400);
        echo json_encode(['error' => 'unknown op']);
}
