import { defineModel } from '../schema.ts';

/**
 * html/template and text/template: trusted-content conversions (`template.HTML(x)`), a text/template
 * executed into a response, template text parsed from untrusted data, and the escapers.
 */
export default defineModel({
  name: 'html-template',
  language: 'go',
  description: 'html/template, text/template',
  sinks: [
    { call: 'template.{HTML,HTMLAttr,JS,JSStr,URL,CSS,Srcset}', class: 'xss', label: 'an html/template trusted-content conversion' },
    { call: '*.Execute', arg: 1, class: 'xss', where: 'text-template-to-response', label: 'a text/template (no HTML escaping)' },
    { call: '*.ExecuteTemplate', arg: 2, class: 'xss', where: 'text-template-to-response', label: 'a text/template (no HTML escaping)' },
    { call: '*.{ParseFiles,ParseGlob}', arg: 'all', class: 'path-traversal' },
    {
      // Narrow on purpose: a sink pattern makes the call's result clean, and `url.Parse(x)` must stay tainted.
      call: [
        '{template,texttemplate}.New().Parse',
        '*.{New,Funcs,Delims,Option,Lookup}().Parse',
        '{t,tmpl,tpl,templ,template,tmp,page,view,layout,tmplt}.Parse',
        '*.{t,tmpl,tpl,templ,template,templates,tmp,page,view,layout}.Parse',
      ],
      class: 'template-injection',
      where: 'template-parse',
    },
  ],
  sanitizers: [
    {
      call: [
        'template.{HTMLEscapeString,HTMLEscaper,JSEscapeString,JSEscaper,URLQueryEscaper}',
        'texttemplate.{HTMLEscapeString,HTMLEscaper,JSEscapeString,JSEscaper,URLQueryEscaper}',
      ],
      class: 'xss',
    },
  ],
});
