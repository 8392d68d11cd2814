import { defineRule } from '../../rule.ts';
import { onlyEnvironment } from '../../lang/python/predicates.ts';

/** Sinks of this class are in the models (models/python/*.ts); this part carries its policy and Python remediation. */
export default defineRule({
  class: 'command-injection',
  confidence: 'high',
  cwe: ['CWE-78'],
  languages: ['python'],
  remediation:
    'Pass an argument list without a shell (`subprocess.run(["ping", "-c", "1", host], check=True)`), validate the value against an allow-list, or quote it with `shlex.quote()` when a shell is unavoidable.',
  references: [
    'https://cwe.mitre.org/data/definitions/78.html',
    'https://docs.python.org/3/library/subprocess.html#security-considerations',
    'https://cheatsheetseries.owasp.org/cheatsheets/OS_Command_Injection_Defense_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'taint',
    sinks: [],
    params: 'built',
    // Commands assembled from the process environment are deployment configuration.
    check: (taint, ctx, at) => !onlyEnvironment(taint, at, ctx),
  },
});
