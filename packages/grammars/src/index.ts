/**
 * @secscan/grammars — supplies the scanner's WebAssembly: web-tree-sitter's runtime and the
 * pinned official tree-sitter grammars, read from node_modules. Works unchanged on Node, Bun and
 * Deno (each implements `node:fs` and `import.meta.resolve`). Browsers and other hosts can write
 * their own `GrammarLoader` (e.g. with `fetch`) instead.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { GrammarLoader, GrammarName } from '@secscan/core';

/** Where each grammar's `.wasm` lives inside its npm package. */
export const GRAMMAR_FILES: Readonly<Record<GrammarName, string>> = {
  c: 'tree-sitter-c/tree-sitter-c.wasm',
  c_sharp: 'tree-sitter-c-sharp/tree-sitter-c_sharp.wasm',
  cpp: 'tree-sitter-cpp/tree-sitter-cpp.wasm',
  go: 'tree-sitter-go/tree-sitter-go.wasm',
  java: 'tree-sitter-java/tree-sitter-java.wasm',
  javascript: 'tree-sitter-javascript/tree-sitter-javascript.wasm',
  php: 'tree-sitter-php/tree-sitter-php.wasm',
  php_only: 'tree-sitter-php/tree-sitter-php_only.wasm',
  python: 'tree-sitter-python/tree-sitter-python.wasm',
  ruby: 'tree-sitter-ruby/tree-sitter-ruby.wasm',
  tsx: 'tree-sitter-typescript/tree-sitter-tsx.wasm',
  typescript: 'tree-sitter-typescript/tree-sitter-typescript.wasm',
};

const RUNTIME_FILE = 'web-tree-sitter/web-tree-sitter.wasm';

/** Absolute path of a file inside an installed package. */
export function resolvePackageFile(specifier: string): string {
  return fileURLToPath(import.meta.resolve(specifier));
}

async function read(specifier: string): Promise<Uint8Array> {
  const bytes = await readFile(resolvePackageFile(specifier));
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The loader for Node, Bun and Deno: reads the `.wasm` files from node_modules on first use. */
export const grammarLoader: GrammarLoader = {
  runtime: () => read(RUNTIME_FILE),
  grammar: (name) => {
    const file = GRAMMAR_FILES[name];
    if (!file) return Promise.reject(new Error(`unknown grammar: ${String(name)}`));
    return read(file);
  },
};
