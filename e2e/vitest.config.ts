import { defineProject } from 'vitest/config'

// Browser journeys: Debian's Chromium, driven by playwright-core, against the real built server
// on a fresh embedded database. `npm test` builds everything before this project runs.
export default defineProject({
  test: {
    name: 'e2e',
    include: ['specs/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser and one server per file; files run one at a time to spare the two CPUs.
    fileParallelism: false,
    // After every other project, so that a journey's timing never competes with the API tests.
    sequence: { groupOrder: 1 },
  },
})
