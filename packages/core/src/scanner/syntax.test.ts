import { readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { grammarLoader } from '@secscan/grammars';
import { loadGrammar, parserFor, rawCursorApi, setRawCursorApiEnabled } from './grammar.ts';
import { PROFILES } from './lang/index.ts';
import { mirrorTree, SourceText, type SyntaxNode } from './syntax.ts';
import type { LanguageId } from './languages.ts';

const fixtures = fileURLToPath(new URL('../../fixtures/', import.meta.url));

function flatten(root: SyntaxNode): string[] {
  const out: string[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const n = stack.pop() as SyntaxNode;
    out.push(`${n.type}|${n.named}|${n.field}|${n.start}|${n.end}|${n.children.length}`);
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i] as SyntaxNode);
  }
  return out;
}

describe('syntax mirror', () => {
  const languages = Object.keys(PROFILES) as LanguageId[];
  it.each(languages.map((l) => [l]))('the direct cursor path builds exactly the tree the public API builds (%s)', async (language) => {
    const profile = PROFILES[language];
    if (!profile) throw new Error(`no profile for ${language}`);
    const dir = join(fixtures, language);
    // Files only: model fixtures sit in a `models/` folder beside them.
    const code =
      readdirSync(dir, { withFileTypes: true })
        .filter((f) => f.isFile())
        .map((f) => readFileSync(join(dir, f.name), 'utf8'))
        .join('\n') + '\n(((( broken [ { "ünïcødé 😀" ';
    const grammar = await loadGrammar(grammarLoader, profile.adapter.grammar(code, undefined));
    expect(rawCursorApi()).not.toBeNull();
    const tree = parserFor(grammar).parse(code);
    if (!tree) throw new Error('parse failed');
    try {
      const fast = mirrorTree(tree, grammar, new SourceText(code), Number.POSITIVE_INFINITY, 1e7);
      setRawCursorApiEnabled(false);
      const slow = mirrorTree(tree, grammar, new SourceText(code), Number.POSITIVE_INFINITY, 1e7);
      setRawCursorApiEnabled(true);
      expect(fast.nodes).toBe(slow.nodes);
      expect(fast.hasErrors).toBe(slow.hasErrors);
      expect(flatten(fast.root)).toEqual(flatten(slow.root));
      // The tree stays usable after a direct walk (the cursor was handed back intact).
      expect(tree.rootNode.descendantCount).toBeGreaterThan(100);
    } finally {
      setRawCursorApiEnabled(true);
      tree.delete();
    }
  });
});
