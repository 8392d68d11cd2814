import { defineRule } from '../../rule.ts';

export const remediation =
  'Keep the format constant and pass data as arguments: `String.format("%s", value)`, `out.printf("Hello %s%n", name)`. A format from outside can throw (`%n$`, unknown conversions) or expose the other arguments.';
export const references = ['https://cwe.mitre.org/data/definitions/134.html', 'https://docs.oracle.com/en/java/javase/21/docs/api/java.base/java/util/Formatter.html'];

export default defineRule({
  class: 'format-string',
  confidence: 'medium',
  severity: 'medium',
  languages: ['java'],
  remediation,
  references,
  matcher: {
    kind: 'taint',
    // Sinks: the jdk model (printf and format on streams, writers and formatters).
    sinks: [],
    // A helper's own format parameter is the caller's choice (a logging or message wrapper).
    params: 'never',
    local: 'any',
  },
});
