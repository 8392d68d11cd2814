import { defineRule } from '../../rule.ts';

/** Sinks of this class are in the models (models/python/*.ts); this part carries its policy and Python remediation. */
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
    sinks: [],
    params: 'built',
    local: 'never',
  },
});
