import { accessOf, classify, forwardScan, occurrences } from '../../lang/c/flow.ts';
import { callArgs, calledName, declaratorShape, enclosingFunction, findDeclaration, lastAssignment, scopeDescendants, unwrap } from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

/** Scalar types whose variables hold garbage until assigned (class types in C++ have constructors). */
const SCALAR =
  /^(?:(?:unsigned|signed)\s+)?(?:char|short|int|long|long long|float|double|long double|wchar_t|bool|_Bool)(?:\s+int)?$|^(?:u?int(?:8|16|32|64|ptr)_t|s?size_t|off_t|ptrdiff_t|DWORD|WORD|BYTE|BOOL|UINT|INT|LONG|ULONG|HANDLE)$/;

/** String functions that read the string their argument points to: argument positions. */
const READS_STRING: Readonly<Record<string, readonly number[]>> = {
  strcat: [0, 1],
  strncat: [0, 1],
  strlen: [0],
  strcpy: [1],
  strncpy: [1],
  strcmp: [0, 1],
  strdup: [0],
  puts: [0],
  fputs: [0],
  printf: [],
  atoi: [0],
  strchr: [0],
  strstr: [0, 1],
  wcscat: [0, 1],
  wcslen: [0],
  wcscpy: [1],
};

/**
 * A local scalar or pointer declared without a value and read before anything is assigned to it
 * (CWE-457): `char *data; … printLine(data);`. Reported at the read; an assignment anywhere first
 * (even on some paths only), taking its address, or passing it to be filled ends the check.
 */
function uninitializedRead(node: SyntaxNode, cpp: boolean): Verdict {
  const fn = enclosingFunction(node);
  if (!fn || node.parent?.type !== 'compound_statement') return false;
  if (/\b(?:static|extern)\b/.test(node.text.slice(0, 16))) return false;
  const type =
    node
      .child('type')
      ?.text.replace(/\b(?:const|volatile|register)\b/g, ' ')
      .replace(/\s+/g, ' ')
      .trim() ?? '';
  for (const d of node.namedChildren) {
    if (d.field !== 'declarator' || d.type === 'init_declarator') continue;
    const shape = declaratorShape(d);
    if (!shape.name || shape.name.type !== 'identifier' || shape.arrays.length > 0 || shape.reference || shape.function) continue;
    if (shape.pointers === 0 && !SCALAR.test(type)) continue;
    const name = shape.name.text;
    let read: SyntaxNode | null = null;
    forwardScan(node, (stmt) => {
      for (const o of occurrences(stmt, name)) {
        const kind = classify(o);
        if (kind === 'sizeof') continue;
        if (kind === 'assign' || kind === 'address') return 'stop';
        // `std::cin >> n` fills n; a C++ function may take it by reference to fill it.
        const a = accessOf(o);
        if (a.parent?.type === 'binary_expression' && a.parent.child('operator')?.text === '>>' && a.parent.child('right') === a) return 'stop';
        if (kind === 'arg' && cpp) return 'stop';
        // `T &ref = x;`: a reference bound to x, which reads nothing (and may be written through).
        if (a.parent?.type === 'init_declarator' && a.parent.child('value') === a && declaratorShape(a.parent).reference) return 'stop';
        // `x = x + 1` reads before it writes; `x += 1` is a read too (classify says deref for compound assignment).
        if (kind === 'value' || kind === 'deref' || kind === 'check' || kind === 'arg' || kind === 'free') read = o;
        return 'stop';
      }
      return 'continue';
    });
    if (read) {
      const at = read as SyntaxNode;
      return { node: at, cwe: ['CWE-457'], message: `${name} is read here before it is given a value (declared on line ${node.location.startLine})` };
    }
  }
  return false;
}

/** The local array a pointer argument refers to: the array itself, or a local pointer last set to it. */
function localArray(arg: SyntaxNode, at: SyntaxNode): SyntaxNode | null {
  let v = unwrap(arg);
  for (let i = 0; i < 3 && v.type === 'identifier'; i++) {
    const d = findDeclaration(v.text, at);
    if (!d || d.kind !== 'local') return null;
    if (d.arrays.length > 0) return d.init || /\bstatic\b/.test(d.owner.text.slice(0, 16)) ? null : d.declarator;
    const last = lastAssignment(v.text, at, enclosingFunction(at));
    if (!last) return null;
    v = unwrap(last.value);
  }
  return null;
}

/**
 * `char buf[100]; … strcat(buf, src);` with nothing ever written to `buf`: the string functions read
 * garbage up to the first zero byte (CWE-665). Any mention of the array (or a pointer to it) that is
 * not a plain copy of the pointer counts as writing it.
 */
function uninitializedBuffer(node: SyntaxNode): Verdict {
  const name = calledName(node);
  const positions = name ? READS_STRING[name] : undefined;
  if (!positions || !name) return false;
  const args = callArgs(node);
  for (const p of positions) {
    const arg = args[p];
    const array = arg ? localArray(arg, node) : null;
    if (!arg || !array) continue;
    const fn = enclosingFunction(node);
    if (!fn) return false;
    const arrayName = declaratorShape(array).name?.text ?? array.text.slice(0, array.text.includes('[') ? array.text.indexOf('[') : undefined);
    const names = new Set([arrayName]);
    let written = false;
    for (const n of scopeDescendants(fn, ['identifier'])) {
      if (n.start <= array.end || n.start >= node.start) continue;
      if (!names.has(n.text)) continue;
      const a = accessOf(n);
      const parent = a.parent;
      // `data = dataBuffer;` / `char *p = buf;`: the pointer is copied; follow the copy.
      if (parent?.type === 'assignment_expression' && parent.child('right') === a) {
        const left = unwrap(parent.child('left') ?? parent);
        if (left.type === 'identifier') {
          names.add(left.text);
          continue;
        }
      }
      if (parent?.type === 'init_declarator' && parent.child('value') === a) {
        const copy = declaratorShape(parent).name?.text;
        if (copy) {
          names.add(copy);
          continue;
        }
      }
      if (parent?.type === 'assignment_expression' && parent.child('left') === a) continue;
      if (n.parent?.type === 'init_declarator' || n.parent?.type === 'pointer_declarator') continue;
      written = true;
      break;
    }
    if (written) continue;
    return { cwe: ['CWE-665'], message: `${arrayName} is never written before ${name}() reads it as a string: it holds whatever was on the stack` };
  }
  return false;
}

function uninitialized(node: SyntaxNode, ctx: MatchContext): Verdict {
  return node.type === 'declaration' ? uninitializedRead(node, ctx.language === 'cpp') : uninitializedBuffer(node);
}

export default defineRule({
  class: 'uninitialized-variable',
  confidence: 'medium',
  languages: ['c', 'cpp'],
  matcher: { kind: 'node', types: ['declaration', 'call_expression'], where: uninitialized },
});
