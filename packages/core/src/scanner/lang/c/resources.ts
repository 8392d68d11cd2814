/**
 * Resources a C or C++ function acquires and must give back: heap memory, `new` objects, stdio
 * files, pipes, directories, descriptors and Windows handles — which call acquires one, which call
 * releases one, and where a local variable's pointer came from. Shared by the leak, invalid-release
 * and double-release rules. Syntax only, per function, bounded.
 */
import type { SyntaxNode } from '../../syntax.ts';
import { accessOf, classify, forwardScan, leaves, occurrences } from './flow.ts';
import { calledName, callArgs, declaratorShape, enclosingFunction, findDeclaration, functionName, lastAssignment, unwrap } from './syntax.ts';

/** What kind of resource a value is. */
export type Family = 'heap' | 'new' | 'new[]' | 'file' | 'pipe' | 'dir' | 'fd' | 'handle' | 'stack' | 'static';

const ACQUIRE: Readonly<Record<string, Family>> = {
  malloc: 'heap',
  calloc: 'heap',
  realloc: 'heap',
  reallocarray: 'heap',
  strdup: 'heap',
  strndup: 'heap',
  wcsdup: 'heap',
  _strdup: 'heap',
  _wcsdup: 'heap',
  aligned_alloc: 'heap',
  g_malloc: 'heap',
  g_malloc0: 'heap',
  g_strdup: 'heap',
  xmalloc: 'heap',
  xcalloc: 'heap',
  xstrdup: 'heap',
  fopen: 'file',
  fopen64: 'file',
  _wfopen: 'file',
  fdopen: 'file',
  freopen: 'file',
  tmpfile: 'file',
  popen: 'pipe',
  _popen: 'pipe',
  _wpopen: 'pipe',
  opendir: 'dir',
  fdopendir: 'dir',
  open: 'fd',
  open64: 'fd',
  _open: 'fd',
  _wopen: 'fd',
  creat: 'fd',
  socket: 'fd',
  accept: 'fd',
  dup: 'fd',
  memfd_create: 'fd',
  CreateFileA: 'handle',
  CreateFileW: 'handle',
  CreateFile: 'handle',
  OpenProcess: 'handle',
  CreateEventA: 'handle',
  CreateEventW: 'handle',
  CreateMutexA: 'handle',
  CreateMutexW: 'handle',
  alloca: 'stack',
  _alloca: 'stack',
  __builtin_alloca: 'stack',
};

const RELEASE: Readonly<Record<string, Family>> = {
  free: 'heap',
  cfree: 'heap',
  g_free: 'heap',
  xfree: 'heap',
  std_free: 'heap',
  fclose: 'file',
  pclose: 'pipe',
  _pclose: 'pipe',
  closedir: 'dir',
  close: 'fd',
  _close: 'fd',
  closesocket: 'fd',
  CloseHandle: 'handle',
};

/** The resource an expression acquires: `malloc(n)`, `(char *)calloc(…)`, `new T[n]`, `fopen(…)`, `alloca(n)`; null otherwise. */
export function acquired(expr: SyntaxNode | null): { family: Family; call: SyntaxNode } | null {
  if (!expr) return null;
  const v = unwrap(expr);
  if (v.type === 'new_expression') return { family: v.child('declarator')?.type === 'new_declarator' ? 'new[]' : 'new', call: v };
  if (v.type !== 'call_expression') return null;
  const name = calledName(v);
  const family = name !== null ? ACQUIRE[name] : undefined;
  return family ? { family, call: v } : null;
}

