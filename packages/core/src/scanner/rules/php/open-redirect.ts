import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { leadingLiteral, redirectHeaderTarget, unwrap } from '../../lang/php/helpers.ts';

/** The script's own path: a redirect to it stays on this site (post/redirect/get). */
const OWN_PATH = /^\$_SERVER\s*\[\s*['"](?:PHP_SELF|SCRIPT_NAME|PATH_INFO|QUERY_STRING)['"]/;
const REQUEST_URI = /^\$_SERVER\s*\[\s*['"]REQUEST_URI['"]/;

/** The first piece of a concatenation or interpolated string that is not written in the code. */
function firstDynamicPart(node: SyntaxNode, ctx: MatchContext, depth = 0): SyntaxNode | null {
  const n = unwrap(node);
  if (depth > 16) return null;
  if (n.type === 'binary_expression' && n.child('operator')?.text === '.') {
    const left = n.child('left');
    const right = n.child('right');
    return (left ? firstDynamicPart(left, ctx, depth + 1) : null) ?? (right ? firstDynamicPart(right, ctx, depth + 1) : null);
  }
  if (n.type === 'encapsed_string') {
    for (const part of n.namedChildren) if (part.type !== 'string_content' && part.type !== 'string_value' && part.type !== 'escape_sequence') return part;
    return null;
  }
  return ctx.literalKind(n) === null ? n : null;
}

/**
 * The request URI is a path on this site, except when it is the whole destination: `GET //evil.example/`
 * makes `Location: //evil.example/`. After a fixed host or a base URL it stays a path.
 */
function openTarget(taint: Taint, ctx: MatchContext, at: SyntaxNode): boolean {
  if (OWN_PATH.test(taint.label)) return false;
  if (!REQUEST_URI.test(taint.label)) return true;
  const lead = leadingLiteral(at, ctx);
  const target = redirectHeaderTarget(lead) ?? lead;
  const first = firstDynamicPart(at, ctx);
  return target.trim() === '' && first !== null && REQUEST_URI.test(first.text);
}

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
    // The script's own path (`$_SERVER['PHP_SELF']`, `SCRIPT_NAME`) redirects back to this site; the request URI only when nothing precedes it.
    check: (taint, ctx, at) => openTarget(taint, ctx, at),
  },
});
