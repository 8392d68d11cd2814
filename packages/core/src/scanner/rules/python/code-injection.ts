import { defineRule } from '../../rule.ts';
import { onlyEnvironment } from '../../lang/python/predicates.ts';

/** Sinks of this class are in the models (models/python/*.ts); this part carries its policy and Python remediation. */
export default defineRule({
  class: 'code-injection',
  confidence: 'high',
  cwe: ['CWE-94', 'CWE-95'],
  languages: ['python'],
  remediation:
    'Never evaluate input as code. Parse literals with `ast.literal_eval()` or `json.loads()`, map names to functions with an explicit dictionary (`HANDLERS[name]`), and use a real expression parser for formulas.',
  references: [
    'https://cwe.mitre.org/data/definitions/95.html',
    'https://docs.python.org/3/library/functions.html#eval',
    'https://docs.python.org/3/library/ast.html#ast.literal_eval',
    'https://owasp.org/www-community/attacks/Code_Injection',
  ],
  matcher: {
    kind: 'taint',
    sinks: [],
    params: 'built',
    check: (taint, ctx, at) => !onlyEnvironment(taint, at, ctx),
  },
});
