import { defineRule, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { simpleName } from '../../lang/csharp/adapter.ts';
import { zipEntryPath } from '../../lang/csharp/helpers.ts';

/** Calls that write a file at the path given as their first argument. */
function writesFile(node: SyntaxNode): boolean {
  if (node.type === 'object_creation_expression') return /^(?:FileStream|StreamWriter)$/.test(simpleName(node.child('type')));
  const fn = node.child('function');
  if (fn?.type !== 'member_access_expression') return false;
  const name = simpleName(fn.child('name'));
  if (/^(?:ExtractToFile|ExtractToFileAsync|WriteToFile|WriteEntryToFile)$/.test(name)) return true;
  return (
    /(?:^|\.)File$/.test(fn.child('expression')?.text ?? '') && /^(?:Create|OpenWrite|Open|WriteAllBytes|WriteAllBytesAsync|WriteAllText|WriteAllTextAsync|Move|Copy)$/.test(name)
  );
}

function check(node: SyntaxNode): Verdict {
  if (!writesFile(node)) return false;
  const first = node.child('arguments')?.namedChildren.find((a) => a.type === 'argument');
  const arg = first?.namedChildren[first.namedChildren.length - 1];
  if (!arg) return false;
  const hit = zipEntryPath(arg);
  if (!hit || hit.safe || hit.guarded) return false;
  return {
    message: `The archive entry path \`${hit.member.text}\` decides where this file is written, without a check that it stays inside the target directory (Zip Slip): entries named \`../../x\` write anywhere`,
  };
}

export default defineRule({
  class: 'zip-slip',
  confidence: 'high',
  languages: ['csharp'],
  message: 'An archive entry name is used as a file path without checking that it stays inside the target directory',
  remediation:
    'Resolve each destination with `Path.GetFullPath(Path.Combine(dest, entry.FullName))` and skip the entry unless it `StartsWith(Path.GetFullPath(dest) + Path.DirectorySeparatorChar)`; or use `ZipFile.ExtractToDirectory`, which performs this check.',
  references: [
    'https://cwe.mitre.org/data/definitions/22.html',
    'https://security.snyk.io/research/zip-slip-vulnerability',
    'https://learn.microsoft.com/en-us/dotnet/api/system.io.compression.zipfileextensions.extracttofile',
  ],
  matcher: { kind: 'node', types: ['invocation_expression', 'object_creation_expression'], where: check },
});
