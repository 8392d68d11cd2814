import type { SinkCheck } from '../../../models/compile.ts';
import type { CallView } from '../../../engine/adapter.ts';
import type { Taint } from '../../../rule.ts';
import type { SyntaxNode } from '../../../syntax.ts';
import { enclosingFunction } from '../adapter.ts';
import { lastValue, unparen, walk } from '../util.ts';

const FUNCTIONS = new Set(['function_declaration', 'method_declaration']);
const checkerCache = new WeakMap<SyntaxNode, Map<string, boolean>>();

/**
 * Functions of the file that confine a path to a directory before returning it: they build it
 * with `filepath.Join`/`Clean`/`Abs`/`Rel` and check it (`strings.HasPrefix(full, base)`,
 * `filepath.Rel` + `..`, `filepath.IsLocal`), e.g. `func within(base, rel string) (string, bool)`.
 */
function pathCheckers(root: SyntaxNode): Map<string, boolean> {
  let map = checkerCache.get(root);
  if (map) return map;
  map = new Map();
  for (const decl of root.namedChildren) {
    if (!FUNCTIONS.has(decl.type)) continue;
    const name = decl.child('name')?.text;
    const body = decl.child('body');
    if (!name || !body || !decl.child('result')) continue;
    let builds = false;
    let checks = false;
    for (const n of walk(body, 20000)) {
      if (n.type !== 'call_expression') continue;
      const f = n.child('function')?.text ?? '';
      if (/^(?:filepath|path)\.(?:Join|Clean|Abs|Rel|EvalSymlinks)$/.test(f)) builds = true;
      if (/^(?:strings\.HasPrefix|filepath\.Rel|filepath\.IsLocal|filepath\.HasPrefix)$/.test(f)) checks = true;
    }
    if (builds && checks) map.set(name, true);
  }
  checkerCache.set(root, map);
  return map;
}

/**
 * Whether the path a sink gets is the result of one of the file's confining functions (`full, ok :=
 * within(dir, name); … c.File(full)`), directly or through locals; not when more was appended after.
 */
export function confined(at: SyntaxNode): boolean {
  let root = at;
  while (root.parent) root = root.parent;
  const checkers = pathCheckers(root);
  if (checkers.size === 0) return false;
  let v = unparen(at);
  for (let i = 0; i < 8 && v.type === 'identifier'; i++) {
    const last = lastValue(v);
    if (!last) return false;
    v = unparen(last);
  }
  if (v.type !== 'call_expression') return false;
  const f = v.child('function');
  const name = f?.type === 'identifier' ? f.text : f?.type === 'selector_expression' ? f.child('field')?.text : undefined;
  return name !== undefined && checkers.has(name);
}

/** Entries of an archive being extracted (Zip Slip): reported on the file written, not on every directory made. */
function fromArchive(taint: Taint): boolean {
  return /^(?:zip|tar)\.(?:OpenReader|NewReader)\(/.test(taint.label) || taint.steps.some((s) => /\b(?:zip|tar)\.(?:OpenReader|NewReader)\(/.test(s.node.text));
}

/** Whether a local is an archive entry: `for _, f := range zr.File`, or `hdr, err := tr.Next()`. */
function archiveEntry(ident: SyntaxNode): boolean {
  const fn = enclosingFunction(ident);
  if (!fn) return false;
  for (const n of walk(fn, 20000)) {
    if (n.start >= ident.start) break;
    if (n.type === 'range_clause') {
      const left = n.child('left');
      const right = n.child('right');
      const names = left?.type === 'expression_list' ? left.namedChildren : left ? [left] : [];
      if (right?.type === 'selector_expression' && right.child('field')?.text === 'File' && names.some((x) => x.text === ident.text)) return true;
    } else if (n.type === 'short_var_declaration' || n.type === 'assignment_statement') {
      const left = n.child('left');
      const right = n.child('right');
      const first = left?.type === 'expression_list' ? left.namedChildren[0] : left;
      const call = right?.type === 'expression_list' ? right.namedChildren[0] : right;
      if (first?.text === ident.text && call?.type === 'call_expression' && /\.Next$/.test(call.child('function')?.text ?? '')) return true;
    }
  }
  return false;
}

/** Whether a path is built from an archive entry's name (`filepath.Dir(filepath.Join(dst, f.Name))`), through locals. */
function fromEntryName(node: SyntaxNode, depth = 0): boolean {
  if (depth > 6) return false;
  const n = unparen(node);
  switch (n.type) {
    case 'identifier': {
      const last = lastValue(n);
      return last !== null && fromEntryName(last, depth + 1);
    }
    case 'selector_expression': {
      const operand = n.child('operand');
      const field = n.child('field')?.text;
      if ((field === 'Name' || field === 'FileHeader') && operand && unparen(operand).type === 'identifier') return archiveEntry(unparen(operand));
      return operand !== null && field === 'Name' && fromEntryName(operand, depth + 1);
    }
    case 'binary_expression':
      return [n.child('left'), n.child('right')].some((x) => x !== null && fromEntryName(x, depth + 1));
    case 'call_expression': {
      if (!/^(?:filepath|path)\.(?:Join|Dir|Clean|Abs)$/.test(n.child('function')?.text ?? '')) return false;
      return (n.child('arguments')?.namedChildren ?? []).some((a) => fromEntryName(a, depth + 1));
    }
    default:
      return false;
  }
}

/** Directories made while extracting an archive are reported on the file written (Zip Slip), not on every `MkdirAll`. */
function notArchiveDirectory(call: CallView, _ctx: unknown, taint: Taint): boolean {
  if (fromArchive(taint)) return false;
  const arg = call.args.find((a) => a.index === 0)?.node;
  return !arg || !fromEntryName(arg);
}

/** Named checks of the file-path sinks (model go/stdlib). */
export const pathChecks: Readonly<Record<string, SinkCheck>> = {
  /** Directories made while extracting an archive are reported on the file written. */
  'not-archive-directory': notArchiveDirectory,
};
