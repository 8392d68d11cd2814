import { defineRule } from '../../rule.ts';
import { onlyEnvironment } from '../../lang/python/predicates.ts';

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
    sinks: [
      { callee: ['eval', 'exec', 'execfile', 'builtins.eval', 'builtins.exec', '__builtins__.eval', '__builtins__.exec'], args: [0], keywords: ['source', 'expression'] },
      { callee: ['compile', 'builtins.compile'], args: [0], keywords: ['source'] },
      { callee: ['code.InteractiveInterpreter().runsource', 'code.InteractiveConsole().push', '*.runsource', 'timeit.timeit', 'timeit.repeat'], args: [0], keywords: ['stmt', 'source'] },
    ],
    params: 'built',
    check: (taint, ctx, at) => !onlyEnvironment(taint, at, ctx),
  },
});
