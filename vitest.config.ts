import { defineConfig } from 'vitest/config'

// One test command for the whole repo. The server's API tests run once on an in-memory PGlite
// and, when TEST_DATABASE_URL is set, once more on a real PostgreSQL server.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

export default defineConfig({
  test: {
    // The API tests mostly wait (on PGlite, a child process, the local chain's slots): three
    // workers keep both CPUs busy. The browser journeys run last, on their own (e2e's groupOrder).
    maxWorkers: 3,
    projects: [
      'packages/contract/vitest.config.ts',
      'packages/local-chain/vitest.config.ts',
      'apps/server/vitest.config.ts',
      ...(onPostgres ? ['apps/server/vitest.postgres.config.ts'] : []),
      'apps/web/vitest.config.ts',
      'e2e/vitest.config.ts',
    ],
  },
})
