import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'nosql-injection',
  confidence: 'medium',
  languages: ['ruby'],
  remediation:
    'Convert request values to the type the field holds before querying (`params[:pin].to_s`, `Integer(params[:n])`, `params.require(:q).permit(:email)` with scalar values), and never build `$where` / string criteria from input — use Mongoid criteria methods (`gte`, `in`, `where(field: value)`) instead.',
  references: [
    'https://cwe.mitre.org/data/definitions/943.html',
    'https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/07-Input_Validation_Testing/05.6-Testing_for_NoSQL_Injection',
    'https://www.mongodb.com/docs/mongoid/current/interact-data/query/',
  ],
  matcher: {
    kind: 'taint',
    // Sinks are in the models (models/ruby/*.ts); this part gives the class its Ruby policy.
    sinks: [],
    params: 'never',
    local: 'never',
  },
});
