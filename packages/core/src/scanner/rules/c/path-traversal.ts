import type { CallView } from '../../engine/adapter.ts';
import { formattedAsNumbers } from '../../lang/c/analysis.ts';
import { callArgs, callNeverReturns, descendants, enclosingFunction, findDeclaration, scopeDescendants, unwrap } from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';

/** `f.open(path)` only on a file stream (`std::ifstream f;`). */
function fileStream(call: CallView, _ctx: MatchContext): boolean {
  if (!call.receiver) return false;
  const r = unwrap(call.receiver);
  if (r.type !== 'identifier') return false;
  const d = findDeclaration(r.text, r);
  return d !== null && /fstream|QFile|FILE/.test(d.type);
}

/** The variable a path argument names: `target` in `target`, `target.string()`, `target.c_str()`. */
function pathVariable(arg: SyntaxNode | undefined): string | null {
  if (!arg) return null;
  let n = unwrap(arg);
  for (let i = 0; i < 3 && n.type === 'call_expression'; i++) {
    const fn = n.child('function');
    if (fn?.type !== 'field_expression' || !/^(?:string|c_str|native|u8string|generic_string)$/.test(fn.child('field')?.text ?? '')) break;
    n = unwrap(fn.child('argument') ?? n);
  }
  return n.type === 'identifier' ? n.text : null;
}

/** Whether a statement leaves the function: `throw …`, `return …;`, `exit(1)`, or a block that does. */
function leaves(stmt: SyntaxNode | null): boolean {
  if (!stmt) return false;
  if (stmt.type === 'throw_statement' || stmt.type === 'return_statement') return true;
  if (stmt.type === 'compound_statement') return stmt.namedChildren.some(leaves);
  if (stmt.type === 'expression_statement') {
    const e = stmt.namedChildren[0];
    return e?.type === 'throw_expression' || (e?.type === 'call_expression' && callNeverReturns(e));
  }
  return false;
}

/**
 * The C++17 containment check: `rel = target.lexically_relative(base)` (or `fs::relative(target, base)`)
 * and `if (rel.empty() || *rel.begin() == "..") throw …;` before the file is opened.
 */
function containmentChecked(call: CallView, _ctx: MatchContext): boolean {
  const name = pathVariable(call.args.find((a) => a.index === 0)?.node);
  if (!name) return false;
  const fn = enclosingFunction(call.node);
  if (!fn) return false;
  const mentions = (n: SyntaxNode, id: string): boolean => descendants(n, new Set(['identifier']), 200).some((x) => x.text === id);
  const relatives = new Set<string>();
  for (const d of scopeDescendants(fn, ['init_declarator', 'assignment_expression'])) {
    if (d.start >= call.node.start) break;
    const value = d.child('value') ?? d.child('right');
    const target = d.child('declarator') ?? d.child('left');
    if (!value || !target || unwrap(target).type !== 'identifier') continue;
    const text = value.text;
    if ((text.includes('lexically_relative') || text.includes('relative(') || text.includes('mismatch(')) && mentions(value, name)) relatives.add(unwrap(target).text);
  }
  if (relatives.size === 0) return false;
  for (const stmt of scopeDescendants(fn, ['if_statement'])) {
    if (stmt.start >= call.node.start) break;
    const cond = stmt.child('condition');
    if (!cond || !cond.text.includes('"..') || ![...relatives].some((r) => mentions(cond, r))) continue;
    if (leaves(stmt.child('consequence'))) return true;
  }
  return false;
}

/** `fs::create_directories(out.parent_path())` before writing `out`: the write is where the path is reported. */
function notParentOfWrite(call: CallView, ctx: MatchContext): boolean {
  const arg = call.args.find((a) => a.index === 0)?.node;
  if (arg && /\.parent_path\(\)$/.test(arg.text.replace(/\s+/g, ''))) return false;
  return !containmentChecked(call, ctx);
}

/** `fgets(path + len, …)`, `read(fd, buf + n, …)`: input appended after text already in the buffer. */
function appendedInput(taint: Taint): boolean {
  const call = taint.source;
  if (call.type !== 'call_expression') return false;
  return callArgs(call).some((a) => {
    const v = unwrap(a);
    return (v.type === 'binary_expression' && v.child('operator')?.text === '+' && unwrap(v.child('left') ?? v).type === 'identifier') || (v.type === 'pointer_expression' && v.child('argument')?.type === 'subscript_expression');
  });
}

export default defineRule({
  class: 'path-traversal',
  confidence: 'high',
  cwe: ['CWE-22'],
  languages: ['c', 'cpp'],
  remediation:
    'Reduce the name to its last component (`basename()`), reject `..` and `/`, or resolve it with `realpath()` and check that the result still starts with the intended base directory before opening it.',
  references: [
    'https://cwe.mitre.org/data/definitions/22.html',
    'https://wiki.sei.cmu.edu/confluence/display/c/FIO02-C.+Canonicalize+path+names+originating+from+tainted+sources',
    'https://owasp.org/www-community/attacks/Path_Traversal',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      {
        callee: [
          'fopen', 'fopen64', '_wfopen', 'freopen', 'open', 'open64', '_open', '_wopen', 'creat', 'remove', 'unlink', 'rmdir', 'mkdir', 'opendir',
          'chmod', 'chown', 'lchown', 'truncate', 'rename', 'link', 'symlink', 'CreateFile', 'CreateFileA', 'CreateFileW', 'DeleteFile', 'DeleteFileA',
          'DeleteFileW', 'MoveFile', 'MoveFileA', 'CopyFile', 'CopyFileA', 'std.fopen', 'std.remove', 'std.rename', 'QFile',
        ],
        args: [0],
      },
      {
        callee: [
          'std.ifstream', 'std.ofstream', 'std.fstream', 'std.wifstream', 'std.wofstream', 'ifstream', 'ofstream', 'fstream',
          'std.filesystem.remove', 'std.filesystem.remove_all', 'std.filesystem.copy', 'std.filesystem.copy_file', 'std.filesystem.rename',
          'std.filesystem.create_directory', 'std.filesystem.create_directories', 'std.filesystem.resize_file', 'std.filesystem.permissions',
          'boost.filesystem.remove', 'boost.filesystem.remove_all', 'boost.filesystem.create_directories',
        ],
        args: [0],
        where: notParentOfWrite,
      },
      { callee: ['openat', 'unlinkat', 'mkdirat', 'fchmodat', 'fopen_s', '_wfopen_s'], args: [1] },
      { callee: ['rename', 'link', 'symlink', 'MoveFile', 'CopyFile', 'std.filesystem.copy', 'std.filesystem.copy_file', 'std.filesystem.rename'], args: [1] },
      { callee: ['*.open'], args: [0], where: fileStream },
    ],
    params: 'built',
    local: 'any',
    // A tool opening the file its user names on the command line is doing its job; input that is
    // built into a path (a base directory plus a name) is what escapes the directory.
    check: (taint, ctx, at) => (taint.strength !== 'local' || taint.built || appendedInput(taint)) && !formattedAsNumbers(ctx, at, at),
  },
});
