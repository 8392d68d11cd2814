<?php
declare(strict_types=1);

// Teacher gradebook: class roster, grade entry, CSV export (plain PHP + PDO).

session_set_cookie_params([
    'lifetime' => 0,
    'path'     => '/',
    'secure'   => true,
    'httponly' => true,
    'samesite' => 'Lax',
]);
session_start();

const EXPORT_DIR = '/var/gradebook/exports';
const ALLOWED_TERMS = ['fall', 'spring', 'summer'];

function db(): PDO
{
    static $pdo;
    if (!$pdo) {
        $pdo = new PDO(
            (string) getenv('GRADEBOOK_DSN'),
            (string) getenv('GRADEBOOK_DB_USER'),
            (string) getenv('GRADEBOOK_DB_PASS'),
            [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION, PDO::ATTR_EMULATE_PREPARES => false]
        );
    }
    return $pdo;
}

function e(?string $s): string
{
    return htmlspecialchars((string) $s, ENT_QUOTES | ENT_SUBSTITUTE, 'UTF-8');
}

function require_teacher(): int
{
    if (empty($_SESSION['teacher_id'])) {
        header('Location: /login.php');
        exit;
    }
    return (int) $_SESSION['teacher_id'];
}

function csrf_token(): string
{
    if (empty($_SESSION['csrf'])) {
        $_SESSION['csrf'] = bin2hex(random_bytes(32));
    }
    return $_SESSION['csrf'];
}

function roster(int $teacherId, int $sectionId, string $search): array
{
    $sql = 'SELECT s.id, s.full_name, g.score FROM students s
            JOIN enrollments en ON en.student_id = s.id
            JOIN sections sec ON sec.id = en.section_id
            LEFT JOIN grades g ON g.enrollment_id = en.id
            WHERE sec.id = :section AND sec.teacher_id = :teacher';
    $params = ['section' => $sectionId, 'teacher' => $teacherId];
    if ($search !== '') {
        $sql .= ' AND s.full_name ILIKE :search';
        $params['search'] = '%' . $search . '%';
    }
    $stmt = db()->prepare($sql . ' ORDER BY s.full_name');
    $stmt->execute($params);
    return $stmt->fetchAll(PDO::FETCH_ASSOC);
}

function save_grade(int $teacherId, int $studentId, int $sectionId, float $score): void
{
    $stmt = db()->prepare(
        'UPDATE grades g SET score = :score FROM enrollments en, sections sec
         WHERE g.enrollment_id = en.id AND en.section_id = sec.id
           AND en.student_id = :student AND sec.id = :section AND sec.teacher_id = :teacher'
    );
    $stmt->execute(['score' => $score, 'student' => $studentId, 'section' => $sectionId, 'teacher' => $teacherId]);
}

function export_csv(int $teacherId, int $sectionId, string $term): string
{
    $file = sprintf('%s/%d-%d-%s.csv', EXPORT_DIR, $teacherId, $sectionId, $term);
    $fh = fopen($file, 'wb');
    foreach (roster($teacherId, $sectionId, '') as $row) {
        fputcsv($fh, [$row['id'], $row['full_name'], $row['score']]);
    }
    fclose($fh);
    $gz = escapeshellarg($file);
    exec('gzip -f ' . $gz, $out, $code);
    return basename($file) . '.gz';
}

function download_export(int $teacherId, string $name): void
{
    $base = realpath(EXPORT_DIR);
    $path = realpath(EXPORT_DIR . '/' . basename($name));
    if ($path === false || !str_starts_with($path, $base . '/') || !str_starts_with(basename($path), $teacherId . '-')) {
        http_response_code(404);
        exit;
    }
    header('Content-Type: application/gzip');
    header('ETag: "' . md5_file($path) . '"');
    readfile($path);
    exit;
}

$teacherId = require_teacher();
$sectionId = filter_input(INPUT_GET, 'section', FILTER_VALIDATE_INT) ?: 0;

if ($_SERVER['REQUEST_METHOD'] === 'POST') {
    if (!hash_equals(csrf_token(), (string) ($_POST['csrf'] ?? ''))) {
        http_response_code(403);
        exit;
    }
    if (($_POST['action'] ?? '') === 'grade') {
        $score = filter_var($_POST['score'] ?? null, FILTER_VALIDATE_FLOAT, ['options' => ['min_range' => 0, 'max_range' => 100]]);
        if ($score !== false) {
            save_grade($teacherId, (int) $_POST['student'], $sectionId, $score);
        }
    } elseif (($_POST['action'] ?? '') === 'export') {
        $term = in_array($_POST['term'] ?? '', ALLOWED_TERMS, true) ? $_POST['term'] : 'fall';
        $_SESSION['flash'] = 'Export ready: ' . export_csv($teacherId, $sectionId, $term);
    }
    header('Location: /gradebook.php?section=' . $sectionId);
    exit;
}

if (isset($_GET['download'])) {
    download_export($teacherId, (string) $_GET['download']);
}

$search = trim((string) ($_GET['q'] ?? ''));
$students = $sectionId ? roster($teacherId, $sectionId, $search) : [];
$flash = $_SESSION['flash'] ?? '';
unset($_SESSION['flash']);
$tipOfTheDay = ['Use Tab to move between score cells.', 'Exports are kept for 7 days.', 'Press / to focus search.'][mt_rand(0, 2)];
?>
<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Gradebook</title></head>
<body>
<?php if ($flash !== ''): ?>
  <p class="flash"><?= e($flash) ?></p>
<?php endif; ?>
<p class="tip"><?= e($tipOfTheDay) ?></p>

<form method="get">
  <input type="hidden" name="section" value="<?= (int) $sectionId ?>">
  <input name="q" value="<?= e($search) ?>" placeholder="Search students">
</form>

<?php if ($search !== ''): ?>
  <h2>Results for &ldquo;<?= e($search) ?>&rdquo;</h2>
<?php endif; ?>

<table>
<?php foreach ($students as $student): ?>
  <tr>
    <td><?= e($student['full_name']) ?></td>
    <td>
      <form method="post">
        <input type="hidden" name="csrf" value="<?= e(csrf_token()) ?>">
        <input type="hidden" name="action" value="grade">
        <input type="hidden" name="student" value="<?= (int) $student['id'] ?>">
        <input name="score" value="<?= e((string) $student['score']) ?>">
      </form>
    </td>
  </tr>
<?php endforeach; ?>
</table>

<form method="post">
  <input type="hidden" name="csrf" value="<?= e(csrf_token()) ?>">
  <input type="hidden" name="action" value="export">
  <select name="term"><?php foreach (ALLOWED_TERMS as $t): ?><option><?= e($t) ?></option><?php endforeach; ?></select>
  <button>Export CSV</button>
</form>
</body>
</html>
