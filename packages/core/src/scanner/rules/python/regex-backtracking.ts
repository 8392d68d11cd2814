import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import { catastrophicBacktracking } from '../../lang/regex-backtracking.ts';

/**
 * `re.compile(r"^(\w+\s?)*$")`, `re.match(PATTERN, text)`: a pattern written in the code (or a
 * constant holding one) that repeats a part able to match the same text in many ways. Python's `re`
 * backtracks, so a crafted input makes the match run for minutes.
 */
function backtracks(call: CallView, ctx: MatchContext): Verdict {
  const arg = call.args.find((a) => a.index === 0 || a.name === 'pattern')?.node;
  const pattern = arg ? ctx.stringValue(arg) : null;
  if (pattern === null || !catastrophicBacktracking(pattern)) return false;
  return {
    message: `The regular expression \`${pattern.length > 60 ? `${pattern.slice(0, 57)}...` : pattern}\` repeats a part that can match the same text in many ways: a crafted input makes it backtrack for minutes (ReDoS)`,
  };
}

export default defineRule({
  class: 'regex-injection',
  name: 'backtracking',
  confidence: 'medium',
  cwe: ['CWE-1333'],
  languages: ['python'],
  message: 'A regular expression can backtrack catastrophically (ReDoS)',
  remediation:
    'Rewrite the pattern so that each part of the input can be matched one way only: no repeated group whose body repeats too (`(\\w+)+` → `\\w+`), separators the repeated part cannot match, atomic groups or possessive quantifiers (Python 3.11+), or the linear-time `re2` / `google-re2` module for patterns that run on untrusted input; bound the input length.',
  references: ['https://cwe.mitre.org/data/definitions/1333.html', 'https://owasp.org/www-community/attacks/Regular_expression_Denial_of_Service_-_ReDoS'],
  matcher: {
    kind: 'call',
    callee: ['re.{compile,match,search,fullmatch,findall,finditer,sub,subn,split}', 'regex.{compile,match,search,fullmatch,findall,finditer,sub,subn,split}'],
    where: backtracks,
  },
});
