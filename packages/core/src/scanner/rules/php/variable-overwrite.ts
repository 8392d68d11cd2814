import type { CallView } from '../../engine/adapter.ts';
import { defineRule } from '../../rule.ts';

/** `extract($x, EXTR_SKIP)` / prefixed extraction cannot overwrite existing variables. */
function overwrites(call: CallView): boolean {
  if (call.name !== 'extract') return call.args.filter((a) => a.index >= 0).length === 1;
  const flags = call.args.find((a) => a.index === 1 || a.name === 'flags');
  return !flags || !/EXTR_(?:SKIP|PREFIX_ALL|PREFIX_INVALID|PREFIX_SAME|PREFIX_IF_EXISTS)/.test(flags.node.text);
}

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
      { callee: ['extract', 'parse_str', 'mb_parse_str', 'import_request_variables'], args: [0], where: (call) => overwrites(call) },
      // `foreach ($_POST as $k => $v) { $$k = $v; }`: register_globals by hand.
      { callee: ['$$'], args: [0], label: 'a variable variable (${$name} = …)' },
    ],
    params: 'never',
    local: 'never',
  },
});
