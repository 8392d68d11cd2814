/**
 * Named checks for command sinks (model: jdk, commons-exec): which argument vectors run a shell
 * or a program chosen by untrusted data.
 */
import type { CallView } from '../../../engine/adapter.ts';
import type { MatchContext, Taint } from '../../../rule.ts';
import type { SyntaxNode } from '../../../syntax.ts';
import { probing, receiverIs, resolveLocal } from '../predicates.ts';
import { classRef, descendants, enclosingFunction, invocationParts, parameterNodes, simpleTypeName, unwrap } from '../tree.ts';

const SHELLS = /^(?:(?:\/usr)?\/bin\/)?(?:sh|bash|zsh|dash|ksh|csh|tcsh|ash)$|^(?:cmd|cmd\.exe|powershell|powershell\.exe|pwsh)$/i;
const SHELL_FLAG = /^(?:-c|\/c|\/C|-Command|-command|-EncodedCommand|\/k|\/K)$/;

/**
 * The items of an argument vector: `new String[]{…}`, `{…}`, `Arrays.asList(…)`, `List.of(…)`,
 * varargs, or a local list filled with `add(…)`. Null when the shape cannot be told.
 */
function vectorItems(args: readonly SyntaxNode[], depth = 0): readonly SyntaxNode[] | null {
  if (depth > 4) return null;
  if (args.length !== 1) return [...args];
  const a = unwrap(args[0] as SyntaxNode);
  if (a.type === 'array_creation_expression') {
    const init = a.child('value');
    return init ? init.namedChildren : null;
  }
  if (a.type === 'array_initializer') return a.namedChildren;
  if (a.type === 'method_invocation') {
    const p = invocationParts(a);
    if ((p.name === 'asList' && classRef(p.object) === 'Arrays') || (p.name === 'of' && /^(?:List|Stream|Set)$/.test(classRef(p.object) ?? '')) || p.name === 'newArrayList')
      return p.args;
    return null;
  }
  if (a.type === 'identifier') {
    const init = resolveLocal(a);
    if (init) {
      const u = unwrap(init);
      if (u.type === 'object_creation_expression') {
        // new ArrayList<>() filled with add(): the items in program order.
        const fn = enclosingFunction(a);
        if (!fn) return null;
        const items: SyntaxNode[] = [];
        for (const inv of descendants(fn, INVOCATIONS)) {
          const p = invocationParts(inv);
          if ((p.name === 'add' || p.name === 'addAll') && p.object?.type === 'identifier' && p.object.text === a.text && inv.start < a.start) {
            if (p.name === 'add' && p.args.length === 1 && p.args[0]) items.push(p.args[0]);
            else return null;
          }
        }
        const ctorArgs = u.child('arguments')?.namedChildren ?? [];
        if (ctorArgs.length === 1) {
          const inner = vectorItems(ctorArgs, depth + 1);
          if (!inner) return null;
          return [...inner, ...items];
        }
        return items;
      }
      return vectorItems([init], depth + 1);
    }
    return null;
  }
  return null;
}
const INVOCATIONS = new Set(['method_invocation']);

/**
 * An argument vector runs a program without a shell: dangerous when the program itself is
 * untrusted, or when it is a shell given `-c <untrusted>`. A single string is split on spaces by
 * `Runtime.exec` (untrusted text picks the program or its options); ProcessBuilder takes a
 * single string as the program name.
 */
function vectorDanger(items: readonly SyntaxNode[], ctx: MatchContext): boolean {
  const program = items[0];
  if (!program) return false;
  if (ctx.taint(program)) return true;
  const name = ctx.stringValue(program);
  if (name !== null && SHELLS.test(name.trim())) {
    const flag = items.findIndex((i) => SHELL_FLAG.test(ctx.stringValue(i) ?? ''));
    if (flag >= 0) return items.slice(flag + 1).some((i) => ctx.taint(i) !== null);
    // `bash script.sh <x>`: arguments of a script are data, unless the script itself is untrusted.
    return items[1] !== undefined && ctx.taint(items[1]) !== null;
  }
  return false;
}

function isRuntime(call: CallView, ctx: MatchContext): boolean {
  return receiverIs(call, ctx, { types: RUNTIME, segments: RUNTIME_SEGMENTS, names: /^(?:rt|runtime|run)$/i });
}
const RUNTIME = new Set(['Runtime']);
const RUNTIME_SEGMENTS = new Set(['getRuntime', 'Runtime']);

/** `Runtime.exec(…)`: a whole command line split on spaces, or an argument vector. */
export function runtimeExec(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (!isRuntime(call, ctx)) return false;
  if (probing(taint, ctx)) return true;
  const first = call.args.find((a) => a.index === 0)?.node;
  if (!first) return false;
  const u = unwrap(first);
  const vector =
    u.type === 'array_creation_expression' ||
    u.type === 'array_initializer' ||
    (u.type === 'identifier' && isArrayOrList(u)) ||
    (u.type === 'method_invocation' && /^(?:asList|of|toArray)$/.test(u.child('name')?.text ?? ''));
  if (vector) {
    const items = vectorItems([u]);
    if (items) return vectorDanger(items, ctx);
  }
  // exec(String): the whole command line, split on spaces.
  return taint.built || taint.strength !== 'param';
}

