import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'trust-boundary-violation',
  confidence: 'low',
  languages: ['java'],
  remediation:
    'Validate request data before storing it in the session, and store server-derived values (the authenticated user loaded from the database) rather than what the client sent.',
  references: ['https://cwe.mitre.org/data/definitions/501.html', 'https://owasp.org/www-project-top-ten/2017/A5_2017-Broken_Access_Control'],
  matcher: {
    kind: 'taint',
    // Sinks: the servlet models (models/java).
    sinks: [],
    params: 'never',
    local: 'never',
  },
});
