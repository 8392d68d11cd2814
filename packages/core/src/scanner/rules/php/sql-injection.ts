import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'sql-injection',
  confidence: 'high',
  languages: ['php'],
  remediation:
    'Use prepared statements with bound parameters: `$stmt = $pdo->prepare("SELECT … WHERE id = ?"); $stmt->execute([$id]);`, `$mysqli->prepare(…)` + `bind_param`, `$wpdb->prepare("… %s", $x)`, Laravel `DB::select("… = ?", [$x])` / query builder `where("col", $x)`. Never concatenate or interpolate request data into SQL; cast numeric ids with `(int)`.',
  references: [
    'https://cwe.mitre.org/data/definitions/89.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/SQL_Injection_Prevention_Cheat_Sheet.html',
    'https://www.php.net/manual/en/pdo.prepared-statements.php',
  ],
  matcher: {
    kind: 'taint',
    // Sinks are in the models (mysqli, pgsql, pdo, doctrine, db-extensions, laravel, wordpress, …); a parameter counts once built into SQL text.
    sinks: [],
    params: 'built',
    check: (taint) => taint.built || taint.strength === 'remote',
  },
});
