import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'nosql-injection',
  confidence: 'high',
  languages: ['java'],
  remediation:
    'Build queries with typed builders (`Filters.eq("name", name)`, Spring Data `Criteria.where("name").is(name)`), never by concatenating JSON strings for `Document.parse`/`BasicQuery`, and never put request data in `$where` JavaScript.',
  references: [
    'https://cwe.mitre.org/data/definitions/943.html',
    'https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/07-Input_Validation_Testing/05.6-Testing_for_NoSQL_Injection',
    'https://www.mongodb.com/docs/manual/reference/operator/query/where/',
  ],
  matcher: {
    kind: 'taint',
    // Sinks: the mongodb, spring-data-mongodb models (models/java).
    sinks: [],
    params: 'built',
    check: (taint) => taint.built || taint.strength === 'remote',
  },
});
