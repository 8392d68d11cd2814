import type { CallView } from '../../engine/adapter.ts';
import { capacity, maxStringLength, parseFormat, positional, show, stringValueOf } from '../../lang/c/analysis.ts';
import { bufferOf } from '../../lang/c/syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

const FORMAT_ARG: Record<string, number> = { scanf: 0, wscanf: 0, vscanf: 0, fscanf: 1, fwscanf: 1, sscanf: 1, swscanf: 1, vfscanf: 1, vsscanf: 1 };

/**
 * scanf's `%s` and `%[…]` store a whole word of input: without a width (`%63s`) nothing limits
 * it. A width is checked against the destination (it needs width + 1 bytes). sscanf from a
 * string that is itself shorter than the destination cannot overflow.
 */
function scanfOverflow(call: CallView, ctx: MatchContext): Verdict {
  const base = call.name.replace(/^std\./, '');
  const pos = FORMAT_ARG[base];
  if (pos === undefined) return false;
  const args = positional(call);
  const fmtNode = args[pos];
  if (!fmtNode) return false;
  const fmt = stringValueOf(ctx, fmtNode);
  if (fmt === null) return false;
  const at = call.node;
  const fromString = /^(?:sscanf|swscanf|vsscanf)$/.test(base);
  const sourceLen = fromString ? (args[0] ? maxStringLength(ctx, args[0], at) : null) : null;
  let k = pos + 1;
  for (const c of parseFormat(fmt, true).conversions) {
    if (c.conv === '%') continue;
    if (c.suppressed) continue;
    const dst = args[k++];
    if (c.conv !== 's' && c.conv !== '[' && c.conv !== 'S') continue;
    if (!dst) continue;
    const cap = capacity(bufferOf(dst, at));
    if (c.width === null) {
      if (sourceLen !== null && cap !== null && sourceLen + 1 <= cap) continue;
      return {
        confidence: fromString ? 'medium' : 'high',
        message: `${call.name}() reads "%${c.conv === '[' ? '[' : c.conv}" without a field width into ${show(dst)}: any longer word overflows it`,
      };
    }
    if (typeof c.width === 'number' && cap !== null && c.width + 1 > cap) {
      return { confidence: 'high', message: `${call.name}() reads up to ${c.width} characters plus a NUL into ${show(dst)}, which holds ${cap}` };
    }
  }
  return false;
}

export default defineRule({
  class: 'buffer-overflow',
  confidence: 'high',
  cwe: ['CWE-120', 'CWE-787'],
  languages: ['c', 'cpp'],
  message: 'A scanf %s or %[ conversion has no width limit',
  remediation: 'Give every %s and %[ a width one less than the buffer (`char name[64]; scanf("%63s", name)`), or read a line with fgets() and parse it.',
  references: [
    'https://cwe.mitre.org/data/definitions/120.html',
    'https://wiki.sei.cmu.edu/confluence/display/c/STR31-C.+Guarantee+that+storage+for+strings+has+sufficient+space+for+character+data+and+the+null+terminator',
  ],
  matcher: { kind: 'call', callee: Object.keys(FORMAT_ARG).flatMap((n) => [n, `std.${n}`]), where: scanfOverflow },
});
