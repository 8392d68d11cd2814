import { defineModel } from '../schema.ts';

/** OGNL (Object-Graph Navigation Language, as used by Struts 2): expressions are code. */
export default defineModel({
  name: 'ognl',
  language: 'java',
  sinks: [{ call: ['Ognl.{getValue,setValue,parseExpression,compile}', 'OgnlUtil.{getValue,setValue,compile}', '*.ognlUtil.{getValue,setValue}'], class: 'code-injection' }],
});
