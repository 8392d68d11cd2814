/**
 * @secscan/grammars — supplies the scanner's WebAssembly: web-tree-sitter's runtime (from its npm
 * package) and the pinned official tree-sitter grammars, whose `.wasm` files this package ships in
 * its `wasm/` folder (copied there at build time from the tree-sitter-* packages, which are only
 * build-time dependencies: they also carry C sources and native build scripts we do not use).
 * Works unchanged on Node, Bun and Deno (each implements `node:fs` and `import.meta.resolve`).
 * Browsers and other hosts can write their own `GrammarLoader` (e.g. with `fetch`) instead.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { GrammarLoader, GrammarName } from '@secscan/core';

/** The `.wasm` file of each grammar, in this package's `wasm/` folder. */
export const GRAMMAR_FILES: Readonly<Record<GrammarName, string>> = {
  c: 'tree-sitter-c.wasm',
  c_sharp: 'tree-sitter-c_sharp.wasm',
  cpp: 'tree-sitter-cpp.wasm',
  go: 'tree-sitter-go.wasm',
  java: 'tree-sitter-java.wasm',
  javascript: 'tree-sitter-javascript.wasm',
  php: 'tree-sitter-php.wasm',
  php_only: 'tree-sitter-php_only.wasm',
  python: 'tree-sitter-python.wasm',
  ruby: 'tree-sitter-ruby.wasm',
  tsx: 'tree-sitter-tsx.wasm',
  typescript: 'tree-sitter-typescript.wasm',
};

const RUNTIME_FILE = 'web-tree-sitter/web-tree-sitter.wasm';

/** Absolute path of a file inside an installed package. */
export function resolvePackageFile(specifier: string): string {
  return fileURLToPath(import.meta.resolve(specifier));
}

/** Absolute path of a grammar's `.wasm` file (resolved by package name, so it works from a bundle too). */
export function grammarPath(name: GrammarName): string {
  const file = GRAMMAR_FILES[name];
  if (!file) throw new Error(`unknown grammar: ${String(name)}`);
  return resolvePackageFile(`@secscan/grammars/wasm/${file}`);
}

async function read(path: string): Promise<Uint8Array> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (error) {
    // In a checkout, wasm/ is written by the build: say so rather than leave a bare ENOENT.
    if ((error as { code?: unknown }).code === 'ENOENT') throw new Error(`grammar file missing: ${path} (in a secscan checkout, run npm run build)`);
    throw error;
  }
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The loader for Node, Bun and Deno: reads the `.wasm` files on first use. */
export const grammarLoader: GrammarLoader = {
  runtime: () => read(resolvePackageFile(RUNTIME_FILE)),
  grammar: async (name) => read(grammarPath(name)),
};
