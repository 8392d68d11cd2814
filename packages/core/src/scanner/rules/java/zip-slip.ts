import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { checkedLater, resolveLocal } from '../../lang/java/predicates.ts';
import { descendants, enclosingMethod, findDeclaration, invocationParts, simpleTypeName, unwrap } from '../../lang/java/tree.ts';

const ENTRY_TYPES = /^(?:ZipEntry|JarEntry|TarArchiveEntry|ZipArchiveEntry|ArchiveEntry|ArArchiveEntry|CpioArchiveEntry|SevenZArchiveEntry|TarEntry|FileHeader)$/;
const ENTRY_SOURCES = /^(?:getNextEntry|getNextZipEntry|getNextJarEntry|getNextTarEntry|nextElement|getEntry|getJarEntry|next)$/;
const CHECKS = new Set(['startsWith', 'contains', 'isSubPath']);
const INVOCATIONS = new Set(['method_invocation']);

/** Whether an identifier holds an archive entry: by declared type, by where it comes from, or by name. */
function isEntry(id: SyntaxNode): boolean {
  const d = findDeclaration(id.text, id);
  if (d?.type && ENTRY_TYPES.test(simpleTypeName(d.type))) return true;
  if (d?.init) {
    const u = unwrap(d.init);
    if (u.type === 'method_invocation' && ENTRY_SOURCES.test(u.child('name')?.text ?? '')) return true;
  }
  if (d?.type && !/^(?:var|Object)$/.test(simpleTypeName(d.type))) return false;
  return /entry$|^ze$|^je$|^te$/i.test(id.text);
}

/** The archive entry name read in an expression (`entry.getName()`), directly or through a local. */
function entryNameIn(node: SyntaxNode, depth = 0): SyntaxNode | null {
  if (depth > 3) return null;
  const u = unwrap(node);
  if (/FilenameUtils\.get(?:Base)?Name|getFileName\(\)/.test(u.text)) return null;
  const calls = u.type === 'method_invocation' ? [u, ...descendants(u, INVOCATIONS)] : descendants(u, INVOCATIONS);
  for (const inv of calls) {
    const p = invocationParts(inv);
    if (p.name === 'getName' && p.args.length === 0 && p.object?.type === 'identifier' && isEntry(p.object)) return inv;
  }
  for (const id of u.type === 'identifier' ? [u] : descendants(u, IDENTIFIERS)) {
    // Follow string locals (`String name = entry.getName()`), not File/Path objects (reported where they are made).
    const d = findDeclaration(id.text, id);
    if (!d?.type || !/^(?:String|var|CharSequence)$/.test(simpleTypeName(d.type))) continue;
    const init = resolveLocal(id);
    if (init && entryNameIn(init, depth + 1)) return id;
  }
  return null;
}
const IDENTIFIERS = new Set(['identifier']);

function zipSlip(call: CallView, _ctx: MatchContext): Verdict {
  const name = call.args.map((a) => (a.index >= 0 ? entryNameIn(a.node) : null)).find((x) => x !== null);
  if (!name) return false;
  if (checkedLater(call, CHECKS)) return false;
  // A check on the entry name itself before use: `if (name.contains("..")) throw …`.
  const method = enclosingMethod(call.node);
  if (method) {
    for (const inv of descendants(method, INVOCATIONS)) {
      const p = invocationParts(inv);
      if (
        (p.name === 'contains' || p.name === 'startsWith') &&
        inv.ancestor(IFS) &&
        /getName\(\)|[Nn]ame\b/.test(p.object?.text ?? '') &&
        /"\.\."|getCanonical|normalize|toRealPath/.test(inv.text + (p.object?.text ?? ''))
      )
        return false;
      if (p.name === 'startsWith' && inv.ancestor(IFS) && /getCanonical|normalize|toRealPath|toAbsolutePath/.test(inv.text)) return false;
    }
  }
  return true;
}
const IFS = new Set(['if_statement']);

export default defineRule({
  class: 'zip-slip',
  confidence: 'high',
  languages: ['java'],
  message: 'The name of an archive entry is used as a file path without checking that it stays inside the extraction directory',
  remediation:
    'Resolve each entry against the target directory, normalize it and reject entries that escape it: `Path out = dest.resolve(entry.getName()).normalize(); if (!out.startsWith(dest)) throw new IOException("Bad zip entry");`.',
  references: [
    'https://cwe.mitre.org/data/definitions/22.html',
    'https://security.snyk.io/research/zip-slip-vulnerability',
    'https://cheatsheetseries.owasp.org/cheatsheets/Java_Security_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'call',
    callee: ['File', 'FileOutputStream', 'Paths.get', 'Path.of', '*.resolve', '*.resolveSibling', 'FileSystems.getDefault().getPath'],
    where: zipSlip,
  },
});
