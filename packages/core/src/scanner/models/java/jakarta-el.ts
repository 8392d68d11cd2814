import { defineModel } from '../schema.ts';

/** Jakarta Expression Language (EL): value and method expressions made from text are code. */
export default defineModel({
  name: 'jakarta-el',
  language: 'java',
  sinks: [{ call: ['*.createValueExpression', '*.createMethodExpression'], arg: 1, class: 'code-injection', where: 'el-factory' }],
});
