import { defineRule } from '../../rule.ts';
import { isUploadName, urlLike } from '../../lang/php/helpers.ts';

export default defineRule({
  class: 'path-traversal',
  confidence: 'high',
  cwe: ['CWE-22'],
  languages: ['php'],
  remediation:
    'Do not build file paths from request data. Keep only the file name (`basename($name)`), resolve it with `realpath()` and check that the result starts with the intended base directory (`str_starts_with($real, $base . DIRECTORY_SEPARATOR)`), or map ids to files through an allow-list.',
  references: ['https://cwe.mitre.org/data/definitions/22.html', 'https://owasp.org/www-community/attacks/Path_Traversal', 'https://www.php.net/manual/en/function.realpath.php'],
  matcher: {
    kind: 'taint',
    // Sinks are in the models (stdlib, laravel, symfony).
    sinks: [],
    params: 'never',
    local: 'never',
    // `file_get_contents($url)` / `fopen($url)` on a URL is SSRF (its own rule), not path traversal; and
    // an upload's client file name cannot traverse (PHP strips its directories): unrestricted upload is its own rule.
    check: (taint, ctx, at) => !isUploadName(taint) && !urlLike(taint, at, ctx),
  },
});
