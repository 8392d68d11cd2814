import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext } from '../../rule.ts';
import { argAt, fileFact, objectLiteral, propValue } from '../../lang/javascript/helpers.ts';

/**
 * js-yaml `load()`: js-yaml 4 loads with the safe default schema (no `!!js/function`); js-yaml 3's
 * `load()` used the full schema — that is why it had `safeLoad()`. Reported when the call asks
 * for an unsafe schema, or when the file uses the js-yaml 3 API (`safeLoad`/`safeDump`), so its
 * plain `load()` is the unsafe one.
 */
function unsafeYaml(call: CallView, ctx: MatchContext): boolean {
  const opts = objectLiteral(argAt(call, 1));
  const schema = propValue(opts, 'schema');
  if (schema) return /DEFAULT_FULL_SCHEMA|FULL_SCHEMA|js-types|jsTypes|JS_SCHEMA|\.extend\(/.test(schema.text);
  return fileFact(ctx, 'js-yaml-3', (code) => /\.(?:safeLoad|safeLoadAll|safeDump)\s{0,8}\(|\bsafeLoad\b/.test(code));
}

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
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['node-serialize.unserialize', 'serialize.unserialize', 'node-serialize.deserialize'], args: [0], label: 'node-serialize unserialize()' },
      { callee: ['serialize-to-js.deserialize', 'serializeToJs.deserialize'], args: [0] },
      { callee: ['funcster.{deepDeserialize,deserialize}'], args: [0] },
      { callee: ['cryo.parse', 'Cryo.parse'], args: [0] },
      { callee: ['js-yaml.{load,loadAll}', 'jsyaml.{load,loadAll}'], args: [0], where: unsafeYaml, label: 'js-yaml load() with the full schema' },
    ],
    params: 'any',
    local: 'any',
  },
});
