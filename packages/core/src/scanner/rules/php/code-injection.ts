import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'code-injection',
  confidence: 'high',
  cwe: ['CWE-94', 'CWE-95'],
  languages: ['php'],
  remediation:
    "Never evaluate request data: remove `eval`/`assert`/`create_function`/`preg_replace` with `/e` (use `preg_replace_callback`), and map user choices to code through an explicit allow-list (`$handlers = ['list' => fn() => …]; $handlers[$action] ?? abort(404)`) instead of `call_user_func($_GET['fn'])` or `$fn()`.",
  references: ['https://cwe.mitre.org/data/definitions/95.html', 'https://owasp.org/www-community/attacks/Code_Injection', 'https://www.php.net/manual/en/function.eval.php'],
  matcher: {
    kind: 'taint',
    // eval, assert, call_user_func and the like are in the stdlib model; these are names the adapter gives to syntax.
    sinks: [
      // preg_replace('/…/e', $replacement, $subject): the adapter names it `preg_replace/eval`.
      { callee: ['preg_replace/eval', 'preg_filter/eval', 'mb_ereg_replace/eval', 'mb_eregi_replace/eval'], args: [1, 2], label: 'preg_replace with the /e modifier' },
      // `$f(...)` where $f holds an untrusted name; `$obj->$method()` with an untrusted method name.
      { callee: ['*.__invoke'], receiver: true, args: [] },
      { callee: ['*.__call'], args: [], keywords: ['__method'], label: 'a dynamic method call ($obj->$method())' },
    ],
    params: 'never',
    local: 'never',
  },
});
