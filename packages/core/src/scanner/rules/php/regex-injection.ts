import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'regex-injection',
  confidence: 'medium',
  cwe: ['CWE-1333', 'CWE-400', 'CWE-95'],
  languages: ['php'],
  remediation:
    "Quote untrusted text before putting it into a pattern: `preg_match('/' . preg_quote($term, '/') . '/i', $s)`, or use plain string functions (`str_contains`, `stripos`).",
  references: [
    'https://cwe.mitre.org/data/definitions/1333.html',
    'https://owasp.org/www-community/attacks/Regular_expression_Denial_of_Service_-_ReDoS',
    'https://www.php.net/manual/en/function.preg-quote.php',
  ],
  matcher: {
    kind: 'taint',
    // The adapter names preg_* calls whose pattern is built at run time `preg_match/dynamic` etc.
    sinks: [
      {
        callee: [
          'preg_match',
          'preg_match_all',
          'preg_replace',
          'preg_replace_callback',
          'preg_split',
          'preg_grep',
          'preg_filter',
          'mb_ereg',
          'mb_eregi',
          'mb_ereg_replace',
          'mb_eregi_replace',
          'ereg',
          'eregi',
          'ereg_replace',
          'eregi_replace',
        ].map((f) => `${f}/dynamic`),
        args: [0],
        label: 'a regular-expression function',
      },
    ],
    params: 'never',
    local: 'never',
  },
});
