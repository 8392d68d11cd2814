import { defineRule } from '../../rule.ts';
import { operatorChosen } from '../../lang/java/checks/origin.ts';

export default defineRule({
  class: 'unsafe-reflection',
  confidence: 'medium',
  cwe: ['CWE-470'],
  languages: ['java'],
  remediation:
    'Map the request value to a class through a fixed allow-list (`Map<String, Supplier<Handler>>`), never `Class.forName(userInput)` or `loadClass(userInput)` followed by instantiation.',
  references: ['https://cwe.mitre.org/data/definitions/470.html', 'https://owasp.org/www-community/vulnerabilities/Unsafe_use_of_Reflection'],
  matcher: {
    kind: 'taint',
    // Sinks: the jdk, spring-core, commons-lang models (models/java).
    sinks: [],
    params: 'never',
    local: 'low',
    // `Class.forName(System.getProperty("jdbc.driver"))`: the deployment picks its implementation classes.
    check: (taint) => !operatorChosen(taint),
  },
});
