import { parseFormat, stringValueOf } from '../../lang/c/analysis.ts';
import { findDeclaration, unwrap } from '../../lang/c/syntax.ts';
import type { CallView } from '../../engine/adapter.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

/** printf-family functions (not the `v…` forms, which take a va_list) and the position of their format. */
const FORMAT_AT: Readonly<Record<string, number>> = {
  printf: 0,
  wprintf: 0,
  fprintf: 1,
  fwprintf: 1,
  dprintf: 1,
  sprintf: 1,
  asprintf: 1,
  snprintf: 2,
  swprintf: 2,
  _snprintf: 2,
  syslog: 1,
  'std.printf': 0,
  'std.fprintf': 1,
  'std.sprintf': 1,
  'std.snprintf': 2,
};

/** What an argument certainly is, from a literal or a declaration: a string/pointer, an integer, a floating value; null when unknown. */
function kindOf(node: SyntaxNode): 'pointer' | 'integer' | 'floating' | null {
  const v = unwrap(node);
  if (v.type === 'string_literal' || v.type === 'concatenated_string') return 'pointer';
  if (v.type === 'char_literal') return 'integer';
  if (v.type === 'number_literal') return /[.eE]/.test(v.text) && !/^0[xX]/.test(v.text) ? 'floating' : 'integer';
  if (v.type !== 'identifier' || node.type === 'cast_expression') return null;
  const d = findDeclaration(v.text, v);
  if (!d) return null;
  if (d.pointers > 0 || d.arrays.length > 0) return 'pointer';
  const t = d.type
    .replace(/\b(?:const|volatile|static|unsigned|signed)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (/^(?:int|short|long|long long|char|size_t|ssize_t|u?int(?:8|16|32|64)_t)$/.test(t)) return 'integer';
  if (/^(?:float|double|long double)$/.test(t)) return 'floating';
  return null;
}

/**
 * A constant format that asks for more arguments than are passed (`sprintf(d, "%s %s", a)`, CWE-685),
 * or a `%s` given a number (`sprintf(d, "%s", count)`, CWE-686/688): the function reads whatever
 * happens to be where the missing or mistyped argument should be.
 */
function formatArguments(call: CallView, ctx: MatchContext): Verdict {
  const path = ctx.pathText(call.callee ?? call.node) ?? call.name;
  const at = FORMAT_AT[path] ?? FORMAT_AT[call.name];
  if (at === undefined) return false;
  const args = call.args.filter((a) => a.index >= 0).map((a) => a.node);
  const format = args[at];
  if (!format) return false;
  const text = stringValueOf(ctx, format);
  if (text === null) return false;
  const { conversions } = parseFormat(text);
  let needed = 0;
  const expect: (string | null)[] = [];
  for (const c of conversions) {
    // `%%` prints a percent sign and glibc's `%m` prints strerror(errno): neither takes an argument.
    if (c.conv === '%' || c.conv === 'm') continue;
    if (c.width === '*') {
      needed++;
      expect.push('integer');
    }
    if (c.precision === '*') {
      needed++;
      expect.push('integer');
    }
    needed++;
    expect.push(c.conv === 's' ? 'pointer' : /^[diouxXc]$/.test(c.conv) ? 'integer' : /^[fFeEgGaA]$/.test(c.conv) ? 'floating' : null);
  }
  const given = args.slice(at + 1);
  if (given.length < needed) {
    return {
      cwe: ['CWE-685'],
      message: `The format "${text.length > 40 ? `${text.slice(0, 37)}...` : text}" needs ${needed} argument${needed === 1 ? '' : 's'} but ${given.length} ${given.length === 1 ? 'is' : 'are'} passed`,
    };
  }
  for (let i = 0; i < expect.length; i++) {
    const arg = given[i] as SyntaxNode;
    if (expect[i] !== 'pointer') continue;
    if (kindOf(arg) === 'integer' || kindOf(arg) === 'floating') {
      return { cwe: ['CWE-686', 'CWE-688'], message: `%s expects a string, but ${arg.text} is a number: it is read as an address` };
    }
  }
  return false;
}

export default defineRule({
  class: 'format-arguments',
  confidence: 'high',
  languages: ['c', 'cpp'],
  matcher: { kind: 'call', callee: Object.keys(FORMAT_AT), where: formatArguments },
});
