import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import { receiverIs } from '../../lang/java/predicates.ts';

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

/** A logging call whose message was built by concatenating or formatting the untrusted value. */
function loggerCall(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  return taint.built && receiverIs(call, ctx, { types: LOGGER_TYPES, names: LOGGER_NAMES, segments: LOGGER_SEGMENTS });
}

export default defineRule({
  class: 'log-injection',
  confidence: 'medium',
  languages: ['java'],
  remediation:
    'Strip or encode CR/LF before logging request data (`value.replaceAll("[\\r\\n]", "_")`, OWASP `Encode.forJava`), or use a logging layout that encodes messages (Logback/Log4j2 with `%enc{%m}{CRLF}` / JSON layouts).',
  references: [
    'https://cwe.mitre.org/data/definitions/117.html',
    'https://owasp.org/www-community/attacks/Log_Injection',
    'https://cheatsheetseries.owasp.org/cheatsheets/Logging_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['*.info', '*.warn', '*.error', '*.debug', '*.trace', '*.fatal', '*.log', '*.severe', '*.warning', '*.fine', '*.finer', '*.finest', '*.config'], args: 'all', where: loggerCall },
    ],
    params: 'never',
    local: 'never',
  },
});
