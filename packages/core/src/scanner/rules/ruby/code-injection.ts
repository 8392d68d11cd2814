import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'code-injection',
  confidence: 'high',
  cwe: ['CWE-94', 'CWE-95'],
  languages: ['ruby'],
  remediation:
    'Never evaluate strings built from input. Map the allowed operations to methods or lambdas (`OPERATIONS.fetch(name)`), pass a block to `instance_eval` / `class_eval` instead of a string, and parse data with a real parser (`JSON.parse`, `Integer()`).',
  references: [
    'https://cwe.mitre.org/data/definitions/95.html',
    'https://docs.ruby-lang.org/en/master/Kernel.html#method-i-eval',
    'https://owasp.org/www-community/attacks/Code_Injection',
  ],
  matcher: {
    kind: 'taint',
    // Sinks are in the models (models/ruby/*.ts); this part gives the class its Ruby policy.
    sinks: [],
    local: 'built',
    params: 'built',
  },
});
