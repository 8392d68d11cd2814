import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { descendants, hasType, propertyValues, scopeOf, SHELL_PROGRAM } from '../../lang/csharp/helpers.ts';
import { simpleName } from '../../lang/csharp/adapter.ts';

/**
 * .NET never runs a command line through a shell by itself: `Process.Start(file, arguments)` and
 * `ProcessStartInfo` start `file` with `arguments` parsed by that program. So:
 * - an untrusted program (`FileName`, the one-argument `Process.Start(x)`) is always reported;
 * - untrusted arguments are a command line, and reported, when the program is a shell
 *   (`cmd.exe /c`, `powershell -Command`, `bash -c`, …);
 * - untrusted arguments of any other program are argument injection (CWE-88): reported only for
 *   request data (not for parameters of unknown origin), at medium confidence.
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

/** Taint that counts here: request or local data, or unknown-origin data built into a string. */
function counts(t: Taint | null): boolean {
  return t !== null && (t.strength !== 'param' || t.built);
}

/** `Process.Start(program, arguments)` / `new ProcessStartInfo(program, arguments)` / `{ FileName, Arguments }`. */
function startDanger(call: CallView, ctx: MatchContext): boolean {
  const program = ctx.arg(call, 0) ?? ctx.arg(call, 'FileName') ?? ctx.arg(call, 'fileName');
  const args = ctx.arg(call, 1) ?? ctx.arg(call, 'Arguments') ?? ctx.arg(call, 'arguments');
  // Process.Start(psi): the start info was checked where it was built.
  if (!call.isNew && program && (program.type === 'object_creation_expression' || hasType(program, START_INFO))) return false;
  if (program && counts(ctx.taint(program))) return true;
  const argTaint = args ? ctx.taint(args) : null;
  if (!counts(argTaint)) return false;
  if (isShell(ctx, program)) return true;
  return argTaint?.strength === 'remote';
}

const START_INFO = new Set(['ProcessStartInfo']);

function argumentsDanger(target: SyntaxNode, ctx: MatchContext, taint: Taint): boolean {
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
  const m = /Wrap\(\s*(@?"[^"]*")/.exec(text);
  if (m && SHELL_PROGRAM.test((m[1] as string).replace(/^@?"|"$/g, ''))) return true;
  return taint.strength === 'remote';
}

export default defineRule({
  id: 'csharp.command-injection',
  title: 'OS command injection',
  severity: 'critical',
  confidence: 'high',
  cwe: ['CWE-78'],
  owasp: ['A03:2021'],
  languages: ['csharp'],
  message: 'Untrusted data from {source} reaches {sink}, which starts a process with it (a shell runs it as a command line)',
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
    class: 'command',
    sinks: [
      { callee: ['**.Process.Start', '**.ProcessStartInfo'], args: [0, 1], keywords: ['FileName', 'Arguments', 'fileName', 'arguments'], where: (call, ctx) => startDanger(call, ctx) },
      { callee: ['*.ArgumentList.Add'], args: [0], where: argumentListDanger },
      { callee: ['**.Cli.Wrap'], args: [0] },
      { callee: ['*.WithArguments'], args: [0], where: cliWrapDanger },
      { callee: ['*.{AddScript,AddCommand}'], args: [0] },
      { callee: ['**.Interaction.Shell'], args: [0] },
    ],
    assignSinks: [
      { target: ['*.StartInfo.FileName'] },
      { target: ['*.FileName'], where: (target, ctx) => /(?:psi|startInfo|StartInfo|processInfo|ProcessInfo|info|si|start)$/.test(target.child('expression')?.text ?? '') && ctx.path(target) !== null },
      { target: ['*.StartInfo.Arguments', '*.Arguments'], where: (target, ctx, taint) => /(?:psi|startInfo|StartInfo|processInfo|ProcessInfo|info|si|start)$/.test(target.child('expression')?.text ?? '') && argumentsDanger(target, ctx, taint) },
    ],
    params: 'built',
    local: 'built',
  },
});
