import { defineRule } from '../../rule.ts';

export default defineRule({
  id: 'java.unsafe-reflection',
  title: 'Class loaded by a name from the request',
  severity: 'high',
  confidence: 'medium',
  cwe: ['CWE-470'],
  owasp: ['A03:2021'],
  languages: ['java'],
  message: 'Untrusted data from {source} chooses the class loaded by {sink}',
  remediation:
    'Map the request value to a class through a fixed allow-list (`Map<String, Supplier<Handler>>`), never `Class.forName(userInput)` or `loadClass(userInput)` followed by instantiation.',
  references: [
    'https://cwe.mitre.org/data/definitions/470.html',
    'https://owasp.org/www-community/vulnerabilities/Unsafe_use_of_Reflection',
  ],
  matcher: {
    kind: 'taint',
    class: 'reflection',
    sinks: [{ callee: ['Class.forName', '*.loadClass', 'ClassUtils.{getClass,forName}', 'ReflectUtils.forName'], args: [0] }],
    params: 'never',
    local: 'never',
  },
});
