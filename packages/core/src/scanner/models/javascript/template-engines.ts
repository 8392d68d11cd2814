import { defineModel } from '../schema.ts';

/** Template engines: a template's source is code; rendering with data escapes it; `SafeString` opts out. */
export default defineModel({
  name: 'template-engines',
  language: ['javascript', 'typescript'],
  description:
    'Template sources compiled or rendered by EJS, Pug, Handlebars, Nunjucks, Mustache, doT, Eta, Squirrelly, Twig and others (template injection); Handlebars SafeString (XSS); rendered output and escape helpers as sanitizers.',
  sinks: [
    {
      call: [
        'ejs.{render,compile}',
        'pug.{render,compile,compileClient}',
        'jade.{render,compile}',
        '{handlebars,Handlebars,hbs}.{compile,precompile}',
        'handlebars.create().compile',
        'nunjucks.{renderString,compile}',
        'nunjucks.Template',
        '*.renderString',
        '{dot,doT}.{template,compile}',
        'dot.template',
        'mustache.render',
        'Mustache.render',
        'eta.{renderString,renderStringAsync,compile}',
        'squirrelly.{render,compile}',
        'velocityjs.render',
        'Twig.twig',
        'twig.twig',
        'art-template.render',
        'template7.compile',
        'Template7.compile',
        'vue.compile',
        'Vue.compile',
        'hogan.compile',
        'hogan.js.compile',
        'swig.{render,compile}',
        'dustjs-linkedin.compile',
        'marko.load',
      ],
      class: 'template-injection',
    },
    {
      call: ['{Handlebars,handlebars,hbs,express-handlebars,exphbs}.SafeString', 'handlebars.SafeString', 'SafeString'],
      class: 'xss',
      where: 'not-built-from-parameter',
      label: 'Handlebars SafeString',
    },
  ],
  sanitizers: [
    { call: ['ejs.render', 'ejs.renderFile', 'pug.render', 'pug.renderFile', 'nunjucks.render', 'mustache.render', 'Mustache.render'], class: 'xss' },
    { call: ['Handlebars.escapeExpression', 'handlebars.escapeExpression', 'Mustache.escape'], class: ['xss', 'xpath-injection'] },
  ],
});
