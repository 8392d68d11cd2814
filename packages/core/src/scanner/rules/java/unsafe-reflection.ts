import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'unsafe-reflection',
  confidence: 'medium',
  cwe: ['CWE-470'],
  languages: ['java'],
  remediation:
    'Map the request value to a class through a fixed allow-list (`Map<String, Supplier<Handler>>`), never `Class.forName(userInput)` or `loadClass(userInput)` followed by instantiation.',
  references: [
    'https://cwe.mitre.org/data/definitions/470.html',
    'https://owasp.org/www-community/vulnerabilities/Unsafe_use_of_Reflection',
  ],
  matcher: {
    kind: 'taint',
    sinks: [{ callee: ['Class.forName', '*.loadClass', 'ClassUtils.{getClass,forName}', 'ReflectUtils.forName'], args: [0] }],
    params: 'never',
    local: 'never',
  },
});
