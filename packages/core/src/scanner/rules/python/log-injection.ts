import { defineRule } from '../../rule.ts';

/** Sinks of this class are in the models (models/python/*.ts); this part carries its policy and Python remediation. */
export default defineRule({
  class: 'log-injection',
  confidence: 'medium',
  languages: ['python'],
  remediation:
    'Log untrusted values with `%r` (`logger.warning("login failed for %r", username)`), strip CR/LF first (`username.replace("\\r", "").replace("\\n", "")`), or use a structured / JSON log formatter that encodes field values.',
  references: ['https://cwe.mitre.org/data/definitions/117.html', 'https://owasp.org/www-community/attacks/Log_Injection', 'https://docs.python.org/3/howto/logging-cookbook.html'],
  matcher: {
    kind: 'taint',
    sinks: [],
    params: 'never',
    local: 'never',
  },
});
