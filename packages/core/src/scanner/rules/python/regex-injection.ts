import { defineRule } from '../../rule.ts';

/** Sinks of this class are in the models (models/python/*.ts); this part carries its policy and Python remediation. */
export default defineRule({
  class: 'regex-injection',
  confidence: 'medium',
  cwe: ['CWE-1333', 'CWE-730'],
  languages: ['python'],
  remediation:
    'Escape input that should match literally with `re.escape(term)`, or search without regexes (`term in text`, `str.find`); if users must supply patterns, use the `re2` engine or a timeout.',
  references: [
    'https://cwe.mitre.org/data/definitions/1333.html',
    'https://docs.python.org/3/library/re.html#re.escape',
    'https://owasp.org/www-community/attacks/Regular_expression_Denial_of_Service_-_ReDoS',
  ],
  matcher: {
    kind: 'taint',
    sinks: [],
    local: 'never',
    params: 'never',
  },
});
