import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'code-injection',
  confidence: 'high',
  cwe: ['CWE-94', 'CWE-95'],
  languages: ['csharp'],
  remediation:
    'Never compile or evaluate code built from input (Roslyn scripting, CodeDOM, JScript eval). Offer a fixed set of operations selected by name, or a dedicated expression language with a sandboxed evaluator and an allow-list of functions.',
  references: ['https://cwe.mitre.org/data/definitions/94.html', 'https://cwe.mitre.org/data/definitions/95.html', 'https://owasp.org/www-community/attacks/Code_Injection'],
  matcher: {
    kind: 'taint',
    // Sinks: the roslyn-scripting, dynamic-linq models (models/csharp).
    sinks: [],
    params: 'built',
    local: 'built',
  },
});
