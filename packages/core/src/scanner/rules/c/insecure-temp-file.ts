import type { CallView } from '../../engine/adapter.ts';
import { norm } from '../../lang/c/analysis.ts';
import { callArgs, calledName, declaratorShape, enclosingFunction, scopeDescendants, unwrap } from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

/** Calls that open a file by name: position of the name. */
const OPENS: Readonly<Record<string, number>> = {
  open: 0,
  open64: 0,
  _open: 0,
  creat: 0,
  fopen: 0,
  fopen64: 0,
  _wfopen: 0,
  freopen: 0,
  CreateFileA: 0,
  CreateFileW: 0,
  CreateFile: 0,
};

/** The names a generated temporary name is known by: the template buffer it fills, and the variable its result is stored in. */
function namesOf(call: SyntaxNode): Set<string> {
  const out = new Set<string>();
  const first = callArgs(call)[0];
  if (first && unwrap(first).type === 'identifier') out.add(norm(unwrap(first)));
  let n = call;
  while (n.parent && (n.parent.type === 'cast_expression' || n.parent.type === 'parenthesized_expression')) n = n.parent;
  const p = n.parent;
  if (p?.type === 'init_declarator') {
    const name = declaratorShape(p).name?.text;
    if (name) out.add(name);
  } else if (p?.type === 'assignment_expression' && p.child('right') === n) {
    const left = unwrap(p.child('left') ?? p);
    if (left.type === 'identifier') out.add(left.text);
  }
  return out;
}

/** Whether an open creates the file exclusively (`O_EXCL`, fopen's `"x"` mode, `CREATE_NEW`): it fails instead of following a planted file. */
function exclusive(open: SyntaxNode): boolean {
  const text = open.text;
  if (text.includes('O_EXCL') || text.includes('CREATE_NEW')) return true;
  const mode = callArgs(open)[1];
  return mode !== undefined && mode.type === 'string_literal' && mode.text.includes('x');
}

/**
 * A name from tmpnam/tempnam/mktemp: another process can create that file (or a symlink) between
 * the moment the name is chosen and the moment it is opened. Reported where the name is opened
 * (the race is lost there), or at the call when the file does not open it; an exclusive open
 * (`O_CREAT | O_EXCL`) closes the race.
 */
function temporaryName(call: CallView, _ctx: MatchContext): Verdict {
  const fn = enclosingFunction(call.node);
  const names = namesOf(call.node);
  if (fn && names.size > 0) {
    for (const c of scopeDescendants(fn, ['call_expression'])) {
      if (c.start <= call.node.end) continue;
      const name = calledName(c);
      const at = name ? OPENS[name] : undefined;
      const path = at !== undefined ? callArgs(c)[at] : undefined;
      if (!path || !names.has(norm(unwrap(path)))) continue;
      if (exclusive(c)) return false;
      return {
        node: c,
        message: `The name ${call.name}() chose on line ${call.node.location.startLine} is opened here without O_EXCL: another process can create that file (or a symlink) first`,
      };
    }
  }
  return true;
}

export default defineRule({
  class: 'insecure-temp-file',
  confidence: 'high',
  cwe: ['CWE-377'],
  languages: ['c', 'cpp'],
  message: 'This creates a temporary file name that another process can guess and create first (a symlink race)',
  remediation: 'Create and open the file in one step: `mkstemp()` (or `tmpfile()`), and use the returned descriptor; never open a name produced by tmpnam/tempnam/mktemp.',
  references: ['https://cwe.mitre.org/data/definitions/377.html', 'https://wiki.sei.cmu.edu/confluence/display/c/FIO21-C.+Do+not+create+temporary+files+in+shared+directories'],
  matcher: { kind: 'call', callee: ['tmpnam', 'tmpnam_r', 'tempnam', '_tempnam', '_wtempnam', '_wtmpnam', 'mktemp', '_mktemp', '_wmktemp', 'std.tmpnam'], where: temporaryName },
});
