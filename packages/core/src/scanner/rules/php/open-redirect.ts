import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'open-redirect',
  confidence: 'high',
  languages: ['php'],
  remediation:
    'Redirect only to relative paths you build, or check the target against an allow-list of hosts (`parse_url($url, PHP_URL_HOST)`); in WordPress use `wp_safe_redirect()` / `wp_validate_redirect()`, in Laravel `redirect()->route(…)` or `redirect()->intended()`.',
  references: ['https://cwe.mitre.org/data/definitions/601.html', 'https://cheatsheetseries.owasp.org/cheatsheets/Unvalidated_Redirects_and_Forwards_Cheat_Sheet.html'],
  matcher: {
    kind: 'taint',
    // Sinks are in the models (stdlib header(), laravel, symfony, psr7, wordpress, codeigniter).
    sinks: [],
    params: 'never',
    local: 'never',
    // The script's own path (`$_SERVER['PHP_SELF']`, `SCRIPT_NAME`) redirects back to this site (post/redirect/get);
    // the request URI does not: `GET //evil.example/` makes `Location: //evil.example/`.
    check: (taint) => !/^\$_SERVER\s*\[\s*['"](?:PHP_SELF|SCRIPT_NAME|PATH_INFO|QUERY_STRING)['"]/.test(taint.label),
  },
});
