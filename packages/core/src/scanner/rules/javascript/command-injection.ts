import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { inputsOnlyLookedUp, isTrue, objectLiteral, propValue, unwrap } from '../../lang/javascript/helpers.ts';

const CP = ['child_process', 'cross-spawn'];
const SHELLS = /^(?:(?:\/usr)?\/bin\/)?(?:sh|bash|zsh|dash|ksh|csh|tcsh|fish|ash|cmd|cmd\.exe|powershell|powershell\.exe|pwsh)$/i;

function cp(names: string): string[] {
  return CP.map((m) => `${m}.${names}`);
}

/** The options object of a spawn-like call: the last argument when it is an object literal (or bound to one). */
function options(call: CallView): SyntaxNode | null {
  const last = call.args[call.args.length - 1];
  if (!last || call.args.length < 2) return null;
  return objectLiteral(last.node);
}

/** `{ shell: true }` / `{ shell: '/bin/bash' }`. */
function usesShell(call: CallView, ctx: MatchContext): boolean {
  const shell = propValue(options(call), 'shell');
  if (!shell) return false;
  if (isTrue(shell)) return true;
  const s = ctx.stringValue(shell);
  return s !== null && s !== '' && s !== 'false';
}

/** `spawn('sh', ['-c', cmd])`, `execFile('bash', ['-c', cmd])`, `spawn('cmd', ['/c', cmd])`. */
function shellWrapper(call: CallView, ctx: MatchContext): boolean {
  const program = call.args.find((a) => a.index === 0)?.node;
  const argv = call.args.find((a) => a.index === 1)?.node;
  if (!program || !argv) return false;
  const name = ctx.stringValue(program);
  if (name === null || !SHELLS.test(name)) return false;
  const list = unwrap(argv);
  return list.type !== 'array' || list.namedChildren.some((c) => /^['"](?:-c|\/c|\/C|-Command|-command|-lc|-ic)['"]$/.test(c.text));
}

/** The argument vector of a program: dangerous only through a shell. */
function argvThroughShell(call: CallView, ctx: MatchContext): boolean {
  return usesShell(call, ctx) || shellWrapper(call, ctx);
}

/** A command picked by configuration (`process.env.EDITOR`), not by an attacker. */
function notConfig(taint: Taint): boolean {
  return !/^process\.env\b/.test(taint.label);
}

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
    sinks: [
      { callee: [...cp('{exec,execSync}'), 'shelljs.exec', 'node-cmd.{run,runSync,get}', 'execa.{command,commandSync}', 'execa.{execaCommand,execaCommandSync}', 'execSh', 'exec-sh'], args: [0], label: 'a shell' },
      // The program itself.
      // A program path a helper builds from its own arguments is the helper's business; input from outside is not.
      { callee: [...cp('{spawn,spawnSync,execFile,execFileSync,fork}'), 'cross-spawn', 'cross-spawn.sync', 'execa', 'execa.{execa,execaSync,sync}'], args: [0], where: (_call, _ctx, taint) => taint.strength !== 'param' || !taint.built },
      // The argument vector, when a shell interprets it.
      { callee: [...cp('{spawn,spawnSync,execFile,execFileSync}'), 'cross-spawn', 'cross-spawn.sync', 'execa', 'execa.{execa,execaSync,sync}'], args: [1], where: argvThroughShell, label: 'a shell' },
    ],
    sanitizers: ['shell-quote.quote', 'shellQuote.quote', 'shescape.quote', 'shell-escape'],
    params: 'built',
    local: 'built',
    // Input checked against a constant table first (`if (!TOOLS[name]) return`) is one of the table's keys.
    check: (taint, ctx, at) => notConfig(taint) && !inputsOnlyLookedUp(at, ctx),
  },
});
