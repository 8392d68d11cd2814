import { defineModel } from '../schema.ts';

/**
 * Jinjava and the engines that compile a template string the same way (Handlebars.java, Pebble,
 * Groovy's template engines, Mustache.java): the template text is code.
 */
export default defineModel({
  name: 'jinjava',
  language: 'java',
  sinks: [
    {
      call: [
        '{jinjava,jinja,handlebars,hbs,pebble,pebbleEngine,engine,templateEngine,mustache,mustacheFactory,mf,factory,compiler}.{render,renderForResult,compileInline,getLiteralTemplate,createTemplate,compile}',
        '*.{jinjava,handlebars,pebbleEngine,pebble,mustacheFactory,templateEngine}.{render,renderForResult,compileInline,getLiteralTemplate,createTemplate,compile}',
        'Mustache.compiler().compile',
        '*.compileInline',
        '*.getLiteralTemplate',
      ],
      class: 'template-injection',
      where: 'template-engine',
    },
  ],
});
