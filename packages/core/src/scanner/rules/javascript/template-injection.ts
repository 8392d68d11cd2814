import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'template-injection',
  confidence: 'high',
  cwe: ['CWE-1336'],
  languages: ['javascript', 'typescript'],
  remediation:
    'Never use input as template source: keep templates in files or constants and pass input only as data (`ejs.render(TEMPLATE, { name })`, `pug.renderFile("view.pug", { name })`, `nunjucks.render("page.njk", ctx)`).',
  references: [
    'https://cwe.mitre.org/data/definitions/1336.html',
    'https://portswigger.net/web-security/server-side-template-injection',
    'https://ejs.co/#docs',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      {
        callee: [
          'ejs.{render,compile}', 'pug.{render,compile,compileClient}', 'jade.{render,compile}', '{handlebars,Handlebars,hbs}.{compile,precompile}', 'handlebars.create().compile',
          'nunjucks.{renderString,compile}', 'nunjucks.Template', '*.renderString', '{lodash,_,underscore,lodash-es}.template', 'lodash.template', 'lodash/template', '{dot,doT}.{template,compile}',
          'dot.template', 'mustache.render', 'Mustache.render', 'eta.{renderString,renderStringAsync,compile}', 'squirrelly.{render,compile}', 'velocityjs.render', 'Twig.twig', 'twig.twig', 'art-template.render',
          'template7.compile', 'Template7.compile', 'vue.compile', 'Vue.compile', 'hogan.compile', 'hogan.js.compile', 'swig.{render,compile}', 'dustjs-linkedin.compile', 'marko.load',
        ],
        args: [0],
      },
    ],
    params: 'built',
    local: 'never',
    check: (taint) => taint.built || taint.strength === 'remote',
  },
});
