/**
 * Named check for format-string sinks (model: jdk): which argument of `String.format`,
 * `printf` and `format` is the format, and whether that one is untrusted.
 */
import type { CallView } from '../../../engine/adapter.ts';
import { classBit, type MatchContext, type Taint, type Verdict } from '../../../rule.ts';
import type { SyntaxNode } from '../../../syntax.ts';
import { probing, receiverIs } from '../predicates.ts';
import { classRef, invocationParts, typeOf, unwrap } from '../tree.ts';

const FORMAT = classBit('format');
const FORMATTING_TYPES = new Set(['PrintStream', 'PrintWriter', 'Formatter', 'Console', 'String']);
const FORMATTING_NAMES = /^(?:out|err|writer|printWriter|printStream|pw|ps|formatter|fmt|console|System\.out|System\.err)$/;

/** `String.format(Locale.US, fmt, …)`: a leading Locale moves the format to the second argument. */
function formatArgument(call: CallView): SyntaxNode | null {
  const positional = call.args.filter((a) => a.index >= 0).map((a) => a.node);
  const first = positional[0];
  if (!first) return null;
  const u = unwrap(first);
  const locale = typeOf(u) === 'Locale' || classRef(u.type === 'field_access' ? u.child('object') : null) === 'Locale' || /^Locale\b/.test(u.text);
  return (locale ? positional[1] : first) ?? null;
}

/**
 * The format of `String.format`, `out.printf`, `writer.format`, `formatter.format` is untrusted.
 * Asked only whether the call is a sink at all, it is not: formatting passes data on.
 */
export function untrustedFormat(call: CallView, ctx: MatchContext, _taint: Taint): boolean {
  if (probing(_taint, ctx)) return false;
  const onString = classRef(call.receiver) === 'String';
  if (!onString && !receiverIs(call, ctx, { types: FORMATTING_TYPES, names: FORMATTING_NAMES, segments: new Set(['out', 'err', 'getWriter', 'console']) })) return false;
  const format = formatArgument(call);
  if (!format) return false;
  const t = ctx.taint(format);
  return t !== null && (t.sanitized & FORMAT) === 0;
}

/**
 * `String.format(fmt, …)`, `MessageFormat.format(fmt, …)`, `fmt.formatted(…)`: the adapter shows
 * them as string building (their text matters to other sinks), so they are judged as nodes: the
 * format comes from outside (a request or a local source; a helper's own parameter is its caller's choice).
 */
export function stringFormat(node: SyntaxNode, ctx: MatchContext): Verdict {
  const { name, object, args } = invocationParts(node);
  let format: SyntaxNode | null = null;
  if (name === 'formatted' && object) format = object;
  else if (name === 'format' && (classRef(object) === 'String' || classRef(object) === 'MessageFormat')) {
    const first = args[0] ? unwrap(args[0]) : null;
    const locale = first !== null && (typeOf(first) === 'Locale' || /^Locale\b/.test(first.text));
    format = (locale ? args[1] : args[0]) ?? null;
  }
  if (!format) return false;
  const t = ctx.taint(format);
  if (!t || t.strength === 'param' || (t.sanitized & FORMAT) !== 0) return false;
  return { confidence: t.strength === 'remote' ? 'high' : 'medium', message: `The format string of ${object?.text ?? ''}${object ? '.' : ''}${name} comes from ${t.label}` };
}
