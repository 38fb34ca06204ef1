import { fileURLToPath } from 'node:url'
import { defineProject } from 'vitest/config'

const contractSource = fileURLToPath(
  new URL('../../packages/contract/src/index.ts', import.meta.url),
)

export default defineProject({
  resolve: {
    alias: { '@shop/contract': contractSource },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // A loaded machine (CI's is shared) renders a lazy screen in seconds, not milliseconds: a
    // test waits for what a user waits for, within limits such a machine meets.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
})
