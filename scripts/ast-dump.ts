/**
 * Prints the tree-sitter syntax tree of a file or of stdin, with field names: the map a rule or
 * adapter author needs. Run with Bun (it runs TypeScript directly):
 *   npx bun scripts/ast-dump.ts <grammar> <file|->      e.g. npx bun scripts/ast-dump.ts java - < Foo.java
 * Grammars: c c_sharp cpp go java javascript php php_only python ruby tsx typescript
 */
import { readFileSync } from 'node:fs';
import { Language, Parser, type Node } from 'web-tree-sitter';
import { grammarLoader } from '@secscan/grammars';
import type { GrammarName } from '@secscan/core';

const [grammar, file = '-'] = process.argv.slice(2);
if (!grammar) {
  console.error('usage: bun scripts/ast-dump.ts <grammar> <file|->');
  process.exit(2);
}
await Parser.init({ wasmBinary: await grammarLoader.runtime() });
const language = await Language.load(await grammarLoader.grammar(grammar as GrammarName));
const parser = new Parser();
parser.setLanguage(language);
const code = readFileSync(file === '-' ? 0 : file, 'utf8');
const tree = parser.parse(code);
if (!tree) throw new Error('parse failed');

function dump(node: Node, depth: number, field: string | null): void {
  const pad = '  '.repeat(depth);
  const leaf = node.childCount === 0 ? ` ${JSON.stringify(node.text).slice(0, 60)}` : '';
  const label = node.isNamed ? node.type : JSON.stringify(node.type);
  console.log(`${pad}${field ? `${field}: ` : ''}${label}${leaf}${node.isError ? '  <-- ERROR' : ''}`);
  for (let i = 0; i < node.childCount; i++) {
    const child = node.child(i);
    if (child) dump(child, depth + 1, node.fieldNameForChild(i));
  }
}
dump(tree.rootNode, 0, null);
