import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { CallView } from '../../engine/adapter.ts';
import { literalNumber } from '../../lang/java/checks/numbers.ts';

/** `session.setMaxInactiveInterval(-1)` (or 0): the session never times out. */
function check(call: CallView, _ctx: MatchContext): Verdict {
  const arg = call.args.find((a) => a.index === 0)?.node;
  const n = arg ? literalNumber(arg) : null;
  return n !== null && n <= 0;
}

export default defineRule({
  class: 'session-expiration',
  confidence: 'high',
  languages: ['java'],
  remediation: 'Set a positive inactive interval (`session.setMaxInactiveInterval(30 * 60)`, or `<session-timeout>` in web.xml / `server.servlet.session.timeout`).',
  references: ['https://cwe.mitre.org/data/definitions/613.html', 'https://cheatsheetseries.owasp.org/cheatsheets/Session_Management_Cheat_Sheet.html'],
  matcher: { kind: 'call', callee: ['*.setMaxInactiveInterval'], where: check },
});
