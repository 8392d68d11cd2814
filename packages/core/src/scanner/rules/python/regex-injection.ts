import { defineRule } from '../../rule.ts';

export default defineRule({
  id: 'python.regex-injection',
  title: 'Regular expression built from untrusted input',
  severity: 'medium',
  confidence: 'medium',
  cwe: ['CWE-1333', 'CWE-730'],
  owasp: ['A03:2021'],
  languages: ['python'],
  message: 'Untrusted data from {source} is used as a regular expression by {sink}, which allows catastrophic backtracking (ReDoS) and pattern manipulation',
  remediation: 'Escape input that should match literally with `re.escape(term)`, or search without regexes (`term in text`, `str.find`); if users must supply patterns, use the `re2` engine or a timeout.',
  references: [
    'https://cwe.mitre.org/data/definitions/1333.html',
    'https://docs.python.org/3/library/re.html#re.escape',
    'https://owasp.org/www-community/attacks/Regular_expression_Denial_of_Service_-_ReDoS',
  ],
  matcher: {
    kind: 'taint',
    class: 'regex',
    sinks: [
      {
        callee: ['re.{compile,match,search,fullmatch,findall,finditer,sub,subn,split}', 'regex.{compile,match,search,fullmatch,findall,finditer,sub,subn,split}'],
        args: [0],
        keywords: ['pattern'],
      },
    ],
    local: 'never',
    params: 'never',
  },
});
