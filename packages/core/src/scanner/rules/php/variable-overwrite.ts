import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'variable-overwrite',
  confidence: 'high',
  languages: ['php'],
  remediation:
    "Read the fields you need explicitly (`$name = $_POST['name'] ?? '';`) instead of `extract($_POST)`; if `extract()` is unavoidable use `EXTR_SKIP` with an allow-listed array. Always pass a result array to `parse_str($str, $out)`.",
  references: ['https://cwe.mitre.org/data/definitions/621.html', 'https://www.php.net/manual/en/function.extract.php'],
  matcher: {
    kind: 'taint',
    sinks: [
      // extract()/parse_str() are in the stdlib model. `foreach ($_POST as $k => $v) { $$k = $v; }`: register_globals by hand.
      { callee: ['$$'], args: [0], label: 'a variable variable (${$name} = …)' },
    ],
    params: 'never',
    local: 'never',
  },
});
