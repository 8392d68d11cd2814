import { defineRule } from '../../rule.ts';
import { hostFixed } from '../../lang/php/heuristics.ts';
import { hostChecked } from '../../lang/php/helpers.ts';

export default defineRule({
  class: 'ssrf',
  confidence: 'high',
  languages: ['php'],
  remediation:
    'Do not fetch URLs taken from the request. Keep the scheme and host fixed in code and put user data only in the path or query (`"https://api.example.com/items/" . rawurlencode($id)`), or check `parse_url($url, PHP_URL_HOST)` against an allow-list and block internal addresses before fetching (WordPress: `wp_safe_remote_get`).',
  references: ['https://cwe.mitre.org/data/definitions/918.html', 'https://cheatsheetseries.owasp.org/cheatsheets/Server_Side_Request_Forgery_Prevention_Cheat_Sheet.html'],
  matcher: {
    kind: 'taint',
    // Sinks are in the models (stdlib streams and curl, guzzle, laravel, wordpress).
    sinks: [],
    params: 'never',
    local: 'never',
    check: (_taint, ctx, at) => !hostFixed(at, ctx) && !hostChecked(at, ctx),
  },
});
