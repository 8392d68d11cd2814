import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'log-injection',
  confidence: 'medium',
  languages: ['java'],
  remediation:
    'Strip or encode CR/LF before logging request data (`value.replaceAll("[\\r\\n]", "_")`, OWASP `Encode.forJava`), or use a logging layout that encodes messages (Logback/Log4j2 with `%enc{%m}{CRLF}` / JSON layouts).',
  references: [
    'https://cwe.mitre.org/data/definitions/117.html',
    'https://owasp.org/www-community/attacks/Log_Injection',
    'https://cheatsheetseries.owasp.org/cheatsheets/Logging_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'taint',
    // Sinks: the logging models (models/java).
    sinks: [],
    params: 'never',
    local: 'low',
  },
});
