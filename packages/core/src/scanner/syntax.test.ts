import { readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { grammarLoader } from '@secscan/grammars';
import { loadGrammar, parserFor, rawCursorApi, setRawCursorApiEnabled } from './grammar.ts';
import { PROFILES } from './lang/index.ts';
import { countBefore, mirrorTree, namedDescendants, SourceText, SyntaxNode } from './syntax.ts';
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

describe('namedDescendants', () => {
  /** A hand-built tree: root(call(a, comment(call)), string, call(b)) with an unnamed token. */
  function tree(): { root: SyntaxNode; calls: SyntaxNode[] } {
    const source = new SourceText('0123456789abcdefghij');
    const root = new SyntaxNode('module', true, null, 0, 20, null, source);
    const add = (type: string, named: boolean, start: number, end: number, parent: SyntaxNode): SyntaxNode => {
      const n = new SyntaxNode(type, named, null, start, end, parent, source);
      parent.children.push(n);
      return n;
    };
    const first = add('call', true, 0, 8, root);
    add('identifier', true, 0, 1, first);
    const comment = add('comment', true, 2, 8, first);
    add('call', true, 3, 5, comment);
    add('(', false, 8, 9, root);
    const last = add('call', true, 10, 20, root);
    const inner = add('call', true, 12, 15, last);
    return { root, calls: [first, last, inner] };
  }

  it("lists a scope's named nodes of a type in source order, leaving comments and what is under them out", () => {
    const { root, calls } = tree();
    expect(namedDescendants(root, 'call')).toEqual(calls);
    expect(namedDescendants(root, 'comment')).toEqual([]);
    expect(namedDescendants(root, '(')).toEqual([]);
    expect(namedDescendants(root, 'module')).toEqual([root]);
    expect(namedDescendants(calls[1] as SyntaxNode, 'call')).toEqual([calls[1], calls[2]]);
    // Asked again, the same list (indexed once per scope).
    expect(namedDescendants(root, 'call')).toBe(namedDescendants(root, 'call'));
  });

  it('counts the nodes that start before an offset', () => {
    const { root } = tree();
    const calls = namedDescendants(root, 'call');
    expect([0, 1, 10, 11, 12, 13, 99].map((at) => countBefore(calls, at))).toEqual([0, 1, 1, 2, 2, 3, 3]);
  });
});
