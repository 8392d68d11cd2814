import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { CallView } from '../../engine/adapter.ts';
import { inWebComponent } from '../../lang/java/checks/web.ts';

/** `file.deleteOnExit()` in request-handling code: the file stays until the server stops, and every call adds to a list kept in memory. */
function check(call: CallView, _ctx: MatchContext): Verdict {
  return call.receiver !== null && call.args.length === 0 && inWebComponent(call.node);
}

export default defineRule({
  class: 'insecure-temp-file',
  confidence: 'medium',
  cwe: ['CWE-459'],
  languages: ['java'],
  message: 'A temporary file of a request is only deleted when the server process exits',
  remediation:
    'Delete request-scoped temporary files as soon as they are used (`Files.deleteIfExists` in a finally block, or try-with-resources on a temp-file helper) instead of `deleteOnExit()`.',
  references: ['https://cwe.mitre.org/data/definitions/459.html'],
  matcher: { kind: 'call', callee: ['*.deleteOnExit'], where: check },
});
