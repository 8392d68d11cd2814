import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import { onlyEnvironment } from '../../lang/python/predicates.ts';

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'cmd', 'cmd.exe', 'powershell', 'pwsh', '/bin/sh', '/bin/bash', '/usr/bin/bash', '/usr/bin/sh', '/bin/zsh']);

function isTruthy(node: import('../../syntax.ts').SyntaxNode | null): boolean {
  return node !== null && /^(?:True|1)$/.test(node.text);
}

/**
 * subprocess without a shell runs an argument vector: only dangerous when the program itself is
 * untrusted, or when the vector is `[sh, -c, <untrusted>]`. With `shell=True` any untrusted text is.
 */
function subprocessDanger(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (isTruthy(ctx.arg(call, 'shell'))) return true;
  const first = ctx.arg(call, 0) ?? ctx.arg(call, 'args');
  if (!first) return false;
  if (first.type === 'list' || first.type === 'tuple') {
    const items = first.namedChildren;
    const program = items[0];
    if (!program) return false;
    if (ctx.taint(program)) return true;
    const name = ctx.stringValue(program);
    if (name !== null && SHELLS.has(name)) {
      const dashC = items.findIndex((i) => ctx.stringValue(i) === '-c' || ctx.stringValue(i) === '/c' || ctx.stringValue(i) === '-Command');
      return dashC >= 0 && items.slice(dashC + 1).some((i) => ctx.taint(i) !== null);
    }
    return false;
  }
  // A whole command string without a shell: the untrusted text names the program to run.
  return taint.strength === 'remote' && !taint.built;
}

export default defineRule({
  class: 'command-injection',
  confidence: 'high',
  cwe: ['CWE-78'],
  languages: ['python'],
  remediation:
    'Pass an argument list without a shell (`subprocess.run(["ping", "-c", "1", host], check=True)`), validate the value against an allow-list, or quote it with `shlex.quote()` when a shell is unavoidable.',
  references: [
    'https://cwe.mitre.org/data/definitions/78.html',
    'https://docs.python.org/3/library/subprocess.html#security-considerations',
    'https://cheatsheetseries.owasp.org/cheatsheets/OS_Command_Injection_Defense_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['os.system', 'os.popen', 'os.popen2', 'os.popen3', 'os.popen4', 'commands.getoutput', 'commands.getstatusoutput', 'subprocess.getoutput', 'subprocess.getstatusoutput', 'asyncio.create_subprocess_shell', 'pty.spawn', 'popen2.popen2', 'platform.popen'] },
      { callee: ['subprocess.run', 'subprocess.call', 'subprocess.Popen', 'subprocess.check_call', 'subprocess.check_output'], args: [0], keywords: ['args'], where: subprocessDanger },
      { callee: ['os.execl', 'os.execle', 'os.execlp', 'os.execlpe', 'os.execv', 'os.execve', 'os.execvp', 'os.execvpe', 'os.spawnl', 'os.spawnle', 'os.spawnlp', 'os.spawnlpe', 'os.spawnv', 'os.spawnve', 'os.spawnvp', 'os.spawnvpe', 'asyncio.create_subprocess_exec'], args: 'all' },
      { callee: ['*.exec_command', 'fabric.api.{run,sudo,local}', 'fabric.operations.{run,sudo,local}', 'invoke.run', '*.run_command', 'pexpect.spawn', 'pexpect.run', 'pexpect.popen_spawn.PopenSpawn', 'pexpect.spawnu'], args: [0], keywords: ['command'] },
    ],
    params: 'built',
    // Commands assembled from the process environment are deployment configuration.
    check: (taint, ctx, at) => !onlyEnvironment(taint, at, ctx),
  },
});
