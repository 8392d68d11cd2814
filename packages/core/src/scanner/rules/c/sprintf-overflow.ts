import type { CallView } from '../../engine/adapter.ts';
import { capacity, lengthChecked, maxFormattedLength, memoryTaint, parseFormat, positional, show, stringValueOf, untrusted } from '../../lang/c/analysis.ts';
import { bufferOf } from '../../lang/c/syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

/**
 * sprintf writes as much as the format produces. With a literal format the longest output is
 * computed (numbers have a maximum width; `%s` of a literal or a fixed array has a known length,
 * `%.20s` is bounded) and compared with the destination. A `%s` of unknown length into a
 * fixed-size buffer is reported unless its length was checked; vsprintf into a fixed buffer always.
 */
function sprintfOverflow(call: CallView, ctx: MatchContext): Verdict {
  const args = positional(call);
  const [dst, fmtNode] = args;
  if (!dst || !fmtNode) return false;
  const at = call.node;
  const buf = bufferOf(dst, at);
  const cap = capacity(buf);
  const fixed = buf !== null && (buf.kind === 'array' || (buf.kind === 'heap' && cap !== null));
  const fmt = stringValueOf(ctx, fmtNode);
  if (call.name.startsWith('v')) {
    if (!fixed) return false;
    if (fmt !== null && !parseFormat(fmt).conversions.some((c) => c.conv === 's' || c.conv === 'S')) return false;
    return { confidence: 'medium', message: `${call.name}() formats into ${show(dst)} (${cap ?? 'a fixed number of'} bytes) with no bound on the output length` };
  }
  if (fmt === null) return false; // a variable format is c.format-string's finding
  const { max, unbounded } = maxFormattedLength(ctx, fmt, args.slice(2), at);
  if (max !== null) {
    if (cap === null || max + 1 <= cap) return false;
    return { confidence: 'high', message: `${call.name}() can write ${max + 1} bytes into ${show(dst)}, which holds ${cap}` };
  }
  const open = unbounded.filter((a) => !lengthChecked(a, at, cap));
  if (open.length === 0) return false;
  const tainted = open.map((a) => memoryTaint(ctx, a)).find((t) => untrusted(t)) ?? null;
  if (fixed) {
    return {
      confidence: tainted ? 'high' : 'medium',
      message: tainted
        ? `${call.name}() formats ${tainted.label} (input of any length) into ${show(dst)}, a buffer of ${cap ?? 'fixed size'}`
        : `${call.name}() formats a string of unchecked length with %s into ${show(dst)}, a buffer of ${cap ?? 'fixed size'}`,
    };
  }
  if (tainted && !(buf?.kind === 'heap')) {
    return { confidence: 'medium', message: `${call.name}() formats ${tainted.label} (input of any length) into ${show(dst)} without a bound` };
  }
  return false;
}

export default defineRule({
  class: 'buffer-overflow',
  confidence: 'high',
  cwe: ['CWE-120', 'CWE-787'],
  languages: ['c', 'cpp'],
  message: 'sprintf() output can be longer than the destination buffer',
  remediation: 'Use `snprintf(buf, sizeof buf, fmt, …)` and check its return value for truncation, or bound each string with a precision (`%.63s`).',
  references: [
    'https://cwe.mitre.org/data/definitions/120.html',
    'https://wiki.sei.cmu.edu/confluence/display/c/STR31-C.+Guarantee+that+storage+for+strings+has+sufficient+space+for+character+data+and+the+null+terminator',
  ],
  matcher: { kind: 'call', callee: ['sprintf', 'vsprintf', 'wsprintf', 'wsprintfA', 'wsprintfW', '_stprintf', 'std.sprintf', 'std.vsprintf'], where: sprintfOverflow },
});
