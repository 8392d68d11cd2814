import { defineRule } from '../../rule.ts';
import { wholeDocument } from '../../lang/go/sinks/nosql.ts';

export default defineRule({
  class: 'nosql-injection',
  confidence: 'high',
  languages: ['go'],
  remediation:
    'Build filters from typed values (`bson.M{"username": req.Username}` with `Username string`), never decode a request body straight into a filter document, assert decoded values to their expected type (`v, ok := body["user"].(string)`), and do not put untrusted data in `$where`/`$expr`/`$function`.',
  references: [
    'https://cwe.mitre.org/data/definitions/943.html',
    'https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/07-Input_Validation_Testing/05.6-Testing_for_NoSQL_Injection',
    'https://www.mongodb.com/docs/manual/faq/fundamentals/#how-does-mongodb-address-sql-or-query-injection-',
  ],
  matcher: {
    kind: 'taint',
    // The sinks are data: models/go/*.ts, with the named checks of lang/go/heuristics.ts.
    sinks: [],
    params: 'built',
    local: 'built',
    check: wholeDocument,
  },
});
