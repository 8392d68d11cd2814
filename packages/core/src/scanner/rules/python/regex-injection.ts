import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'regex-injection',
  confidence: 'medium',
  cwe: ['CWE-1333', 'CWE-730'],
  languages: ['python'],
  remediation: 'Escape input that should match literally with `re.escape(term)`, or search without regexes (`term in text`, `str.find`); if users must supply patterns, use the `re2` engine or a timeout.',
  references: [
    'https://cwe.mitre.org/data/definitions/1333.html',
    'https://docs.python.org/3/library/re.html#re.escape',
    'https://owasp.org/www-community/attacks/Regular_expression_Denial_of_Service_-_ReDoS',
  ],
  matcher: {
    kind: 'taint',
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
