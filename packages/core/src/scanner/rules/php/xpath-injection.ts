import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import { receiverName } from '../../lang/php/helpers.ts';

/** `$xpath->query($expr)`: on a DOMXPath (by name) or with an expression that reads like XPath. */
function xpathCall(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const name = receiverName(call, ctx) ?? '';
  if (/xpath|^xp$/i.test(name)) return true;
  return looksLikeXPath(taint.text) && !/\bselect\b|\bwhere\b/i.test(taint.text);
}

function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

/** XPath syntax: a leading `/`, a predicate on an attribute `[@`, a descendant step `//name`, or `name[`. */
function looksLikeXPath(text: string): boolean {
  if (text.trimStart().startsWith('/') || text.includes('[@')) return true;
  for (let i = text.indexOf('//'); i >= 0; i = text.indexOf('//', i + 1)) if (isWordChar(text.charCodeAt(i + 2))) return true;
  for (let i = text.indexOf('['); i >= 0; i = text.indexOf('[', i + 1)) if (i > 0 && isWordChar(text.charCodeAt(i - 1))) return true;
  return false;
}

export default defineRule({
  class: 'xpath-injection',
  confidence: 'high',
  languages: ['php'],
  remediation:
    'Do not concatenate request data into XPath. Validate the value against a strict pattern (`ctype_alnum`), or compare in PHP after selecting with a fixed expression; when a literal is needed, quote it safely (`concat()` for values containing quotes).',
  references: ['https://cwe.mitre.org/data/definitions/643.html', 'https://owasp.org/www-community/attacks/XPATH_Injection'],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['*.query', '*.evaluate'], args: [0], where: xpathCall },
      { callee: ['*.xpath'], args: [0] },
    ],
    params: 'built',
    check: (taint) => taint.built || taint.strength === 'remote',
  },
});
