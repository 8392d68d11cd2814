/** Named checks for commands and code: when a call runs a shell, opens a pipe or evaluates code. */
import type { CallView } from '../../../engine/adapter.ts';
import type { MatchContext, Taint } from '../../../rule.ts';
import type { SyntaxNode } from '../../../syntax.ts';
import { dangerous, literalPrefix } from '../predicates.ts';

const SHELLS = new Set([
  'sh',
  'bash',
  'zsh',
  'dash',
  'ksh',
  'fish',
  'cmd',
  'cmd.exe',
  'powershell',
  'pwsh',
  '/bin/sh',
  '/bin/bash',
  '/usr/bin/bash',
  '/usr/bin/sh',
  '/bin/zsh',
  '/usr/bin/env',
]);
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
    // Without `-c` the shell's first argument is the script it runs (`bash <file>`): that is the program.
    if (c < 0) return name !== '/usr/bin/env' && dangerous(ctx, items[1] ?? null, 'command', { local: 'any', params: 'any' }) !== null;
    return c > 0 && items.slice(c + 1).some((i) => dangerous(ctx, i, 'command', POLICY) !== null);
  }
  return false;
}

/**
 * `shell-command`: `system`, `exec`, `spawn`, `IO.popen`, `Open3.*`: one string runs through
 * `/bin/sh`; several arguments (or an array) are an argument vector without a shell. A leading hash
 * is the environment.
 */
export function shellCommand(call: CallView, ctx: MatchContext): boolean {
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

/** `open-pipe`: `Kernel#open("|cmd")` runs a command when the path starts with a pipe: a fixed literal prefix rules that out. */
export function openPipe(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const arg = call.args.find((a) => a.index === 0)?.node;
  if (!arg) return false;
  const prefix = literalPrefix(arg, ctx);
  if (prefix !== null && prefix.length > 0) return prefix.trimStart().startsWith('|');
  if (taint.built && taint.text.length > 0 && !taint.text.startsWith('|') && prefix === null && arg.type === 'identifier') return false;
  return true;
}

/**
 * `file-open`: `Kernel#open("/srv/#{name}")` opens a file when the path cannot start with a pipe (else
 * it is `open-pipe`) and is not a URL (open-uri fetches those: `ssrf`).
 */
export function fileOpen(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const arg = call.args.find((a) => a.index === 0)?.node;
  if (!arg || openPipe(call, ctx, taint)) return false;
  return !/^[a-z][a-z0-9+.-]*:\/\//i.test(literalPrefix(arg, ctx) ?? '');
}

/** `remote-shell`: `ssh.exec!(cmd)`, `session.exec(cmd)`: the receiver is an SSH session or channel. */
export function remoteShell(call: CallView, ctx: MatchContext): boolean {
  return /(?:^|_)(?:ssh|session|shell|channel)$/i.test(
    ctx
      .path(call.receiver ?? call.node)
      ?.at(-1)
      ?.replace(/\(\)$/, '') ?? '',
  );
}

/** `binding-receiver`: `binding.eval(code)`, `Kernel.eval`, `TOPLEVEL_BINDING.eval`: an `eval` that runs Ruby code. */
export function bindingReceiver(call: CallView, ctx: MatchContext): boolean {
  return /^(?:binding|Kernel|TOPLEVEL_BINDING|\w*binding\(\))$/.test(ctx.path(call.receiver ?? call.node)?.at(-1) ?? '');
}

/** `dynamic-dispatch`: `obj.send(name)` dispatches a method; `socket.send(data, 0)` sends bytes. */
export function dynamicDispatch(call: CallView, ctx: MatchContext): boolean {
  const receiver = call.receiver ? (ctx.path(call.receiver)?.at(-1) ?? '') : '';
  if (/(?:socket|sock|udp|tcp|ws|websocket|channel|conn|connection|client|server|queue|mailer|io)(?:\(\))?$/i.test(receiver)) return false;
  const second = call.args.find((a) => a.index === 1)?.node;
  return !(call.name === 'send' && second?.type === 'integer');
}
