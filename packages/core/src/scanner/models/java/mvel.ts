import { defineModel } from '../schema.ts';

/** MVEL: expressions and templates are code. */
export default defineModel({
  name: 'mvel',
  language: 'java',
  sinks: [{ call: ['MVEL.{eval,evalToString,compileExpression,compileSetExpression,executeExpression}', 'TemplateRuntime.eval'], class: 'code-injection' }],
});
