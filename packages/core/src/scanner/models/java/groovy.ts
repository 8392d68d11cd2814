import { defineModel } from '../schema.ts';

/** Apache Groovy embedded in Java: GroovyShell, Eval and GroovyClassLoader compile and run source text. */
export default defineModel({
  name: 'groovy',
  language: 'java',
  sinks: [
    {
      call: ['{shell,groovyShell,groovy,gs}.{parse,run}', '*.{shell,groovyShell}.{parse,run}', 'GroovyShell().{parse,run,evaluate}', 'Eval.{me,x,xy,xyz}', '*.parseClass'],
      class: 'code-injection',
    },
    // Scripts, files and URIs of Groovy source the method was given (low confidence).
    {
      call: ['{shell,groovyShell,groovy,gs}.{parse,run,evaluate}', '*.{shell,groovyShell}.{parse,run,evaluate}', 'GroovyShell().{parse,run,evaluate}', '*.parseClass'],
      arg: 'all',
      class: 'code-injection',
      audit: true,
    },
  ],
});
