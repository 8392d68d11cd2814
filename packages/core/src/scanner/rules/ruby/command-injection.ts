import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { dangerous, literalPrefix } from '../../lang/ruby/predicates.ts';

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish', 'cmd', 'cmd.exe', 'powershell', 'pwsh', '/bin/sh', '/bin/bash', '/usr/bin/bash', '/usr/bin/sh', '/bin/zsh', '/usr/bin/env']);
const POLICY = { local: 'built', params: 'built' } as const;

/** An argument vector `[program, arg…]`: dangerous when the program is untrusted, or for `sh -c <untrusted>`. */
function argvDanger(items: readonly SyntaxNode[], ctx: MatchContext): boolean {
  const program = items[0];
  if (!program) return false;
  const first = program.type === 'array' ? (program.namedChildren[0] ?? null) : program; // [[cmd, argv0], args…]
  if (dangerous(ctx, first, 'command', { local: 'any', params: 'any' })) return true;
  const name = first ? ctx.stringValue(first) : null;
  if (name !== null && SHELLS.has(name)) {
    const c = items.findIndex((i) => ['-c', '/c', '-Command', '-lc', '-ic'].includes(ctx.stringValue(i) ?? ''));
    return c > 0 && items.slice(c + 1).some((i) => dangerous(ctx, i, 'command', POLICY) !== null);
  }
  return false;
}

/**
 * `system`, `exec`, `spawn`, `IO.popen`, `Open3.*`: one string runs through `/bin/sh`; several
 * arguments (or an array) are an argument vector without a shell. A leading hash is the environment.
 */
function shellDanger(call: CallView, ctx: MatchContext): boolean {
  let args = call.args.filter((a) => a.index >= 0).map((a) => a.node);
  if (args[0]?.type === 'hash') args = args.slice(1);
  // A trailing options hash (`IO.popen(cmd, "r+")` mode strings are positional; `err: …` are keywords).
  const cmd = args[0];
  if (!cmd) return false;
  if (cmd.type === 'array') return argvDanger(cmd.namedChildren, ctx);
  if (cmd.type === 'splat_argument') return false;
  const isPopen = call.name === 'popen' && call.receiver !== null;
  if (args.length === 1 || isPopen) return dangerous(ctx, cmd, 'command', POLICY) !== null;
  return argvDanger(args, ctx);
}

/** `Kernel#open("|cmd")` runs a command when the path starts with a pipe: a fixed literal prefix rules that out. */
function openDanger(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const arg = call.args.find((a) => a.index === 0)?.node;
  if (!arg) return false;
  const prefix = literalPrefix(arg, ctx);
  if (prefix !== null && prefix.length > 0) return prefix.trimStart().startsWith('|');
  if (taint.built && taint.text.length > 0 && !taint.text.startsWith('|') && prefix === null && arg.type === 'identifier') return false;
  return true;
}

export default defineRule({
  class: 'command-injection',
  confidence: 'high',
  cwe: ['CWE-78'],
  languages: ['ruby'],
  remediation:
    'Pass the program and its arguments separately so no shell is involved (`system("convert", path, "out.png")`, `Open3.capture2("git", "log", ref)`), validate the value against an allow-list, or escape it with `Shellwords.escape` when a shell is unavoidable. Never pass untrusted paths to `Kernel#open`; use `File.open`.',
  references: [
    'https://cwe.mitre.org/data/definitions/78.html',
    'https://guides.rubyonrails.org/security.html#command-line-injection',
    'https://docs.ruby-lang.org/en/master/Kernel.html#method-i-system',
    'https://cheatsheetseries.owasp.org/cheatsheets/OS_Command_Injection_Defense_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      {
        callee: [
          '{system,exec,spawn,sh}', 'Kernel.{system,exec,spawn}', 'Process.{spawn,exec}', 'IO.popen', 'PTY.spawn', 'POSIX.Spawn.{spawn,popen4}',
          'Open3.{capture2,capture2e,capture3,popen2,popen2e,popen3,pipeline,pipeline_r,pipeline_rw,pipeline_w,pipeline_start}', 'Subprocess.{call,check_call,check_output,popen}',
        ],
        args: 'all',
        where: shellDanger,
      },
      { callee: '`', label: 'a backtick (`…` / %x()) command' },
      { callee: ['open', 'Kernel.open'], where: openDanger, label: 'Kernel#open' },
      { callee: ['*.exec!', '*.exec', 'Net.SSH.start().exec!'], where: (call, ctx) => /(?:^|_)(?:ssh|session|shell|channel)$/i.test(ctx.path(call.receiver ?? call.node)?.at(-1)?.replace(/\(\)$/, '') ?? ''), label: 'a remote shell command' },
    ],
    local: 'built',
    params: 'built',
  },
});
