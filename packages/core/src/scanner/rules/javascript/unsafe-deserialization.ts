import { defineRule } from '../../rule.ts';

/** Sinks: models/javascript (serializers: node-serialize, funcster, cryo…; js-yaml with the full schema). */
export default defineRule({
  class: 'unsafe-deserialization',
  confidence: 'high',
  languages: ['javascript', 'typescript'],
  remediation:
    'Exchange data as JSON (`JSON.parse`) and validate it with a schema. Do not use `node-serialize`, `serialize-to-js` `deserialize`, `funcster` or `cryo` on data from outside; with js-yaml use `load()` from js-yaml 4 (default schema) or `safeLoad()` in js-yaml 3, never the full schema.',
  references: [
    'https://cwe.mitre.org/data/definitions/502.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Deserialization_Cheat_Sheet.html',
    'https://github.com/nodeca/js-yaml/blob/master/migrate_v3_to_v4.md',
  ],
  matcher: { kind: 'taint', sinks: [], params: 'any', local: 'any' },
});
