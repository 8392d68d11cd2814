import { formattedAsNumbers } from '../../lang/c/analysis.ts';
import { callArgs, unwrap } from '../../lang/c/syntax.ts';
import { defineRule, type Taint } from '../../rule.ts';

/** `fgets(path + len, …)`, `read(fd, buf + n, …)`: input appended after text already in the buffer. */
function appendedInput(taint: Taint): boolean {
  const call = taint.source;
  if (call.type !== 'call_expression') return false;
  return callArgs(call).some((a) => {
    const v = unwrap(a);
    return (
      (v.type === 'binary_expression' && v.child('operator')?.text === '+' && unwrap(v.child('left') ?? v).type === 'identifier') ||
      (v.type === 'pointer_expression' && v.child('argument')?.type === 'subscript_expression')
    );
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
    // Sinks: the file operations of libc, posix, winapi, std, Boost and Qt (models).
    sinks: [],
    params: 'built',
    local: 'any',
    // A tool opening the file its user names on the command line is doing its job; input that is
    // built into a path (a base directory plus a name) is what escapes the directory.
    check: (taint, ctx, at) => (taint.strength !== 'local' || taint.built || appendedInput(taint)) && !formattedAsNumbers(ctx, at, at),
  },
});
