import { defineModel } from '../schema.ts';

/**
 * Spring Expression Language (SpEL): an expression parsed from untrusted text is code. One parsed
 * and evaluated in the same method is judged where it is evaluated (a SimpleEvaluationContext is
 * the restricted form Spring recommends); one handed on, where it is parsed.
 */
export default defineModel({
  name: 'spring-expression',
  language: 'java',
  sinks: [
    { call: ['*.parseExpression', '*.parseRaw'], class: 'code-injection', where: 'spel-parsed-here' },
    { call: '*.{getValue,setValue,getValueType,getValueTypeDescriptor}', receiver: true, class: 'code-injection', where: 'spel-evaluation', label: 'Expression.getValue' },
  ],
});
