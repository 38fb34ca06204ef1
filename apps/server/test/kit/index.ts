// The test kit: one way to start a shop (app.ts, chain.ts for one watching a local chain; their
// use* hooks for a test file's own, in app.ts and testbed-hooks.ts), one set of factories
// (factories.ts writes rows, customers.ts signs up through the API, staff.ts sets up the staff),
// the calls (api.ts) and the answers' checks (problems.ts). Suites import it from here.
export * from './api.js'
export * from './app.js'
export * from './chain.js'
export * from './customers.js'
export * from './factories.js'
export * from './problems.js'
export * from './staff.js'
export { createTestDatabase, onPostgres, openSecondProcessDatabase } from './test-database.js'
export * from './testbed-hooks.js'
