import { defineRule } from '../../rule.ts';

/** Sinks: models/javascript/mongodb (filters judged by the `mongo-filter` check, `$where`, `mapReduce`). */
export default defineRule({
  class: 'nosql-injection',
  confidence: 'high',
  languages: ['javascript', 'typescript'],
  remediation:
    'Cast each value to the type you expect before querying (`{ email: String(req.body.email) }`), validate the body with a schema (zod, joi, class-validator), or strip operator keys with `mongo-sanitize` / `express-mongo-sanitize`; enable Mongoose `sanitizeFilter`. Never build `$where` JavaScript from input.',
  references: [
    'https://cwe.mitre.org/data/definitions/943.html',
    'https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/07-Input_Validation_Testing/05.6-Testing_for_NoSQL_Injection',
    'https://mongoosejs.com/docs/api/mongoose.html#Mongoose.prototype.sanitizeFilter()',
  ],
  matcher: {
    kind: 'taint',
    sinks: [],
    // Parameters count only when built into `$where` code; operator injection needs request objects.
    params: 'built',
    local: 'never',
  },
});
