import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import { originCall } from '../../lang/python/predicates.ts';

/** Receiver names (the last segment of the path) that say a Jinja2 environment… */
const JINJA_ENV_NAMES = new Set(['env', 'jinja_env', 'jinja', 'environment', 'template_env', 'templates', 'engine', 'jinja2_env', 'tmpl_env', 'JINJA_ENV', 'ENV']);

/** `env.from_string(src)` on a Jinja2 environment (any receiver named like one, or one built in this file). */
function jinjaEnvironment(call: CallView, ctx: MatchContext, _taint: Taint): boolean {
  const origin = originCall(call.receiver, ctx);
  // A sandboxed environment is the documented way to render user-written templates: no attribute access to internals.
  if (origin) return /(?:^|\.)(?:Environment|jinja_env|create_jinja_environment|Engine|get_default|Jinja2)$/.test(ctx.pathText(origin.callee ?? origin.node) ?? origin.name);
  if (call.receiver && /sandbox/i.test(call.receiver.text)) return false;
  const path = call.receiver ? (ctx.pathText(call.receiver) ?? '') : '';
  const segments = path.split('.');
  const last = segments[segments.length - 1] as string;
  // …or any `engines.<name>`.
  return JINJA_ENV_NAMES.has(last) || (segments[segments.length - 2] === 'engines' && /^\w+$/.test(last));
}

export default defineRule({
  class: 'template-injection',
  confidence: 'high',
  languages: ['python'],
  remediation:
    'Keep templates fixed and pass input as context values: `render_template_string("<h1>Hello {{ name }}</h1>", name=name)` or a template file; never format input into the template text. Use `jinja2.sandbox.SandboxedEnvironment` if users really must write templates.',
  references: [
    'https://cwe.mitre.org/data/definitions/1336.html',
    'https://portswigger.net/web-security/server-side-template-injection',
    'https://jinja.palletsprojects.com/en/stable/sandbox/',
    'https://flask.palletsprojects.com/en/stable/api/#flask.render_template_string',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      {
        callee: [
          'flask.render_template_string', 'render_template_string', 'quart.render_template_string', 'flask.templating.render_template_string',
          'jinja2.Template', 'jinja2.environment.Template', 'mako.template.Template', 'django.template.Template', 'django.template.base.Template',
          'tornado.template.Template', 'chevron.render', 'genshi.template.MarkupTemplate', 'jinja2.Environment().from_string',
        ],
        args: [0],
        keywords: ['source', 'text', 'template_string', 'template'],
      },
      { callee: ['*.from_string'], args: [0], keywords: ['source'], where: jinjaEnvironment },
    ],
    params: 'built',
    local: 'never',
  },
});
