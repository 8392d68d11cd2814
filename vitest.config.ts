import { defineConfig } from 'vitest/config';

// Tests run against the TypeScript sources (the `source` export condition), never stale builds.
export default defineConfig({
  resolve: { conditions: ['source', 'module', 'import', 'default'] },
  ssr: { resolve: { conditions: ['source', 'module', 'import', 'default'] } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['packages/*/src/**/*.test.ts', 'examples/**/*.test.ts'], testTimeout: 60_000 },
      },
      {
        extends: true,
        test: { name: 'system', include: ['tests/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000, fileParallelism: false },
      },
    ],
  },
});
