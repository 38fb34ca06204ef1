import { defineProject } from 'vitest/config'

// The chain on its own: LiteSVM, the JSON-RPC endpoint and clients driving it, no shop.
export default defineProject({
  test: {
    name: 'local-chain',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
  },
})
