import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext } from '../../rule.ts';
import { functionText, unparen, findAfter } from '../../lang/go/util.ts';

/** `Parse` on a template: `template.New("x").Parse(…)`, `t.Funcs(fm).Parse(…)`, or a variable made by `template.New`/`Must`. */
function templateParse(call: CallView, ctx: MatchContext): boolean {
  if (!call.receiver) return false;
  const p = ctx.path(call.receiver) ?? [];
  if (p[0] === 'template' || p[0] === 'texttemplate') return true;
  if (p.some((s) => s === 'New()' || s === 'Funcs()' || s === 'Delims()' || s === 'Option()' || s === 'Lookup()')) return /"(?:html|text)\/template"/.test(ctx.code);
  const r = unparen(call.receiver);
  if (r.type !== 'identifier') return false;
  if (/^(?:t|tmpl|tpl|templ|template|tmp|page|view|layout|[a-z]\w*(?:Tmpl|Tpl|Template))$/.test(r.text) && /"(?:html|text)\/template"/.test(ctx.code)) return true;
  const text = functionText(call.node) || ctx.code;
  return findAfter(text, r.text, /^\s*:?=\s*(?:[A-Za-z_]\w*\.)?(?:New|Must)\(/, true, 256, ' \t\r\n:=') !== null && /"(?:html|text)\/template"/.test(ctx.code);
}

export default defineRule({
  class: 'template-injection',
  severity: 'high',
  confidence: 'high',
  cwe: ['CWE-1336'],
  languages: ['go'],
  remediation:
    'Never parse templates built from input. Keep template text constant (embedded files or literals) and pass untrusted values as data: `tmpl.Execute(w, map[string]any{"Name": name})`.',
  references: [
    'https://cwe.mitre.org/data/definitions/1336.html',
    'https://pkg.go.dev/html/template#hdr-Security_Model',
    'https://portswigger.net/research/server-side-template-injection',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      {
        // Narrow on purpose: a sink pattern makes the call's result clean, and `url.Parse(x)` must stay tainted.
        callee: [
          '{template,texttemplate}.New().Parse',
          '*.{New,Funcs,Delims,Option,Lookup}().Parse',
          '{t,tmpl,tpl,templ,template,tmp,page,view,layout,tmplt}.Parse',
          '*.{t,tmpl,tpl,templ,template,templates,tmp,page,view,layout}.Parse',
        ],
        args: [0],
        where: templateParse,
      },
      { callee: ['pongo2.{FromString,FromBytes}', 'raymond.{Render,Parse,MustRender}', 'mustache.{Render,ParseString}', 'jet.NewSet().Parse'], args: [0] },
    ],
    params: 'built',
    local: 'never',
  },
});
