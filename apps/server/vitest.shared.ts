import { fileURLToPath } from 'node:url'
import type { UserWorkspaceConfig } from 'vitest/config'

/** Settings both server test projects share; they differ only in the database they run on. */
export function serverProject(name: string, database: 'pglite' | 'postgres'): UserWorkspaceConfig {
  return {
    resolve: {
      // Tests use the workspace packages' source, so they run without building them first.
      // (Exact names: a prefix alias would turn `@shop/local-chain/lock-owner` into a path
      // under index.ts.)
      alias: [
        {
          find: /^@shop\/contract$/,
          replacement: fileURLToPath(
            new URL('../../packages/contract/src/index.ts', import.meta.url),
          ),
        },
        {
          find: /^@shop\/local-chain$/,
          replacement: fileURLToPath(
            new URL('../../packages/local-chain/src/index.ts', import.meta.url),
          ),
        },
        {
          find: /^@shop\/local-chain\/lock-owner$/,
          replacement: fileURLToPath(
            new URL('../../packages/local-chain/src/lock-owner.ts', import.meta.url),
          ),
        },
      ],
    },
    test: {
      name,
      root: fileURLToPath(new URL('.', import.meta.url)),
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      environment: 'node',
      env: { TEST_DB: database },
      // One migrated database per run, which each test file copies (test/kit/*-template.ts).
      globalSetup: [`test/kit/${database}-template.ts`],
      // Files share their worker's modules instead of importing the server afresh each (about
      // a second of every file): they keep no state in modules, only in their own app and database.
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  }
}
