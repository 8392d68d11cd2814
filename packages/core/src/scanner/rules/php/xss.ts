import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext } from '../../rule.ts';
import { isTruthy, rendersMarkup, responseContentType } from '../../lang/php/helpers.ts';
import { isControllerAction, isRouteClosure } from '../../lang/php/profile.ts';

/** Request getters that return arrays: a framework turns an array response into JSON, not HTML. */
const WHOLE_INPUT = /->(?:all|validated|only|except|json|toArray|getParsedBody|getQueryParams|keys)\(|^\$_(?:GET|POST|REQUEST|COOKIE|FILES)$/;

/** `print_r($x, true)` / `var_export($x, true)` return the text instead of printing it. */
function prints(call: CallView, ctx: MatchContext): boolean {
  const ret = call.args.find((a) => a.index === 1);
  return !ret || !isTruthy(ret.node, ctx);
}

export default defineRule({
  class: 'xss',
  confidence: 'high',
  cwe: ['CWE-79'],
  languages: ['php'],
  remediation:
    "Escape on output for the context: `htmlspecialchars($x, ENT_QUOTES, 'UTF-8')` in HTML (Laravel `e()`, WordPress `esc_html()`/`esc_attr()`/`esc_url()`), `json_encode()` for JSON, or render through a template engine with auto-escaping (Blade `{{ }}`, Twig). Cast numbers with `(int)`.",
  references: [
    'https://cwe.mitre.org/data/definitions/79.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Cross_Site_Scripting_Prevention_Cheat_Sheet.html',
    'https://www.php.net/manual/en/function.htmlspecialchars.php',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['echo', 'print', 'printf', 'vprintf', 'exit', 'die'], args: 'all' },
      { callee: ['print_r', 'var_export'], args: [0], where: (call, ctx) => prints(call, ctx) },
      // Framework responses default to text/html.
      {
        callee: ['response', 'Response.make', 'Response'],
        args: [0],
        where: (call, _ctx, taint) => (call.name !== 'Response' || call.isNew) && (taint.built || !WHOLE_INPUT.test(taint.label)),
      },
      { callee: ['*.setContent', '*.write'], args: [0], where: (call, ctx) => /(?:response|body|res)$/i.test(ctx.pathText(call.receiver ?? call.node) ?? '') },
      { callee: ['*.getBody().write'], args: [0] },
    ],
    // A controller action or route closure returning HTML it built sends it as the response (Laravel, CodeIgniter).
    returnSink: (fn, _ctx, taint) => taint.built && /<[a-z!/]/i.test(taint.text) && (isControllerAction(fn) || isRouteClosure(fn)),
    params: 'never',
    local: 'never',
    // Output after `header('Content-Type: application/json')` (or text/plain, CSV, XML) is not rendered
    // as HTML — when that header is set on the way to the sink, not in another branch or function.
    check: (_taint, ctx, at) => {
      const type = responseContentType(at, ctx);
      return type === null || rendersMarkup(type);
    },
  },
});
