import type { CallView } from '../../engine/adapter.ts';
import { formattedAsNumbers } from '../../lang/c/analysis.ts';
import { callArgs, findDeclaration, unwrap } from '../../lang/c/syntax.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';

/** `f.open(path)` only on a file stream (`std::ifstream f;`). */
function fileStream(call: CallView, _ctx: MatchContext): boolean {
  if (!call.receiver) return false;
  const r = unwrap(call.receiver);
  if (r.type !== 'identifier') return false;
  const d = findDeclaration(r.text, r);
  return d !== null && /fstream|QFile|FILE/.test(d.type);
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
  id: 'c.path-traversal',
  title: 'Path traversal',
  severity: 'high',
  confidence: 'high',
  cwe: ['CWE-22'],
  owasp: ['A01:2021'],
  languages: ['c', 'cpp'],
  message: 'Untrusted data from {source} is used in the file path passed to {sink}',
  remediation:
    'Reduce the name to its last component (`basename()`), reject `..` and `/`, or resolve it with `realpath()` and check that the result still starts with the intended base directory before opening it.',
  references: [
    'https://cwe.mitre.org/data/definitions/22.html',
    'https://wiki.sei.cmu.edu/confluence/display/c/FIO02-C.+Canonicalize+path+names+originating+from+tainted+sources',
    'https://owasp.org/www-community/attacks/Path_Traversal',
  ],
  matcher: {
    kind: 'taint',
    class: 'path',
    sinks: [
      {
        callee: [
          'fopen', 'fopen64', '_wfopen', 'freopen', 'open', 'open64', '_open', '_wopen', 'creat', 'remove', 'unlink', 'rmdir', 'mkdir', 'opendir',
          'chmod', 'chown', 'lchown', 'truncate', 'rename', 'link', 'symlink', 'CreateFile', 'CreateFileA', 'CreateFileW', 'DeleteFile', 'DeleteFileA',
          'DeleteFileW', 'MoveFile', 'MoveFileA', 'CopyFile', 'CopyFileA', 'std.fopen', 'std.remove', 'std.rename',
          'std.ifstream', 'std.ofstream', 'std.fstream', 'std.wifstream', 'std.wofstream', 'ifstream', 'ofstream', 'fstream',
          'std.filesystem.remove', 'std.filesystem.remove_all', 'std.filesystem.copy', 'std.filesystem.copy_file', 'std.filesystem.rename',
          'std.filesystem.create_directory', 'std.filesystem.create_directories', 'std.filesystem.resize_file', 'std.filesystem.permissions',
          'QFile', 'boost.filesystem.remove', 'boost.filesystem.remove_all',
        ],
        args: [0],
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
