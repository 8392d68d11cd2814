import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext } from '../../rule.ts';

/** Sinatra's `erb x`/`haml x` render a String argument as template source (a Symbol names a view file). */
function inlineTemplate(call: CallView, ctx: MatchContext): boolean {
  const arg = call.args.find((a) => a.index === 0)?.node;
  return arg !== undefined && arg.type !== 'simple_symbol' && !ctx.isConstant(arg);
}

export default defineRule({
  class: 'template-injection',
  confidence: 'high',
  languages: ['ruby'],
  remediation:
    'Keep templates in files and pass input as locals (`render :show, locals: { name: name }`, `ERB.new(File.read(TEMPLATE)).result_with_hash(name: name)`). If users must author templates, use a sandboxed language such as Liquid.',
  references: [
    'https://cwe.mitre.org/data/definitions/1336.html',
    'https://guides.rubyonrails.org/layouts_and_rendering.html#using-render-with-inline',
    'https://portswigger.net/web-security/server-side-template-injection',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['ERB.new', 'Erubi.Engine.new', 'Erubis.{Eruby,EscapedEruby,FastEruby}.new', 'Haml.Engine.new', 'Haml.Template.new', 'Tilt.{ERBTemplate,HamlTemplate,ErubiTemplate}.new', 'Slim.Template.new', 'ActionView.Template.new'] },
      { callee: ['render', '*.render', 'render_to_string', '*.render_to_string'], args: [], keywords: ['inline'], label: 'render inline:' },
      { callee: ['erb', 'haml', 'slim', 'markaby', 'builder', 'nokogiri'], where: inlineTemplate, label: 'an inline Sinatra template' },
    ],
    local: 'never',
    params: 'built',
  },
});
