import { defineRule } from '../../rule.ts';

/** Sinks of this class are in the models (models/python/*.ts); this part carries its policy and Python remediation. */
export default defineRule({
  class: 'nosql-injection',
  confidence: 'high',
  languages: ['python'],
  remediation:
    'Build the filter yourself from scalar values (`{"username": str(data["username"])}`), reject dicts/lists where strings are expected (`isinstance(x, str)`), validate the body with a schema (Pydantic / marshmallow), and never build `$where` JavaScript from input.',
  references: [
    'https://cwe.mitre.org/data/definitions/943.html',
    'https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/07-Input_Validation_Testing/05.6-Testing_for_NoSQL_Injection',
    'https://pymongo.readthedocs.io/en/stable/api/pymongo/collection.html',
  ],
  matcher: {
    kind: 'taint',
    sinks: [],
    local: 'never',
    params: 'never',
  },
});
