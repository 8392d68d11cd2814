import { defineRule } from '../../rule.ts';

/** Sinks: models/javascript (builtins: eval, Function, string timers; node: vm, require; jquery: globalEval; sandboxes). */
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
  matcher: { kind: 'taint', sinks: [], params: 'built', local: 'never' },
});
