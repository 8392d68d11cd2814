import { defineModel } from '../schema.ts';

/** Roslyn scripting (Microsoft.CodeAnalysis.CSharp.Scripting) and the CodeDOM compilers: source text compiled and run. */
export default defineModel({
  name: 'roslyn-scripting',
  language: 'csharp',
  sinks: [
    {
      call: ['**.CSharpScript.{EvaluateAsync,RunAsync,Create,Evaluate,Run}', '**.VisualBasicScript.{EvaluateAsync,RunAsync,Create}'],
      arg: 0,
      keyword: 'code',
      class: 'code-injection',
    },
    { call: '*.{ContinueWithAsync,ContinueWith}', class: 'code-injection', where: 'script-state' },
    { call: '*.CompileAssemblyFromSource', arg: [1, 2, 3], class: 'code-injection' },
    { call: '**.{Eval.JScriptEvaluate,JScriptEvaluate}', class: 'code-injection' },
  ],
});
