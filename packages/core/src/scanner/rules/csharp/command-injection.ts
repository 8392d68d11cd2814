import type { CallView } from '../../engine/adapter.ts';
import { classBit, defineRule, type MatchContext, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import {
  boundLocal,
  creationArg,
  descendants,
  findAfter,
  hasType,
  laterUses,
  localCreation,
  propertyAt,
  propertyValues,
  scopeOf,
  SHELL_PROGRAM,
} from '../../lang/csharp/helpers.ts';
import { modifiersOf, simpleName } from '../../lang/csharp/adapter.ts';

/**
 * .NET never runs a command line through a shell by itself: `Process.Start(file, arguments)` and
 * `ProcessStartInfo` start `file` with `arguments` parsed by that program. So:
 * - an untrusted program (`FileName`, the one-argument `Process.Start(x)`) is always reported;
 * - untrusted arguments are a command line, and reported, when the program is a shell
 *   (`cmd.exe /c`, `powershell -Command`, `bash -c`, …);
 * - untrusted arguments of any other program are argument injection (CWE-88): reported only for
 *   request data (not for parameters of unknown origin), at medium confidence.
 *
 * A `ProcessStartInfo` built in a method and started there (`var psi = new ProcessStartInfo {…};
 * … Process.Start(psi)`) is reported at `Process.Start`, the call that runs it, with the program
 * and arguments the start info holds at that point; one that is returned or handed on is reported
 * where it is built.
 */

function isShell(ctx: MatchContext, node: SyntaxNode | null): boolean {
  if (!node) return false;
  const v = ctx.stringValue(node);
  return v !== null && SHELL_PROGRAM.test(v.trim());
}

/** The program a `ProcessStartInfo` variable runs, if the scope says (`psi.FileName = "cmd.exe"` or `new ProcessStartInfo("bash")`). */
function programOf(target: SyntaxNode, ctx: MatchContext): 'shell' | 'other' | 'unknown' {
  const obj = target.type === 'member_access_expression' ? target.child('expression') : null;
  if (!obj) return 'unknown';
  // process.StartInfo.Arguments → the StartInfo of `process`; psi.Arguments → psi.
  const scope = scopeOf(target);
  const name = obj.type === 'member_access_expression' && simpleName(obj.child('name')) === 'StartInfo' ? (obj.child('expression')?.text ?? '') : obj.text;
  const files: SyntaxNode[] = [...propertyValues(scope, name, 'FileName'), ...propertyValues(scope, `${name}.StartInfo`, 'FileName')];
  for (const n of descendants(scope)) {
    if (n.type === 'variable_declarator' && n.child('name')?.text === name) {
      const creation = n.namedChildren.find((c) => c.type === 'object_creation_expression');
      const first = creation?.child('arguments')?.namedChildren[0];
      const v = first?.namedChildren[first.namedChildren.length - 1];
      if (v) files.push(v);
    }
  }
  if (files.length === 0) return 'unknown';
  return files.some((f) => isShell(ctx, f)) ? 'shell' : 'other';
}

const COMMAND = classBit('command');

/** Taint that counts here: request or local data, or unknown-origin data built into a string (not escaped for a shell). */
function counts(t: Taint | null): boolean {
  return t !== null && (t.sanitized & COMMAND) === 0 && (t.strength !== 'param' || t.built);
}

/**
 * The program to run counts whatever its origin: a method that starts whatever program its caller
 * names (`Process.Start(command)`) runs what the caller chose. A parameter of unknown origin is
 * reported at medium confidence (the engine lowers findings that do not start at request data).
 */
function programCounts(t: Taint | null): boolean {
  if (t === null || (t.sanitized & COMMAND) !== 0) return false;
  if (t.strength !== 'param' || t.built) return true;
  // A private helper (`Run(string program, params string[] args)`) is judged at its callers in the file.
  const fn = t.param?.fn.node;
  return fn !== undefined && fn.type === 'method_declaration' && !modifiersOf(fn).includes('private') && modifiersOf(fn).some((m) => m === 'public' || m === 'protected');
}

const STARTS = new Set(['Start']);

/** `Process.Start(psi)` (not `process.Start()` or another `Start`). */
function isProcessStart(invocation: SyntaxNode): boolean {
  const fn = invocation.child('function');
  const owner = fn?.type === 'member_access_expression' ? fn.child('expression') : null;
  return owner !== null && owner !== undefined && simpleName(owner) === 'Process';
}

/** Whether a start info created here is started by `Process.Start(<its local>)` later in the method. */
function startedLater(creation: SyntaxNode): boolean {
  const name = boundLocal(creation);
  return name !== null && laterUses(creation, name, STARTS, 0).some(isProcessStart);
}

/** A program and its arguments: untrusted program, or untrusted arguments to a shell (or from the request). */
function runsUntrusted(program: SyntaxNode | null, args: SyntaxNode | null, ctx: MatchContext): boolean {
  if (program && programCounts(ctx.taint(program))) return true;
  const argTaint = args ? ctx.taint(args) : null;
  if (!counts(argTaint)) return false;
  return isShell(ctx, program) || argTaint?.strength === 'remote';
}

/** `Process.Start(psi)`: the program and arguments `psi` holds here (initializer, constructor, later assignments). */
function startInfoDanger(call: CallView, ctx: MatchContext, info: SyntaxNode): boolean {
  const creation = localCreation(info, START_INFO);
  if (!creation) return false;
  if (ctx.probing) return true;
  const name = info.text;
  const program = propertyAt(creation, name, 'FileName', call.node, creationArg(creation, 0));
  const args = propertyAt(creation, name, 'Arguments', call.node, creationArg(creation, 1));
  return runsUntrusted(program, args, ctx);
}

const PROCESS = new Set(['Process']);

/**
 * `process.Start()` on a `new Process { StartInfo = … }` of this method: the program and arguments
 * it holds when it starts (`process.StartInfo.Arguments = …`, the start info's initializer).
 */
function processDanger(call: CallView, ctx: MatchContext): boolean {
  const recv = call.receiver;
  if (!recv || recv.type !== 'identifier' || call.args.length > 0) return false;
  const proc = localCreation(recv, PROCESS);
  if (!proc) return false;
  if (ctx.probing) return true;
  const holder = `${recv.text}.StartInfo`;
  const info = propertyAt(proc, recv.text, 'StartInfo', call.node, null);
  const infoCreation = info?.type === 'object_creation_expression' ? info : info?.type === 'identifier' ? localCreation(info, START_INFO) : null;
  const infoName = info?.type === 'identifier' ? info.text : '';
  const value = (prop: string, index: number): SyntaxNode | null =>
    propertyAt(proc, holder, prop, call.node, infoCreation ? propertyAt(infoCreation, infoName, prop, call.node, creationArg(infoCreation, index)) : null);
  return runsUntrusted(value('FileName', 0), value('Arguments', 1), ctx);
}

/** `new Process { StartInfo = new ProcessStartInfo {…} }` stored in a local that is `.Start()`ed later: judged there. */
function inProcessStartedLater(creation: SyntaxNode): boolean {
  const entry = creation.parent;
  const init = entry?.type === 'assignment_expression' && entry.child('left')?.text === 'StartInfo' ? entry.parent : null;
  const proc = init?.type === 'initializer_expression' ? init.parent : null;
  if (!proc || proc.type !== 'object_creation_expression' || simpleName(proc.child('type')) !== 'Process') return false;
  const name = boundLocal(proc);
  return name !== null && laterUses(proc, name, STARTS, 'receiver').some((c) => (c.child('arguments')?.namedChildren.length ?? 0) === 0);
}

/** `Process.Start(program, arguments)` / `new ProcessStartInfo(program, arguments)` / `{ FileName, Arguments }`. */
function startDanger(call: CallView, ctx: MatchContext): boolean {
  const program = ctx.arg(call, 0) ?? ctx.arg(call, 'FileName') ?? ctx.arg(call, 'fileName');
  const args = ctx.arg(call, 1) ?? ctx.arg(call, 'Arguments') ?? ctx.arg(call, 'arguments');
  if (!call.isNew && program && (program.type === 'object_creation_expression' || hasType(program, START_INFO))) {
    // Process.Start(psi): judged here when psi was built in this method, else where it was built.
    return program.type === 'identifier' && isProcessStart(call.node) ? startInfoDanger(call, ctx, program) : false;
  }
  if (call.isNew && START_INFO.has(call.name) && (startedLater(call.node) || inProcessStartedLater(call.node))) return false;
  return runsUntrusted(program, args, ctx);
}

const START_INFO = new Set(['ProcessStartInfo']);

/**
 * `psi.FileName = …` / `psi.Arguments = …` on a start info that `Process.Start(psi)` runs later, or
 * `process.StartInfo.Arguments = …` on a process `.Start()`ed later: judged where it starts.
 */
function startedThere(target: SyntaxNode): boolean {
  const obj = target.child('expression');
  if (obj?.type === 'identifier') return laterUses(target, obj.text, STARTS, 0).some(isProcessStart);
  if (obj?.type === 'member_access_expression' && simpleName(obj.child('name')) === 'StartInfo') {
    const owner = obj.child('expression');
    return owner?.type === 'identifier' && laterUses(target, owner.text, STARTS, 'receiver').some((c) => (c.child('arguments')?.namedChildren.length ?? 0) === 0);
  }
  return false;
}

function argumentsDanger(target: SyntaxNode, ctx: MatchContext, taint: Taint): boolean {
  if (startedThere(target) || !counts(taint)) return false;
  const program = programOf(target, ctx);
  return program === 'shell' || taint.strength === 'remote';
}

/** `psi.ArgumentList.Add(x)` is an argument vector: only a shell's `-c`/`/c` script is a command line. */
function argumentListDanger(call: CallView, ctx: MatchContext): boolean {
  const receiver = call.receiver;
  if (!receiver || receiver.type !== 'member_access_expression') return false;
  const owner = receiver.child('expression');
  if (!owner || programOf(receiver, ctx) !== 'shell') return false;
  return /["'](?:-c|\/c|\/C|-Command|-command|-EncodedCommand)["']/.test(scopeOf(call.node).text);
}

/** CliWrap `Cli.Wrap("bash").WithArguments(x)`: a command line only for a shell program. */
function cliWrapDanger(call: CallView, _ctx: MatchContext, taint: Taint): boolean {
  const text = call.receiver?.text ?? '';
  const m = findAfter(text, 'Wrap(', /^\s*@?"([^"]*)"/)?.match;
  if (m && SHELL_PROGRAM.test(m[1] as string)) return true;
  return taint.strength === 'remote';
}

export default defineRule({
  class: 'command-injection',
  confidence: 'high',
  cwe: ['CWE-78'],
  languages: ['csharp'],
  remediation:
    'Start a fixed program without a shell and pass each value as its own argument with `ProcessStartInfo.ArgumentList.Add(value)`; validate values against an allow-list (or `int.Parse`/`IPAddress.Parse`) and never build `cmd.exe /c …` or `bash -c …` command lines from input.',
  references: [
    'https://cwe.mitre.org/data/definitions/78.html',
    'https://cwe.mitre.org/data/definitions/88.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/OS_Command_Injection_Defense_Cheat_Sheet.html',
    'https://learn.microsoft.com/en-us/dotnet/api/system.diagnostics.processstartinfo.argumentlist',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      {
        callee: ['**.Process.Start', '**.ProcessStartInfo'],
        args: [0, 1],
        keywords: ['FileName', 'Arguments', 'fileName', 'arguments'],
        where: (call, ctx) => startDanger(call, ctx),
      },
      { callee: ['*.Start'], args: [], receiver: true, where: processDanger, label: 'Process.Start' },
      { callee: ['*.ArgumentList.Add'], args: [0], where: (call, ctx, taint) => counts(taint) && argumentListDanger(call, ctx) },
      { callee: ['**.Cli.Wrap'], args: [0] },
      { callee: ['*.WithArguments'], args: [0], where: (call, ctx, taint) => counts(taint) && cliWrapDanger(call, ctx, taint) },
      { callee: ['*.{AddScript,AddCommand}'], args: [0], where: (_call, _ctx, taint) => counts(taint) },
      { callee: ['**.Interaction.Shell'], args: [0] },
    ],
    assignSinks: [
      { target: ['*.StartInfo.FileName'], where: (target) => !startedThere(target) },
      {
        target: ['*.FileName'],
        where: (target, ctx) =>
          /(?:psi|startInfo|StartInfo|processInfo|ProcessInfo|info|si|start)$/.test(target.child('expression')?.text ?? '') && ctx.path(target) !== null && !startedThere(target),
      },
      {
        target: ['*.StartInfo.Arguments', '*.Arguments'],
        where: (target, ctx, taint) =>
          /(?:psi|startInfo|StartInfo|processInfo|ProcessInfo|info|si|start)$/.test(target.child('expression')?.text ?? '') && argumentsDanger(target, ctx, taint),
      },
    ],
    // Parameters of unknown origin count as the program to start (see programCounts); as its arguments only when built into a string (counts).
    params: 'any',
    local: 'built',
  },
});
