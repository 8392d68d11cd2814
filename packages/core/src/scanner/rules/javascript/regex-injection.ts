import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { argAt, declaredValue, unwrap } from '../../lang/javascript/helpers.ts';

/** The classic escaping idiom `s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')` on the way to the pattern. */
function escaped(node: SyntaxNode | null, depth = 0): boolean {
  if (!node || depth > 3) return false;
  const n = unwrap(node);
  // `$&` is the whole match: `'\\$&'` puts a backslash before every metacharacter the regex matched.
  if (n.text.includes('.replace') && n.text.includes('\\$&')) return true;
  if (n.type === 'identifier') return escaped(declaredValue(n), depth + 1);
  if (n.type === 'template_string' || n.type === 'binary_expression') {
    for (const c of n.namedChildren) {
      const inner = c.type === 'template_substitution' ? c.namedChildren[0] : c;
      if (inner && inner.type === 'identifier' && escaped(declaredValue(inner), depth + 1)) return true;
    }
  }
  return false;
}

function pattern(call: CallView, _ctx: MatchContext): boolean {
  return !escaped(argAt(call, 0));
}

export default defineRule({
  class: 'regex-injection',
  confidence: 'high',
  cwe: ['CWE-1333', 'CWE-730'],
  languages: ['javascript', 'typescript'],
  remediation:
    'Escape input before putting it into a pattern (`escape-string-regexp`, `_.escapeRegExp`, or `s.replace(/[.*+?^${}()|[\\]\\\\]/g, "\\\\$&")`), limit its length, or match with plain string methods (`includes`, `startsWith`). For user-supplied patterns use a linear-time engine such as `re2`.',
  references: [
    'https://cwe.mitre.org/data/definitions/1333.html',
    'https://owasp.org/www-community/attacks/Regular_expression_Denial_of_Service_-_ReDoS',
    'https://github.com/google/re2',
  ],
  matcher: {
    kind: 'taint',
    sinks: [{ callee: ['RegExp', 'window.RegExp'], args: [0], where: pattern, label: 'the RegExp constructor' }],
    params: 'never',
    local: 'never',
  },
});
