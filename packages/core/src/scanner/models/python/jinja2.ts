import { defineModel } from '../schema.ts';

/**
 * Jinja2: templates built from input (server-side template injection), templates rendered with
 * autoescaping off (the default outside Flask), and the escapes and autoescaping renders that make
 * values safe. The `unescaped-render` check also judges Mako templates.
 */
export default defineModel({
  name: 'jinja2',
  language: 'python',
  sinks: [
    {
      call: ['jinja2.Template', 'jinja2.environment.Template', 'jinja2.Environment().from_string'],
      arg: 0,
      keyword: ['source', 'text', 'template_string', 'template'],
      class: 'template-injection',
    },
    { call: '*.from_string', arg: 0, keyword: 'source', class: 'template-injection', where: 'jinja-environment' },
    { call: ['jinja2.Markup', 'jinja2.utils.Markup'], arg: 0, class: 'xss' },
    { call: '*.render', arg: 'all', class: 'xss', where: 'unescaped-render', label: 'a template rendered without autoescaping' },
  ],
  sanitizers: [
    { call: 'jinja2.escape', class: ['xss', 'xpath-injection'] },
    // Autoescaping environments escape what they render (the unescaped ones are sinks above).
    { call: '*.render', class: 'xss' },
  ],
});
