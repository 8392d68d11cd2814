import { defineRule } from '../../rule.ts';

/** Sinks of this class are in the models (models/python/*.ts); this part carries its policy and Python remediation. */
export default defineRule({
  class: 'mass-assignment',
  confidence: 'medium',
  languages: ['python'],
  remediation:
    'Copy only the fields a user may change (`user.name = data["name"]`), or validate the body with a schema / form / serializer that lists the writable fields (`UserUpdate(**data)` with Pydantic, `fields = ["name", "email"]` in DRF).',
  references: ['https://cwe.mitre.org/data/definitions/915.html', 'https://cheatsheetseries.owasp.org/cheatsheets/Mass_Assignment_Cheat_Sheet.html'],
  matcher: {
    kind: 'taint',
    sinks: [],
    params: 'never',
    local: 'never',
  },
});
