import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext } from '../../rule.ts';
import { keyword } from '../../lang/ruby/predicates.ts';

/** Psych 4 `YAML.load(x, permitted_classes: …)` is a safe load; without options it is unsafe on Psych < 4. */
function yamlLoad(call: CallView): boolean {
  return keyword(call, 'permitted_classes') === null && keyword(call, 'safe') === null;
}
/** `Oj.load` defaults to :object mode, which instantiates arbitrary classes. */
function ojObjectMode(call: CallView, ctx: MatchContext): boolean {
  const mode = keyword(call, 'mode');
  if (mode === null) return call.args.every((a) => a.index < 1 || a.node.type !== 'hash');
  return ctx.stringValue(mode) === 'object';
}

export default defineRule({
  class: 'unsafe-deserialization',
  confidence: 'high',
  languages: ['ruby'],
  remediation:
    'Exchange data as JSON (`JSON.parse(s)`) or load YAML with `YAML.safe_load(s, permitted_classes: [Date])`; never `Marshal.load` data a client can touch, use `Oj.load(s, mode: :strict)` and `JSON.parse` without `create_additions`.',
  references: [
    'https://cwe.mitre.org/data/definitions/502.html',
    'https://docs.ruby-lang.org/en/master/Marshal.html#module-Marshal-label-Security+considerations',
    'https://guides.rubyonrails.org/security.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Deserialization_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['Marshal.{load,restore}', 'YAML.{unsafe_load,unsafe_load_stream}', 'Psych.{unsafe_load,unsafe_load_stream}', 'YAML.Store.new', 'JSON.{load,restore}', 'Oj.object_load', 'Ox.parse_obj', 'ActiveSupport.JSON.load'] },
      { callee: ['YAML.{load,load_stream,load_documents}', 'Psych.{load,load_stream}'], where: yamlLoad },
      { callee: ['Oj.load', 'Oj.compat_load'], where: (call, ctx) => ojObjectMode(call, ctx) },
    ],
    local: 'never',
    params: 'built',
  },
});
