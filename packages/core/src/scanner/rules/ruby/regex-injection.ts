import { defineRule } from '../../rule.ts';

export default defineRule({
  id: 'ruby.regex-injection',
  title: 'Regular expression injection',
  severity: 'medium',
  confidence: 'medium',
  cwe: ['CWE-1333', 'CWE-625'],
  owasp: ['A03:2021'],
  languages: ['ruby'],
  message: 'Untrusted data from {source} is compiled as a regular expression by {sink} (ReDoS, match bypass)',
  remediation:
    'Escape the input with `Regexp.escape` (or `Regexp.union` of literal strings) before building a pattern from it, and set `Regexp.timeout` on Ruby 3.2+.',
  references: [
    'https://cwe.mitre.org/data/definitions/1333.html',
    'https://owasp.org/www-community/attacks/Regular_expression_Denial_of_Service_-_ReDoS',
    'https://docs.ruby-lang.org/en/master/Regexp.html',
  ],
  matcher: {
    kind: 'taint',
    class: 'regex',
    sinks: [{ callee: ['Regexp.{new,compile}', 'regexp_literal'], label: 'Regexp' }],
    local: 'never',
    params: 'never',
  },
});