/** The resource a call or `delete` releases, and the argument released; null otherwise. */
export function released(node: SyntaxNode): { family: Family; arg: SyntaxNode; name: string } | null {
  if (node.type === 'delete_expression') {
    const arg = node.namedChildren.find((c) => c.type !== 'comment');
    return arg
      ? { family: node.text.replace(/\s+/g, '').startsWith('delete[]') ? 'new[]' : 'new', arg, name: node.text.replace(/\s+/g, '').startsWith('delete[]') ? 'delete[]' : 'delete' }
      : null;
  }
  if (node.type !== 'call_expression') return null;
  const name = calledName(node);
  const family = name !== null ? RELEASE[name] : undefined;
  const arg = callArgs(node)[0];
  return family && arg && name ? { family, arg, name } : null;
}

/** What a family's resources are called in messages. */
export function describe(family: Family): string {
  switch (family) {
    case 'heap':
    case 'new':
    case 'new[]':
      return 'memory';
    case 'file':
      return 'file';
    case 'pipe':
      return 'pipe';
    case 'dir':
      return 'directory stream';
    case 'fd':
      return 'descriptor';
    case 'handle':
      return 'handle';
    default:
      return 'memory';
  }
}

/**
 * Where the value a local pointer holds at `at` came from: an allocation, the stack (`alloca`, a
 * local array, the address of a local), or a string literal; null when unknown. Follows plain
 * copies between locals (`data = dataBuffer;`).
 */
export function origin(name: string, at: SyntaxNode, depth = 0): { family: Family; node: SyntaxNode } | null {
  if (depth > 4) return null;
  const fn = enclosingFunction(at);
  const last = lastAssignment(name, at, fn);
  const d = findDeclaration(name, at);
  if (!last) {
    // A local array used as a pointer (`char buf[64]; free(buf);`).
    if (d && d.kind === 'local' && d.arrays.length > 0 && !/\bstatic\b/.test(d.owner.text.slice(0, 16))) return { family: 'stack', node: d.declarator };
    return null;
  }
  const value = unwrap(last.value);
  const a = acquired(value);
  if (a) return { family: a.family, node: last.node };
  if (value.type === 'string_literal' || value.type === 'concatenated_string') return { family: 'static', node: last.node };
  if (value.type === 'pointer_expression' && value.child('operator')?.text === '&') {
    const target = unwrap(value.child('argument') ?? value);
    const t = target.type === 'identifier' ? findDeclaration(target.text, target) : null;
    if (t && t.kind === 'local' && !/\bstatic\b/.test(t.owner.text.slice(0, 16))) return { family: 'stack', node: last.node };
    return null;
  }
  if (value.type === 'identifier') {
    const t = findDeclaration(value.text, value);
    if (t && t.kind === 'local' && t.arrays.length > 0 && !/\bstatic\b/.test(t.owner.text.slice(0, 16))) return { family: 'stack', node: last.node };
    if (t && t.kind === 'local' && t.pointers > 0) return origin(value.text, last.node, depth + 1);
  }
  return null;
}

/** Functions that only read or write through a pointer or descriptor argument, never keep it. */
const BORROWS = new Set([
  'printf',
  'fprintf',
  'sprintf',
  'snprintf',
  'wprintf',
  'fwprintf',
  'swprintf',
  'vprintf',
  'vfprintf',
  'vsprintf',
  'vsnprintf',
  'puts',
  'fputs',
  'fputc',
  'putc',
  'fwrite',
  'fread',
  'fgets',
  'fgetc',
  'getc',
  'fscanf',
  'sscanf',
  'fseek',
  'fseeko',
  'ftell',
  'ftello',
  'rewind',
  'fflush',
  'feof',
  'ferror',
  'clearerr',
  'fileno',
  'setvbuf',
  'setbuf',
  'read',
  'write',
  'pread',
  'pwrite',
  'recv',
  'recvfrom',
  'send',
  'sendto',
  'lseek',
  'fstat',
  'ioctl',
  'fcntl',
  'setsockopt',
  'getsockopt',
  'bind',
  'listen',
  'connect',
  'shutdown',
  'readdir',
  'atoi',
  'atol',
  'atof',
  'toupper',
  'tolower',
  'isalnum',
  'qsort',
  'bsearch',
  'assert',
]);
/** Name prefixes of functions that only read or write through their arguments: the string and memory functions, print helpers. */
const BORROWING_PREFIXES = ['str', 'wcs', 'mem', 'print', 'Print', 'puts'];

