import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'code-injection',
  confidence: 'high',
  cwe: ['CWE-94', 'CWE-95', 'CWE-917'],
  languages: ['java'],
  remediation:
    'Never evaluate scripts or expressions (JavaScript, Groovy, SpEL, OGNL, EL, MVEL, JEXL) built from request data. Map user choices to fixed expressions, pass user values as variables/bindings of a constant expression, and for SpEL use a `SimpleEvaluationContext` with read-only data binding.',
  references: [
    'https://cwe.mitre.org/data/definitions/94.html',
    'https://cwe.mitre.org/data/definitions/917.html',
    'https://owasp.org/www-community/attacks/Code_Injection',
    'https://docs.spring.io/spring-framework/reference/core/expressions/evaluation.html#expressions-evaluation-context',
  ],
  matcher: {
    kind: 'taint',
    // Sinks: the jdk, groovy, spring-expression, ognl, mvel, jakarta-el, bean-validation models (models/java).
    sinks: [],
    params: 'built',
  },
});
