/**
 * Named checks for path sinks (models: jdk, servlet, commons-io, spring-core): when building or opening
 * a path counts, and which checks in the same method keep it inside a base directory.
 */
import type { CallView } from '../../../engine/adapter.ts';
import { classBit, type MatchContext, type Taint } from '../../../rule.ts';
import { checkedInFunction, probing, receiverIs, runLaterBy } from '../predicates.ts';
import { typeOf, unwrap } from '../tree.ts';

const PATH = classBit('path');
const CHECKS = new Set(['startsWith', 'isSubPath', 'isWithin', 'isChildOf', 'contains']);
const PATH_TYPES = new Set(['Path', 'File']);
const PATH_SEGMENTS = new Set(['get', 'of', 'toPath', 'resolve', 'normalize', 'toAbsolutePath', 'getParent', 'getPath', 'toRealPath']);
const PATH_NAMES = /(?:path|dir|directory|root|base|folder|storage|location|home|upload|uploads|target|dest|destination)$/i;

/** `Paths.get(x).getFileName()`, `new File(x).getName()`: only the last name is kept. */
function basenameOnly(call: CallView): boolean {
  let n = call.node;
  for (let p = n.parent; p && p.type === 'parenthesized_expression'; p = p.parent) n = p;
  const parent = n.parent;
  return parent?.type === 'method_invocation' && parent.child('object') === n && /^(?:getFileName|getName)$/.test(parent.child('name')?.text ?? '');
}

/**
 * Building or opening a path is reported unless only its last name is used, or the path is checked
 * to stay inside a base directory (`p.normalize().startsWith(base)`, `f.getCanonicalPath().startsWith(…)`)
 * in the same function.
 */
export function notCheckedLater(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  // Asked whether this is a sink at all: it is, checked or not (what it returns is a path object, not the input).
  if (probing(taint, ctx)) return true;
  return !basenameOnly(call) && !checkedInFunction(call, CHECKS);
}

const FILE_CLASSES = [
  'File',
  'FileInputStream',
  'FileOutputStream',
  'FileReader',
  'FileWriter',
  'RandomAccessFile',
  'FileSystemResource',
  'PathResource',
  'ZipFile',
  'JarFile',
  'FileImageInputStream',
  'FileImageOutputStream',
];
const FILES_METHODS = [
  'readAllBytes',
  'readString',
  'readAllLines',
  'lines',
  'newInputStream',
  'newOutputStream',
  'newBufferedReader',
  'newBufferedWriter',
  'write',
  'writeString',
  'delete',
  'deleteIfExists',
  'createFile',
  'list',
  'walk',
  'newByteChannel',
];
const FILEUTILS_METHODS = [
  'readFileToString',
  'readFileToByteArray',
  'readLines',
  'openInputStream',
  'openOutputStream',
  'writeStringToFile',
  'write',
  'writeByteArrayToFile',
  'writeLines',
  'deleteDirectory',
  'forceDelete',
  'deleteQuietly',
  'touch',
  'getFile',
  'lineIterator',
];
/** Calls and constructors that read, write or serve a file (this rule's access sinks). */
const ACCESSES = new Set([...FILE_CLASSES, ...FILES_METHODS, ...FILEUTILS_METHODS, 'copy', 'move', 'copyFile', 'moveFile', 'copyInputStreamToFile', 'copyToFile']);

/**
 * `Path p = base.resolve(name); … Files.readAllBytes(p)`: a path object built into a local and
 * opened later in the method is reported where the file is opened (its taint goes on to that
 * call); a path built and handed on (returned, passed to another component) where it is built.
 */
function openedLater(call: CallView): boolean {
  return runLaterBy(call, ACCESSES, 'argument');
}

/** Paths.get / Path.of / resolve: a path object, reported where it is built unless it is opened later in the method. */
export function pathBuilt(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (openedLater(call)) return false;
  return notCheckedLater(call, ctx, taint);
}

export function pathResolve(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  return receiverIs(call, ctx, { types: PATH_TYPES, names: PATH_NAMES, segments: PATH_SEGMENTS }) && pathBuilt(call, ctx, taint);
}

/** `request.getRequestDispatcher(…)`, `servletContext.getRealPath(…)`/`getResource(…)`: paths inside the web application. */
export function serverPath(call: CallView, ctx: MatchContext, _taint: Taint): boolean {
  if (call.name === 'getRequestDispatcher') return true;
  return receiverIs(call, ctx, { types: new Set(['ServletContext']), segments: new Set(['getServletContext']), names: /^(?:servletContext|context|ctx|application|sc)$/ });
}

/** `Files.copy(in, target)`: the stream's content is data; only a tainted path argument counts. */
export function pathArgTainted(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (probing(taint, ctx)) return true;
  const tainted = call.args
    .filter((a) => {
      const t = a.index >= 0 ? ctx.taint(a.node) : null;
      return t !== null && (t.sanitized & PATH) === 0;
    })
    .map((a) => unwrap(a.node));
  const isData = (n: import('../../../syntax.ts').SyntaxNode): boolean =>
    /^(?:getInputStream|getBytes|openStream|newInputStream|getResourceAsStream)$/.test(n.type === 'method_invocation' ? (n.child('name')?.text ?? '') : '') ||
    /InputStream|byte|Reader/.test(typeOf(n) ?? '');
  return tainted.some((n) => !isData(n)) && notCheckedLater(call, ctx, taint);
}

/** `new PrintWriter(fileName)` writes a file; `new PrintWriter(response.getWriter())` does not. */
export function fileNameArg(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const first = call.args[0]?.node;
  if (!first) return false;
  const u = unwrap(first);
  if (u.type === 'method_invocation' || u.type === 'object_creation_expression') return /File|Paths|Path\.of|\+/.test(u.text.slice(0, 40)) && notCheckedLater(call, ctx, taint);
  return notCheckedLater(call, ctx, taint);
}
