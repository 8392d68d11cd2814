import type { SinkCheck } from '../../../models/compile.ts';
import type { CallView } from '../../../engine/adapter.ts';
import { classBit, type MatchContext, type Taint } from '../../../rule.ts';
import type { SyntaxNode } from '../../../syntax.ts';
import { directFromEnvironment, unparen } from '../util.ts';

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'ash', 'fish', 'cmd', 'cmd.exe', 'powershell', 'powershell.exe', 'pwsh']);
const SCRIPT_FLAGS = new Set(['-c', '/c', '/C', '-Command', '-command', '/k', '/K', '-lc', '-ic']);
const COMMAND = classBit('command');

function shellName(program: string): boolean {
  const base = program.split(/[\\/]/).pop() ?? program;
  return SHELLS.has(base.toLowerCase());
}

/** Untrusted data that counts in a shell script: request data, or anything built into the script text. */
function dangerous(t: Taint | null): boolean {
  if (!t || t.sanitized & COMMAND) return false;
  return t.strength === 'remote' || t.built;
}

/**
 * An argument vector: dangerous when the program itself is request data, or when the program is a
 * shell run with `-c` and its script is untrusted. Arguments to a fixed program (`git clone <url>`)
 * are not a shell command.
 */
function vectorDanger(all: readonly SyntaxNode[], ctx: MatchContext): boolean {
  // `env bash -c …` / `sudo sh -c …`: the program that matters comes after the launcher.
  const launcher = all[0] ? ctx.stringValue(all[0]) : null;
  const items = launcher !== null && /^(?:\/usr\/bin\/|\/bin\/)?(?:env|sudo|nohup|nice|timeout|xargs)$/.test(launcher) ? all.slice(launcher.endsWith('timeout') ? 2 : 1) : all;
  const program = items[0];
  if (!program) return false;
  const name = ctx.stringValue(program);
  if (name === null) {
    const t = ctx.taint(program);
    return t !== null && !(t.sanitized & COMMAND) && t.strength === 'remote';
  }
  if (!shellName(name)) return false;
  const flag = items.findIndex((i, k) => k > 0 && SCRIPT_FLAGS.has(ctx.stringValue(i) ?? ''));
  // Only the script is code: later arguments are its positional parameters ($1, $2…).
  const script = flag >= 0 ? items[flag + 1] : undefined;
  return script !== undefined && dangerous(ctx.taint(script));
}

function commandCall(offset: number) {
  return (call: CallView, ctx: MatchContext): boolean =>
    vectorDanger(
      call.args.slice(offset).map((a) => a.node),
      ctx,
    );
}

/** syscall.Exec(argv0, argv, envv), os.StartProcess(name, argv, attr). */
function execVector(call: CallView, ctx: MatchContext): boolean {
  const program = call.args[0]?.node;
  const argv = call.args[1]?.node;
  if (program && ctx.stringValue(program) === null) {
    const t = ctx.taint(program);
    if (t && !(t.sanitized & COMMAND) && t.strength === 'remote') return true;
  }
  if (!argv) return false;
  const list = unparen(argv);
  if (list.type !== 'composite_literal') return false;
  const items = (list.child('body')?.namedChildren ?? []).map((e) => (e.type === 'literal_element' ? (e.namedChildren[0] ?? e) : e));
  return vectorDanger(items, ctx);
}

/**
 * For the audit of `exec.Command`: a shell run with `-c` on a script that a function takes from its
 * caller unchanged (`func run(script string) { exec.Command("sh", "-c", script) }`): whoever calls it
 * decides what runs. Command-line and environment values are the operator's choice (see the rule), and
 * a validated or parsed value carries no taint, so neither is reported here.
 */
function shellOnParameter(offset: number) {
  return (call: CallView, ctx: MatchContext): boolean => {
    const items = call.args.slice(offset).map((a) => a.node);
    const program = items[0];
    const name = program ? ctx.stringValue(program) : null;
    if (name === null || !shellName(name)) return false;
    const flag = items.findIndex((i, k) => k > 0 && SCRIPT_FLAGS.has(ctx.stringValue(i) ?? ''));
    const script = flag >= 0 ? items[flag + 1] : undefined;
    if (script === undefined || ctx.isConstant(script)) return false;
    const t = ctx.taint(script);
    return t !== null && t.strength === 'param' && !(t.sanitized & COMMAND);
  };
}

/**
 * For the audit of `exec.Command`: the program to run is read from the environment
 * (`exec.Command(os.Getenv("EDITOR"), file)`). Usually the operator's choice, but environments are also
 * filled by whoever starts the process for someone else (CGI copies request headers into `HTTP_*`, CI
 * copies pull-request data, a service inherits a job's variables), so it is reported at low confidence.
 * The command line and standard input are the invoking user's own choice and are not reported.
 */
function programFromEnvironment(offset: number) {
  return (call: CallView, ctx: MatchContext): boolean => {
    const program = call.args[offset]?.node;
    if (!program || ctx.stringValue(program) !== null) return false;
    const t = ctx.taint(program);
    return t !== null && directFromEnvironment(t) && !(t.sanitized & COMMAND);
  };
}

/**
 * For the audit of the raw process calls (`syscall.Exec`, `syscall.ForkExec`, `os.StartProcess`): a
 * program path that is not a constant and comes from outside the function (the caller, the command
 * environment). These calls skip `exec.Command`'s PATH lookup and are how launchers run
 * whatever they are handed.
 */
function rawProgramFromOutside(call: CallView, ctx: MatchContext): boolean {
  const program = call.args[0]?.node;
  if (!program || ctx.stringValue(program) !== null) return false;
  const t = ctx.taint(program);
  return t !== null && (t.strength === 'param' || directFromEnvironment(t)) && !(t.sanitized & COMMAND);
}

/** Named checks of the command sinks (model go/stdlib). */
export const commandChecks: Readonly<Record<string, SinkCheck>> = {
  /** `exec.Command(name, args…)`: the program, or a shell script after `-c`. */
  'command-vector': commandCall(0),
  /** `exec.CommandContext(ctx, name, args…)`. */
  'command-vector-after-context': commandCall(1),
  /** `syscall.Exec(argv0, argv, env)`, `os.StartProcess(name, argv, attr)`. */
  'exec-vector': execVector,
  /** Audit: `exec.Command("sh", "-c", script)` on a script the function's caller passes. */
  'shell-on-parameter': shellOnParameter(0),
  'shell-on-parameter-after-context': shellOnParameter(1),
  /** Audit: `exec.Command(os.Getenv("TOOL"), …)`, a program read from the environment. */
  'program-from-environment': programFromEnvironment(0),
  'program-from-environment-after-context': programFromEnvironment(1),
  /** Audit: `syscall.ForkExec(path, argv, attr)` on a program path passed in or read from the environment. */
  'raw-program-from-outside': rawProgramFromOutside,
};
