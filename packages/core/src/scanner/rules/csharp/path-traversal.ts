import type { CallView } from '../../engine/adapter.ts';
import { classBit, defineRule, type MatchContext, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { simpleName } from '../../lang/csharp/adapter.ts';
import { lastSegment, localValues, zipEntryPath } from '../../lang/csharp/helpers.ts';

const PATH = classBit('path');

/**
 * The pieces a path expression is made of, in order: through `Path.Combine`/`Path.Join`, `+`,
 * interpolation and the locals of the method it was built in (`var root = …; Path.Combine(root, "x")`).
 */
function pathParts(node: SyntaxNode, depth = 0): SyntaxNode[] {
  if (depth > 6) return [node];
  switch (node.type) {
    case 'parenthesized_expression':
    case 'argument':
      return node.namedChildren.length > 0 ? pathParts(node.namedChildren[node.namedChildren.length - 1] as SyntaxNode, depth + 1) : [node];
    case 'identifier': {
      const values = localValues(node);
      const last = values[values.length - 1];
      return last ? pathParts(last, depth + 1) : [node];
    }
    case 'binary_expression': {
      const left = node.child('left');
      const right = node.child('right');
      if (node.child('operator')?.text !== '+' || !left || !right) return [node];
      return [...pathParts(left, depth + 1), ...pathParts(right, depth + 1)];
    }
    case 'interpolated_string_expression':
      return node.namedChildren
        .filter((c) => c.type === 'interpolation' || c.type === 'string_content' || c.type === 'escape_sequence')
        .map((c) => (c.type === 'interpolation' ? (c.namedChildren.find((x) => !x.type.startsWith('interpolation_')) ?? c) : c));
    case 'invocation_expression': {
      const fn = node.child('function');
      const owner = fn?.type === 'member_access_expression' ? simpleName(fn.child('expression')) : '';
      const name = fn?.type === 'member_access_expression' ? simpleName(fn.child('name')) : '';
      if (owner !== 'Path' || (name !== 'Combine' && name !== 'Join')) return [node];
      const out: SyntaxNode[] = [];
      for (const a of node.child('arguments')?.namedChildren ?? []) out.push(...pathParts(a, depth + 1));
      return out;
    }
    default:
      return [node];
  }
}

/**
 * A value of unknown origin that is only the directory the path starts from (`Path.Combine(dir,
 * ".thumbs")`, `outputDir + "/report.pdf"`): the function writes where its caller points it, and
 * nothing after the base comes from outside. Reported only when data is appended to a base.
 */
function onlyTheBase(taint: Taint, ctx: MatchContext, at: SyntaxNode): boolean {
  if (taint.strength !== 'param') return false;
  const parts = pathParts(at);
  if (parts.length < 2) return false;
  const tainted = parts.map((p) => {
    const t = ctx.taint(p);
    return t !== null && (t.sanitized & PATH) === 0;
  });
  return tainted[0] === true && !tainted.slice(1).some(Boolean);
}

const FILE_METHODS =
  '{ReadAllText,ReadAllTextAsync,ReadAllBytes,ReadAllBytesAsync,ReadAllLines,ReadAllLinesAsync,ReadLines,ReadLinesAsync,OpenRead,OpenText,Open,OpenWrite,OpenHandle,Create,CreateText,WriteAllText,WriteAllTextAsync,WriteAllBytes,WriteAllBytesAsync,WriteAllLines,WriteAllLinesAsync,AppendAllText,AppendAllTextAsync,AppendAllLines,AppendAllLinesAsync,AppendText,Delete,Replace,SetAttributes,Encrypt,Decrypt}';
// Creating a directory is not reported: the file written into it is (one finding per flow).
const DIRECTORY_METHODS = '{Delete,GetFiles,GetDirectories,GetFileSystemEntries,EnumerateFiles,EnumerateDirectories,EnumerateFileSystemEntries}';

/** Whether an argument is a stream or reader rather than a path (`new StreamReader(Request.Body)`). */
function isPathArgument(call: CallView, ctx: MatchContext): boolean {
  const arg = ctx.arg(call, 0) ?? ctx.arg(call, 'path');
  if (!arg) return false;
  const last = lastSegment(ctx.path(arg));
  if (last !== null && /stream|body|^fs$|^ms$|reader|^(?:OpenReadStream|GetStream|OpenRead|Open|Create)$|Content$/i.test(last)) return false;
  return true;
}

/** `new FileInfo(file.FileName).Extension` reads a name, not a file. */
function notNameOnly(call: CallView): boolean {
  let p: SyntaxNode | null = call.node.parent;
  while (p && p.type === 'parenthesized_expression') p = p.parent;
  if (p?.type === 'member_access_expression' && /^(?:Extension|Name|Exists)$/.test(p.child('name')?.text ?? '')) return false;
  return true;
}

/** Controller `File(…)` has byte-array and stream overloads: only a path-like first argument is a file path. */
function filePathResult(call: CallView, ctx: MatchContext): boolean {
  const arg = ctx.arg(call, 0) ?? ctx.arg(call, 'virtualPath') ?? ctx.arg(call, 'physicalPath');
  if (!arg) return false;
  const last = lastSegment(ctx.path(arg)) ?? '';
  if (/bytes|stream|content|data|buffer/i.test(last)) return false;
  return arg.type === 'binary_expression' || arg.type === 'interpolated_string_expression' || /Path\.(?:Combine|Join)/.test(arg.text) || /path|file(?:name)?$/i.test(last);
}

export default defineRule({
  class: 'path-traversal',
  confidence: 'high',
  cwe: ['CWE-22'],
  languages: ['csharp'],
  remediation:
    'Reduce the input to a file name with `Path.GetFileName(name)` (or use a generated name), build the path with `Path.GetFullPath(Path.Combine(root, name))` and reject it unless it `StartsWith(root + Path.DirectorySeparatorChar)`. Note that `Path.Combine(root, "/etc/passwd")` discards `root` when the second argument is absolute.',
  references: [
    'https://cwe.mitre.org/data/definitions/22.html',
    'https://owasp.org/www-community/attacks/Path_Traversal',
    'https://learn.microsoft.com/en-us/dotnet/api/system.io.path.combine',
  ],
  matcher: {
    kind: 'taint',
    // Paths built from archive entries are csharp.zip-slip's (entry.Name alone is a safe file name).
    check: (taint, ctx, at) => zipEntryPath(at) === null && !onlyTheBase(taint, ctx, at),
    sinks: [
      { callee: [`**.File.${FILE_METHODS}`, `**.Directory.${DIRECTORY_METHODS}`] },
      { callee: ['**.File.{Copy,Move}', '**.Directory.Move'], args: [0, 1] },
      { callee: ['**.{FileStream,StreamWriter}'], args: [0], keywords: ['path'], where: isPathArgument },
      { callee: ['**.StreamReader'], args: [0], keywords: ['path'], where: isPathArgument },
      { callee: ['**.{FileInfo,DirectoryInfo}'], args: [0], where: notNameOnly },
      { callee: ['PhysicalFile', '**.{Results,TypedResults}.PhysicalFile', '**.PhysicalFileResult'], args: [0] },
      { callee: ['File', '**.{Results,TypedResults}.File'], args: [0], where: filePathResult },
      { callee: ['**.Response.{TransmitFile,WriteFile,SendFileAsync}', '*.SendFileAsync'], args: [0] },
      { callee: ['**.ZipFile.{ExtractToDirectory,CreateFromDirectory,Open,OpenRead}'], args: [0, 1] },
      { callee: ['*.SaveAs'], args: [0], where: (call, ctx) => /file|upload|posted/i.test(call.receiver?.text ?? '') && ctx.arg(call, 0) !== null },
      { callee: ['**.{XDocument,XElement}.Load'], args: [0], where: isPathArgument },
    ],
    params: 'built',
    local: 'never',
  },
});
