import { defineRule } from '../../rule.ts';
import { stringFormat } from '../../lang/java/checks/format.ts';
import { references, remediation } from './format-string.ts';

/** Format strings of `String.format` and `formatted`, which the adapter shows as string building. */
export default defineRule({
  class: 'format-string',
  confidence: 'high',
  severity: 'medium',
  languages: ['java'],
  remediation,
  references,
  matcher: { kind: 'node', types: ['method_invocation'], where: stringFormat },
});
