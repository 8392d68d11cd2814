import type { SinkCheck } from '../../../models/compile.ts';
import type { CallView } from '../../../engine/adapter.ts';
import type { MatchContext, Taint } from '../../../rule.ts';
import type { SyntaxNode } from '../../../syntax.ts';
import { argAt, findAfter, functionText, unparen } from '../util.ts';
import { enclosingFunction } from '../adapter.ts';

/**
 * Log forging matters where logs are evidence: authentication, authorisation and audit events. A
 * plain-text stdlib log line about those, with request data interpolated raw, is reported; structured
 * loggers (slog, zap, logrus) quote or encode values and are not sinks.
 */
const AUDIT =
  /\b(?:log(?:ged)?[ _-]?in|log(?:ged)?[ _-]?out|sign(?:ed)?[ _-]?in|sign[ _-]?up|auth(?:n|z|enticat\w*|ori[sz]\w*)?|password|passwd|credentials?|login attempt|attempt|unauthori[sz]ed|forbidden|denied|audit)\b/i;

function auditContext(call: CallView, ctx: MatchContext): boolean {
  const format = argAt(call, 0);
  const literal = format ? ctx.stringValue(format) : null;
  if (literal !== null && AUDIT.test(literal)) return true;
  for (const a of call.args) {
    const n = unparen(a.node);
    if (n.type === 'binary_expression') {
      let left = n.child('left');
      while (left && left.type === 'binary_expression') left = left.child('left');
      const s = left ? ctx.stringValue(left) : null;
      if (s !== null && AUDIT.test(s)) return true;
    }
  }
  const fn = enclosingFunction(call.node)?.child('name')?.text ?? '';
  return /login|logout|signin|signup|auth|password|register/i.test(fn);
}

/** The arguments of a `ReplaceAll(` / `NewReplacer(` call mention `\n` or `\r` before the call closes (anchored). */
const STRIPS_BREAK = /^[^)]*\\[nr]/;

function logCall(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (/^(?:zip|tar)\./.test(taint.label)) return false;
  const format = argAt(call, 0);
  const literal = format ? ctx.stringValue(format) : null;
  // %q quotes (and so escapes CR/LF); a format that only uses %q/%d cannot forge a line.
  if (literal !== null && literal.includes('%') && findAfter(literal, '%', /^[-+# 0-9.]*[sv]/) === null) return false;
  const text = functionText(call.node);
  if (text.includes('strconv.Quote') || findAfter(text, 'ReplaceAll(', STRIPS_BREAK) || findAfter(text, 'NewReplacer(', STRIPS_BREAK)) return false;
  return auditContext(call, ctx);
}

function stdLogger(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const p = call.receiver ? ctx.path(call.receiver) : null;
  const last = p?.[p.length - 1]?.replace(/\(\)$/, '') ?? '';
  if (!/^(?:log|logger|l|stdlog|errLog|errorLog|infoLog|warnLog|auditLog|accessLog|errorLogger|infoLogger|auditLogger)$/.test(last)) return false;
  return logCall(call, ctx, taint);
}

/** An error value is not the attacker's text (and logging errors is what logs are for). */
export function notErrorValue(arg: SyntaxNode): boolean {
  return !/^(?:err|e|error|\w+Err)$/.test(arg.text);
}

/** Named checks of the log-forging sinks (model go/stdlib). */
export const logChecks: Readonly<Record<string, SinkCheck>> = {
  /** A plain-text stdlib log line about an authentication or audit event, unquoted. */
  'audit-log-line': logCall,
  /** The same on a `*log.Logger` named as one. */
  'audit-log-line-on-logger': stdLogger,
};
