import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'code-injection',
  confidence: 'high',
  cwe: ['CWE-94', 'CWE-95'],
  languages: ['csharp'],
  remediation:
    'Never compile or evaluate code built from input (Roslyn scripting, CodeDOM, JScript eval). Offer a fixed set of operations selected by name, or a dedicated expression language with a sandboxed evaluator and an allow-list of functions.',
  references: ['https://cwe.mitre.org/data/definitions/94.html', 'https://cwe.mitre.org/data/definitions/95.html', 'https://owasp.org/www-community/attacks/Code_Injection'],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['**.CSharpScript.{EvaluateAsync,RunAsync,Create,Evaluate,Run}', '**.VisualBasicScript.{EvaluateAsync,RunAsync,Create}'], args: [0], keywords: ['code'] },
      { callee: ['*.CompileAssemblyFromSource'], args: [1, 2, 3] },
      { callee: ['**.{Eval.JScriptEvaluate,JScriptEvaluate}'], args: [0] },
      {
        callee: ['*.{ContinueWithAsync,ContinueWith}'],
        args: [0],
        where: (call) => /Script|state/i.test(call.receiver?.text ?? '') && !/Task|task/.test(call.receiver?.text ?? ''),
      },
      {
        callee: ['**.DynamicExpressionParser.{ParseLambda,Parse}', '**.DynamicExpression.{ParseLambda,Parse}'],
        args: 'all',
        where: (_c, _x, taint) => taint.strength === 'remote' || taint.built,
      },
    ],
    params: 'built',
    local: 'built',
  },
});
