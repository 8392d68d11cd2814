import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { literalText } from '../../lang/java/tree.ts';

/** An HTML form written from Java that posts to an http:// address (not localhost). */
function form(node: SyntaxNode, _ctx: MatchContext): Verdict {
  const text = literalText(node);
  if (text === null) return false;
  const lower = text.toLowerCase().replace(/\\(["'])/g, '$1');
  for (let i = lower.indexOf('<form'); i >= 0; i = lower.indexOf('<form', i + 1)) {
    const end = lower.indexOf('>', i);
    const tag = lower.slice(i, end < 0 ? lower.length : end);
    const at = tag.indexOf('action=');
    if (at < 0) continue;
    const target = tag.slice(at + 7).replace(/^["']/, '');
    if (target.startsWith('http://') && !/^http:\/\/(?:localhost|127\.0\.0\.1)[:/"']/.test(target)) {
      return { cwe: ['CWE-319', 'CWE-523'], message: 'This form submits to an http:// address: what users type (credentials included) crosses the network unencrypted' };
    }
  }
  return false;
}

export default defineRule({
  class: 'cleartext-transport',
  confidence: 'medium',
  languages: ['java'],
  remediation: 'Post forms to https:// (or a relative URL on a site served only over TLS, with HSTS).',
  references: ['https://cwe.mitre.org/data/definitions/319.html', 'https://cwe.mitre.org/data/definitions/523.html'],
  matcher: { kind: 'node', types: ['string_literal'], where: form },
});
