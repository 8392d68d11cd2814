import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'regex-injection',
  confidence: 'medium',
  cwe: ['CWE-1333', 'CWE-625'],
  languages: ['ruby'],
  remediation: 'Escape the input with `Regexp.escape` (or `Regexp.union` of literal strings) before building a pattern from it, and set `Regexp.timeout` on Ruby 3.2+.',
  references: [
    'https://cwe.mitre.org/data/definitions/1333.html',
    'https://owasp.org/www-community/attacks/Regular_expression_Denial_of_Service_-_ReDoS',
    'https://docs.ruby-lang.org/en/master/Regexp.html',
  ],
  matcher: {
    kind: 'taint',
    // Sinks are in the models (models/ruby/*.ts); this part gives the class its Ruby policy.
    sinks: [],
    local: 'never',
    params: 'never',
  },
});
