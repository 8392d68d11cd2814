import type { CallView } from '../../engine/adapter.ts';
import { defineRule } from '../../rule.ts';

/** A match timeout bounds backtracking: `new Regex(p, options, TimeSpan.FromSeconds(1))`, `RegexOptions.NonBacktracking`. */
function noTimeout(call: CallView): boolean {
  return !call.args.some((a) => /TimeSpan|Timeout|timeout|NonBacktracking/.test(a.node.text));
}

export default defineRule({
  class: 'regex-injection',
  confidence: 'high',
  cwe: ['CWE-1333', 'CWE-400'],
  languages: ['csharp'],
  remediation:
    'Escape input that is meant literally with `Regex.Escape(value)`; if users supply patterns, pass a match timeout (`new Regex(pattern, RegexOptions.None, TimeSpan.FromMilliseconds(200))`) or use `RegexOptions.NonBacktracking` (.NET 7+).',
  references: [
    'https://cwe.mitre.org/data/definitions/1333.html',
    'https://owasp.org/www-community/attacks/Regular_expression_Denial_of_Service_-_ReDoS',
    'https://learn.microsoft.com/en-us/dotnet/standard/base-types/best-practices-regex',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['**.Regex'], args: [0], keywords: ['pattern'], where: noTimeout },
      { callee: ['**.Regex.{IsMatch,Match,Matches,Replace,Split,Count,EnumerateMatches}'], args: [1], keywords: ['pattern'], where: noTimeout },
    ],
    params: 'never',
    local: 'never',
  },
});
