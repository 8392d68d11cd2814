import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'regex-injection',
  confidence: 'high',
  cwe: ['CWE-1333', 'CWE-400'],
  languages: ['csharp'],
  remediation:
    'Escape input that is meant literally with `Regex.Escape(value)`; if users supply patterns, pass a match timeout (`new Regex(pattern, RegexOptions.None, TimeSpan.FromMilliseconds(200))`) or use `RegexOptions.NonBacktracking` (.NET 7+).',
  references: [
    'https://cwe.mitre.org/data/definitions/1333.html',
    'https://owasp.org/www-community/attacks/Regular_expression_Denial_of_Service_-_ReDoS',
    'https://learn.microsoft.com/en-us/dotnet/standard/base-types/best-practices-regex',
  ],
  matcher: {
    kind: 'taint',
    // Sinks: the system-text-regularexpressions models (models/csharp).
    sinks: [],
    params: 'never',
    local: 'never',
  },
});
