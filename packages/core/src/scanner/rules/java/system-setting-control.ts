import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'external-setting-control',
  confidence: 'medium',
  cwe: ['CWE-15'],
  languages: ['java'],
  message: 'Untrusted data from {source} chooses a system or connection setting through {sink}',
  remediation:
    'Do not pass request or environment values to `Connection.setCatalog`/`setSchema` or `System.setProperty`: map the choice to a fixed set of allowed catalogs, schemas or property values.',
  references: ['https://cwe.mitre.org/data/definitions/15.html'],
  matcher: {
    kind: 'taint',
    // Sinks: the jdk (System.setProperty) and jdbc (Connection.setCatalog/setSchema) models.
    sinks: [],
    params: 'never',
    // Deployments choose schemas and properties from their environment on purpose.
    local: 'low',
  },
});
