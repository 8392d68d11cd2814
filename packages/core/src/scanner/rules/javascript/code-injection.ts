import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext } from '../../rule.ts';
import { FUNCTION_NODES, fileFact, unwrap } from '../../lang/javascript/helpers.ts';

/** `setTimeout(code, ms)` evaluates its first argument only when it is a string, not a function. */
function stringCode(call: CallView): boolean {
  const first = call.args.find((a) => a.index === 0)?.node;
  return first !== undefined && !FUNCTION_NODES.has(unwrap(first).type);
}

/** Whether a bare name is the global (not a local function that happens to be called `eval`). */
function global(name: string) {
  return (call: CallView, ctx: MatchContext): boolean => {
    const path = ctx.path(call.callee ?? call.node);
    return path !== null && path.length === 1 && path[0] === name && !fileFact(ctx, `local-${name}`, (code) => new RegExp(`function\\s{1,8}${name}\\s{0,8}\\(`).test(code));
  };
}

export default defineRule({
  class: 'code-injection',
  confidence: 'high',
  cwe: ['CWE-94', 'CWE-95', 'CWE-829'],
  languages: ['javascript', 'typescript'],
  remediation:
    'Do not evaluate strings built from input: parse data with `JSON.parse`, look functions up in a fixed map (`handlers[name]` after checking `Object.hasOwn(handlers, name)`), pass functions (not strings) to `setTimeout`, and load modules from a fixed list instead of `require(userInput)`. `vm` is not a security boundary.',
  references: [
    'https://cwe.mitre.org/data/definitions/95.html',
    'https://cwe.mitre.org/data/definitions/829.html',
    'https://nodejs.org/api/vm.html#vm-executing-javascript',
    'https://cheatsheetseries.owasp.org/cheatsheets/Nodejs_Security_Cheat_Sheet.html#do-not-use-dangerous-functions',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['eval', 'window.eval', 'globalThis.eval', 'global.eval'], args: [0], label: 'eval()' },
      { callee: ['Function', 'window.Function', 'globalThis.Function'], args: 'all', where: global('Function'), label: 'the Function constructor' },
      { callee: ['setTimeout', 'setInterval', 'setImmediate', 'window.setTimeout', 'window.setInterval'], args: [0], where: stringCode },
      { callee: ['vm.{runInNewContext,runInThisContext,runInContext,compileFunction,Script,SourceTextModule}', 'safe-eval', 'safeEval'], args: [0] },
      { callee: ['*.{runInNewContext,runInContext}'], args: [0], where: (call, ctx) => /vm/i.test(ctx.pathText(call.receiver ?? call.node) ?? '') },
      { callee: ['{$,jQuery}.globalEval', 'execScript', 'window.execScript'], args: [0] },
      // Plugin loaders build module paths from their arguments all the time: only input from outside counts.
      { callee: ['require', 'import', 'module.require'], args: [0], where: (_call, _ctx, taint) => taint.strength !== 'param', label: 'a dynamic module load' },
    ],
    params: 'built',
    local: 'never',
  },
});
