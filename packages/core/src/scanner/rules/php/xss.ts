import { defineRule } from '../../rule.ts';
import { rendersMarkup, responseContentType } from '../../lang/php/helpers.ts';
import { isControllerAction, isRouteClosure } from '../../lang/php/profile.ts';

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
    // Sinks are in the models (stdlib echo/print, laravel, symfony, psr7).
    sinks: [],
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
