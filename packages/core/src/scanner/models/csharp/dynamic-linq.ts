import { defineModel } from '../schema.ts';

/** System.Linq.Dynamic.Core: string expressions parsed into code that can call methods of any accessible type. */
export default defineModel({
  name: 'dynamic-linq',
  language: 'csharp',
  sinks: [{ call: ['**.DynamicExpressionParser.{ParseLambda,Parse}', '**.DynamicExpression.{ParseLambda,Parse}'], arg: 'all', class: 'code-injection', where: 'remote-or-built' }],
});
