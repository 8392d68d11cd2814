import type { SinkCheck } from '../../../models/compile.ts';
import type { CallView } from '../../../engine/adapter.ts';
import type { MatchContext } from '../../../rule.ts';
import { functionText, unparen, findAfter } from '../util.ts';

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

/** Named checks of the template-parsing sinks (model go/html-template). */
export const templateChecks: Readonly<Record<string, SinkCheck>> = {
  /** `Parse` called on a Go template. */
  'template-parse': templateParse,
};
