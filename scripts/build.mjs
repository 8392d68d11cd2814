/**
 * Builds every package's dist/ and the Node server bundle with tsup (esbuild), in parallel.
 * - Packages: one ESM file per export entry; every bare import (npm and @secscan/*) stays external,
 *   so each package ships only its own code and shares one copy of its dependencies.
 * - servers/node: one bundle with the workspace packages inside (resolved through the `source`
 *   export condition, i.e. from their TypeScript sources) and npm dependencies external.
 * No .d.ts: the packages' `types` export condition points at their sources, and tsup's declaration
 * build does not work with TypeScript 7 (STACK.md).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'tsup';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);

/** Bare specifiers: anything that is not a relative or absolute path. */
const ALL_BARE = /^[^./]/;
/** Bare specifiers except our own workspace packages. */
const NPM_ONLY = /^(?!@secscan\/)[^./]/;

const common = {
  format: ['esm'],
  target: 'node20',
  dts: false,
  sourcemap: true,
  clean: true,
  silent: true,
  config: false,
  tsconfig: 'tsconfig.json',
  esbuildOptions(options) {
    options.conditions = ['source'];
  },
};

/** Entries of a package that exist yet (packages land one by one). */
function entries(dir, map) {
  return Object.fromEntries(Object.entries(map).filter(([, file]) => existsSync(`${dir}/${file}`)).map(([name, file]) => [name, `${dir}/${file}`]));
}

const targets = [
  { dir: 'packages/core', entry: { index: 'src/index.ts', 'testing/index': 'src/testing/index.ts' }, platform: 'neutral', external: [ALL_BARE] },
  { dir: 'packages/grammars', entry: { index: 'src/index.ts' }, platform: 'node', external: [ALL_BARE] },
  { dir: 'packages/http', entry: { index: 'src/index.ts', server: 'src/server/index.ts' }, platform: 'neutral', external: [ALL_BARE] },
  { dir: 'packages/cli', entry: { index: 'src/index.ts', cli: 'src/cli.ts' }, platform: 'node', external: [ALL_BARE] },
  { dir: 'servers/node', entry: { main: 'src/main.ts' }, platform: 'node', external: [NPM_ONLY], noExternal: [/^@secscan\//] },
];

const started = performance.now();
const built = await Promise.all(
  targets.map(async ({ dir, entry, ...options }) => {
    const entryPoints = entries(dir, entry);
    if (Object.keys(entryPoints).length === 0) return null;
    await build({ ...common, ...options, entry: entryPoints, outDir: `${dir}/dist` });
    return dir;
  }),
);
console.log(`built ${built.filter(Boolean).join(', ')} in ${Math.round(performance.now() - started)} ms`);