function isArrayOrList(n: SyntaxNode): boolean {
  const init = resolveLocal(n);
  if (!init) return false;
  const u = unwrap(init);
  return (
    u.type === 'array_creation_expression' ||
    u.type === 'array_initializer' ||
    (u.type === 'method_invocation' && /^(?:asList|of|newArrayList)$/.test(u.child('name')?.text ?? '')) ||
    (u.type === 'object_creation_expression' && /List|Array/.test(u.child('type')?.text ?? ''))
  );
}

/** `new ProcessBuilder(…)`, `pb.command(…)`: an argument vector. */
export function processBuilder(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (!call.isNew && !receiverIs(call, ctx, { types: PB, names: /^(?:pb|processBuilder|builder|process)$/i })) return false;
  if (probing(taint, ctx)) return true;
  const args = call.args.filter((a) => a.index >= 0).map((a) => a.node);
  if (args.length === 0) return false;
  const items = vectorItems(args);
  if (items) return vectorDanger(items, ctx);
  // A vector we cannot see into: only a remote value used as the whole vector.
  return args.length === 1 && ctx.taint(args[0] as SyntaxNode)?.strength === 'remote' && (ctx.taint(args[0] as SyntaxNode)?.built ?? false);
}
const PB = new Set(['ProcessBuilder']);

/** Nodes that hold class members (walked to find methods without walking their bodies). */
const MEMBER_CONTAINERS = new Set([
  'program',
  'class_declaration',
  'class_body',
  'interface_declaration',
  'interface_body',
  'enum_declaration',
  'enum_body',
  'enum_body_declarations',
  'record_declaration',
]);
const RUNNERS = new Set(['method_invocation', 'object_creation_expression']);
const VECTOR_TYPES = new Set(['List', 'Collection', 'Iterable', 'ArrayList']);

/** A parameter of a method with its name, position, and whether it is `String...`. */
function vectorParams(method: SyntaxNode): { name: string; index: number; spread: boolean }[] {
  const out: { name: string; index: number; spread: boolean }[] = [];
  parameterNodes(method).forEach((p, index) => {
    if (p.type === 'spread_parameter') {
      const name = p.childOfType('variable_declarator')?.child('name')?.text;
      if (name) out.push({ name, index, spread: true });
    } else if (p.type === 'formal_parameter') {
      const type = p.child('type')?.text ?? '';
      const name = p.child('name')?.text;
      if (name && (/^String\s*\[\s*\]$/.test(type.trim()) || VECTOR_TYPES.has(simpleTypeName(type)))) out.push({ name, index, spread: false });
    }
  });
  return out;
}

const wrapperCache = new WeakMap<SyntaxNode, Map<string, { index: number; spread: boolean }>>();

/**
 * Methods of the file that run a parameter as a whole argument vector (`static String run(String... cmd)
 * { new ProcessBuilder(cmd)… }`, `exec(List<String> argv)` → `pb.command(argv)`): by name.
 */
function commandWrappers(at: SyntaxNode): Map<string, { index: number; spread: boolean }> {
  let root = at;
  while (root.parent) root = root.parent;
  let map = wrapperCache.get(root);
  if (map) return map;
  map = new Map();
  wrapperCache.set(root, map);
  const code = root.text;
  if (!code.includes('ProcessBuilder') && !code.includes('exec(') && !code.includes('command(')) return map;
  // Only methods whose text starts a process are looked into (members are found without walking bodies).
  const stack: SyntaxNode[] = [root];
  while (stack.length > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'method_declaration') {
      const name = n.child('name')?.text;
      const body = n.child('body');
      if (!name || !body || map.has(name)) continue;
      const text = body.text;
      if (!text.includes('ProcessBuilder') && !text.includes('exec(') && !text.includes('command(')) continue;
      const params = vectorParams(n);
      if (params.length === 0) continue;
      for (const r of descendants(body, RUNNERS)) {
        const isPb = r.type === 'object_creation_expression' && simpleTypeName(r.child('type')?.text ?? '') === 'ProcessBuilder';
        const rName = r.type === 'method_invocation' ? r.child('name')?.text : null;
        if (!isPb && rName !== 'command' && rName !== 'exec') continue;
        const args = (r.child('arguments')?.namedChildren ?? []).filter((c) => c.type !== 'line_comment' && c.type !== 'block_comment');
        const only = args.length === 1 && args[0] ? unwrap(args[0]) : null;
        const param = only?.type === 'identifier' ? params.find((p) => p.name === only.text) : undefined;
        if (param) {
          map.set(name, { index: param.index, spread: param.spread });
          break;
        }
      }
      continue;
    }
    if (MEMBER_CONTAINERS.has(n.type)) for (const c of n.namedChildren) stack.push(c);
  }
  return map;
}

/** `run("bash", "-c", script)` where `run(String... cmd)` of this file starts `cmd`: the call's arguments are the vector. */
export function wrapperRuns(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (call.receiver && unwrap(call.receiver).type !== 'this') return false;
  const wrapper = commandWrappers(call.node).get(call.name);
  if (!wrapper) return false;
  if (probing(taint, ctx)) return true;
  const positional = call.args.filter((a) => a.index >= 0).map((a) => a.node);
  const items = wrapper.spread ? positional.slice(wrapper.index) : vectorItems(positional.slice(wrapper.index, wrapper.index + 1));
  return items !== null && items.length > 0 && vectorDanger(items, ctx);
}
