import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import { formattedAsNumbers, stringValueOf } from '../../lang/c/analysis.ts';

const SHELLS = /^(?:\/usr)?(?:\/bin\/)?(?:sh|bash|dash|zsh|ksh|csh|tcsh|busybox)$|^(?:cmd|cmd\.exe|powershell|powershell\.exe|pwsh)$/i;

/**
 * `execl("/bin/sh", "sh", "-c", cmd, NULL)`: a shell running a command string is as dangerous as
 * system(); otherwise the exec family runs an argument vector, dangerous when the program itself
 * is untrusted.
 */
function execDanger(call: CallView, ctx: MatchContext): boolean {
  const args = call.args.filter((a) => a.index >= 0).map((a) => a.node);
  const program = args[0];
  if (!program) return false;
  const programTaint = ctx.taint(program);
  if (programTaint && ctx.stringValue(program) === null && !ownCommandLine(programTaint)) return programTaint.strength !== 'param' || programTaint.built;
  const name = stringValueOf(ctx, program);
  if (name === null || !SHELLS.test(name.replace(/^.*\//, '')) && !SHELLS.test(name)) return false;
  const dashC = args.findIndex((a, i) => i > 0 && /^(?:-c|\/c|\/C|-Command)$/.test(ctx.stringValue(a) ?? ''));
  return dashC > 0 && args.slice(dashC + 1).some((a) => ctx.taint(a) !== null);
}

/** Taint that is just the program's own command line: a launcher (`execvp(argv[1], &argv[1])`) runs what its user asks. */
function ownCommandLine(taint: Taint): boolean {
  return taint.strength === 'local' && !taint.built && /^(?:argv|__argv|__wargv|lpCmdLine)$/.test(taint.label);
}

/** `execvp(args[0], args)`: the program is the first element of the vector. */
function vectorDanger(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const program = call.args.find((a) => a.index === 0)?.node;
  if (!program) return false;
  if (ctx.stringValue(program) !== null) return false;
  if (ownCommandLine(taint)) return false;
  return taint.strength !== 'param' || taint.built;
}

export default defineRule({
  class: 'command-injection',
  confidence: 'high',
  cwe: ['CWE-78'],
  languages: ['c', 'cpp'],
  remediation:
    'Do not build shell command lines: run the program directly with `execv()`/`posix_spawn()` and an argument vector, or validate the value against an allow-list (digits only, a fixed set of names) before it is formatted into the command.',
  references: [
    'https://cwe.mitre.org/data/definitions/78.html',
    'https://wiki.sei.cmu.edu/confluence/pages/viewpage.action?pageId=87152177',
    'https://cheatsheetseries.owasp.org/cheatsheets/OS_Command_Injection_Defense_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['system', 'popen', '_popen', '_wpopen', '_wsystem', '_tsystem', 'std.system', 'WinExec', 'g_spawn_command_line_sync', 'g_spawn_command_line_async'] },
      { callee: ['ShellExecute', 'ShellExecuteA', 'ShellExecuteW'], args: [2, 3] },
      { callee: ['CreateProcess', 'CreateProcessA', 'CreateProcessW'], args: [0, 1] },
      { callee: ['execl', 'execlp', 'execle'], args: 'all', where: (call, ctx) => execDanger(call, ctx) },
      { callee: ['execv', 'execvp', 'execve', 'execvpe'], args: [0], where: vectorDanger },
    ],
    params: 'built',
    check: (_taint, ctx, at) => !formattedAsNumbers(ctx, at, at),
  },
});