function borrows(name: string): boolean {
  return BORROWS.has(name) || BORROWING_PREFIXES.some((p) => name.startsWith(p));
}

/**
 * Whether an acquired resource leaves the function's hands somewhere after `from`: released,
 * returned, stored anywhere but a local, passed to a function that may keep it, or its address taken.
 * Copies into other locals are followed.
 */
export function escapes(name: string, from: SyntaxNode): boolean {
  const fn = enclosingFunction(from);
  const body = fn?.child('body');
  if (!fn || !body) return true;
  const names = [name];
  for (let i = 0; i < names.length && i < 6; i++) {
    for (const o of occurrences(body, names[i] as string)) {
      if (o.end <= from.end) continue;
      const kind = classify(o);
      if (kind === 'free' || kind === 'address') return true;
      const a = accessOf(o);
      const p = a.parent;
      if (p?.type === 'argument_list' && p.parent && released(p.parent)) return true;
      if (kind === 'arg') {
        const call = p?.parent;
        const callee = call?.type === 'call_expression' ? calledName(call) : null;
        if (callee && (RELEASE[callee] || !borrows(callee))) return true;
        continue;
      }
      if (kind === 'value') {
        if (p?.type === 'return_statement' || p?.type === 'initializer_list' || p?.type === 'argument_list' || p?.type === 'conditional_expression') return true;
        if (p?.type === 'assignment_expression' && p.child('right') === a) {
          const left = unwrap(p.child('left') ?? p);
          if (left.type !== 'identifier') return true;
          const d = findDeclaration(left.text, left);
          if (!d || d.kind !== 'local') return true;
          if (!names.includes(left.text)) names.push(left.text);
          continue;
        }
        if (p?.type === 'init_declarator' && p.child('value') === a) {
          const copy = declaratorShape(p).name?.text;
          if (copy && !names.includes(copy)) names.push(copy);
          continue;
        }
        // `x = cond ? p : q`, `(T *)p` passed on, a lambda capturing it: let it go.
        if (p?.type !== 'expression_statement' && p?.type !== 'binary_expression' && p?.type !== 'subscript_expression') return true;
      }
    }
  }
  return false;
}

/**
 * The first assignment after `from` that gives `name` a new value (on every path or inside a
 * branch: on that path the old value is gone) before anything releases or hands on the old one;
 * null when none does.
 */
export function overwrittenAfter(name: string, from: SyntaxNode): SyntaxNode | null {
  let hit: SyntaxNode | null = null;
  forwardScan(from, (stmt) => {
    for (const o of occurrences(stmt, name)) {
      const a = accessOf(o);
      if (a.parent?.type === 'argument_list' && a.parent.parent && released(a.parent.parent)) return 'stop';
      const kind = classify(o);
      if (kind === 'assign') {
        const assignment = a.parent;
        const right = assignment?.child('right');
        // `p = realloc(p, n)` hands the old block over.
        if (right && occurrences(right, name).length > 0) return 'stop';
        // On the path through this assignment (a branch too) the old value is gone.
        hit = assignment ?? o;
        return 'stop';
      }
      if (kind !== 'check' && kind !== 'sizeof' && kind !== 'deref') return 'stop';
      if (kind === 'deref') continue;
    }
    return leaves(stmt) ? 'stop' : 'continue';
  });
  return hit;
}

/** Whether a function is a program's entry point (what it still holds at its end goes back to the system with the process). */
export function isMain(fn: SyntaxNode | null): boolean {
  const name = functionName(fn);
  return name === 'main' || name === 'wmain' || name === 'WinMain' || name === 'wWinMain' || name === '_tmain';
}
