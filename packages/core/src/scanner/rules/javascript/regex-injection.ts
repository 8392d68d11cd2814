import { defineRule } from '../../rule.ts';

/** Sinks: models/javascript/builtins (`new RegExp(pattern)` unless escaped on the way). */
export default defineRule({
  class: 'regex-injection',
  confidence: 'high',
  cwe: ['CWE-1333', 'CWE-730'],
  languages: ['javascript', 'typescript'],
  remediation:
    'Escape input before putting it into a pattern (`escape-string-regexp`, `_.escapeRegExp`, or `s.replace(/[.*+?^${}()|[\\]\\\\]/g, "\\\\$&")`), limit its length, or match with plain string methods (`includes`, `startsWith`). For user-supplied patterns use a linear-time engine such as `re2`.',
  references: [
    'https://cwe.mitre.org/data/definitions/1333.html',
    'https://owasp.org/www-community/attacks/Regular_expression_Denial_of_Service_-_ReDoS',
    'https://github.com/google/re2',
  ],
  matcher: { kind: 'taint', sinks: [], params: 'never', local: 'never' },
});
