import { defineRule, type Taint } from '../../rule.ts';
import { inputsOnlyLookedUp } from '../../lang/javascript/helpers.ts';

/** A command picked by configuration (`process.env.EDITOR`), not by an attacker. */
function notConfig(taint: Taint): boolean {
  return !/^process\.env\b/.test(taint.label);
}

/** Sinks: models/javascript (node: child_process; process-libraries: execa, shelljs, cross-spawn…). */
export default defineRule({
  class: 'command-injection',
  confidence: 'high',
  cwe: ['CWE-78'],
  languages: ['javascript', 'typescript'],
  remediation:
    'Run the program directly with an argument array and no shell (`execFile("git", ["log", branch])`, `spawn(cmd, args)` without `shell: true`), validate arguments against an allow-list, and put `--` before user-supplied operands. Never build a command line for `exec`/`execSync` from input.',
  references: [
    'https://cwe.mitre.org/data/definitions/78.html',
    'https://nodejs.org/api/child_process.html#child_processexeccommand-options-callback',
    'https://cheatsheetseries.owasp.org/cheatsheets/OS_Command_Injection_Defense_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'taint',
    sinks: [],
    params: 'built',
    local: 'built',
    // Input checked against a constant table first (`if (!TOOLS[name]) return`) is one of the table's keys.
    check: (taint, ctx, at) => notConfig(taint) && !inputsOnlyLookedUp(at, ctx),
  },
});
