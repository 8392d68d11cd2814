/**
 * Named check for log sinks (model: logging): a call on a logger; also what the sensitive-data
 * logging rule asks.
 */
import type { CallView } from '../../../engine/adapter.ts';
import type { MatchContext, Taint } from '../../../rule.ts';
import { receiverIs } from '../predicates.ts';

const LOGGER_TYPES = new Set(['Logger', 'Log', 'ExtendedLogger', 'XLogger', 'LocationAwareLogger']);
const LOGGER_NAME_SET = new Set(['log', 'logger', 'LOG', 'LOGGER', '_log', '_logger', 'Log', 'AUDIT', 'AUDIT_LOG']);
/** Names a logger goes by: `log`, `LOGGER`, `auditLogger`, `LOGGER_SECURITY`, `accessLog`. */
const LOGGER_NAMES = {
  test: (name: string): boolean =>
    LOGGER_NAME_SET.has(name) ||
    (name.startsWith('LOGGER_') && name.length > 7) ||
    ['Logger', 'LOGGER', 'Log', 'LOG'].some((suffix) => name.length > suffix.length && name.endsWith(suffix) && /^\w+$/.test(name)),
};
const LOGGER_SEGMENTS = new Set(['getLogger', 'getLog', 'LoggerFactory', 'LogManager', 'LogFactory']);

/** A call on a logger (SLF4J, Log4j, java.util.logging, Commons Logging). */
export function onLogger(call: CallView, ctx: MatchContext): boolean {
  return receiverIs(call, ctx, { types: LOGGER_TYPES, names: LOGGER_NAMES, segments: LOGGER_SEGMENTS });
}

/** A logging call whose message was built by concatenating or formatting the untrusted value. */
export function loggerCall(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  return taint.built && onLogger(call, ctx);
}
