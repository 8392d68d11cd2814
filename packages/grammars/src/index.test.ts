import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Language, Parser } from 'web-tree-sitter';
import { describe, expect, it } from 'vitest';
import { GRAMMAR_FILES, grammarLoader, grammarPath } from './index.ts';

describe('@secscan/grammars', () => {
  it('ships exactly the .wasm files it loads, each with its licence', () => {
    const dir = dirname(grammarPath('javascript'));
    const files = readdirSync(dir);
    expect(files.filter((f) => f.endsWith('.wasm')).sort()).toEqual(Object.values(GRAMMAR_FILES).sort());
    // One LICENSE per source package (tree-sitter-php ships php and php_only, tree-sitter-typescript ts and tsx).
    expect(files.filter((f) => f.endsWith('.LICENSE'))).toHaveLength(10);
  });

  it('loads every grammar into web-tree-sitter and parses with it', async () => {
    await Parser.init({ wasmBinary: await grammarLoader.runtime() });
    const parser = new Parser();
    for (const name of Object.keys(GRAMMAR_FILES) as (keyof typeof GRAMMAR_FILES)[]) {
      parser.setLanguage(await Language.load(await grammarLoader.grammar(name)));
      expect(parser.parse('x')?.rootNode.type, name).toBeTruthy();
    }
  });

  it('refuses an unknown grammar with a clear error', async () => {
    await expect(grammarLoader.grammar('cobol' as never)).rejects.toThrow('unknown grammar: cobol');
  });
});
