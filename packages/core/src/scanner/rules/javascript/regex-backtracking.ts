import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { catastrophicBacktracking } from '../../lang/regex-backtracking.ts';
import { literalString } from '../../lang/javascript/helpers.ts';

/** The pattern a JavaScript string literal spells (`"\\w+"` is the pattern `\w+`). */
function unescapeString(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '\\' && i + 1 < text.length) {
      const next = text[i + 1] as string;
      out += next === 'n' ? '\n' : next === 't' ? '\t' : next;
      i++;
    } else out += c;
  }
  return out;
}

/** A regex literal, or `new RegExp('…')` with a literal pattern, that can backtrack catastrophically. */
function check(node: SyntaxNode, ctx: MatchContext): Verdict {
  let pattern: string | null = null;
  if (node.type === 'regex') pattern = node.child('pattern')?.text ?? null;
  else {
    const fn = node.child(node.type === 'new_expression' ? 'constructor' : 'function');
    if (fn?.text !== 'RegExp') return false;
    const first = node.child('arguments')?.namedChildren[0];
    const raw = first ? literalString(first) : null;
    pattern = raw === null ? null : unescapeString(raw);
  }
  if (pattern === null || !catastrophicBacktracking(pattern)) return false;
  return {
    message: `The regular expression /${pattern.length > 60 ? `${pattern.slice(0, 57)}...` : pattern}/ repeats a part that can match the same text in many ways: a crafted input makes it backtrack for minutes (ReDoS)`,
  };
}

export default defineRule({
  class: 'regex-injection',
  confidence: 'medium',
  cwe: ['CWE-1333'],
  languages: ['javascript', 'typescript'],
  message: 'A regular expression can backtrack catastrophically (ReDoS)',
  remediation:
    'Rewrite the pattern so that each part of the input can be matched one way only: no repeated group whose body repeats too (`(\\w+)+` → `\\w+`), separators the repeated part cannot match, possessive-style atomic groups where the engine has them, or a linear-time engine such as RE2 for patterns that run on untrusted input; bound the input length.',
  references: ['https://cwe.mitre.org/data/definitions/1333.html', 'https://owasp.org/www-community/attacks/Regular_expression_Denial_of_Service_-_ReDoS'],
  matcher: { kind: 'node', types: ['regex', 'new_expression', 'call_expression'], where: check },
});
