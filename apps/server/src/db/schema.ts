// The whole domain of docs/domain-rules as one Drizzle schema, for Drizzle (drizzle-kit, the
// client's table list), the demo seed and tests. Money is integer cents (euros) and bigint
// lamports (SOL); every invariant that can be a CHECK constraint is one, so that no bug in a
// service can store a negative stock or balance.
//
// Each module owns the tables of its file in schema/ and is the only code that reads or writes
// them (biome.json's per-module noRestrictedImports enforces it); another module asks it
// through its service, or composes a statement from the steps the owner builds.
export * from './schema/audit.js'
export * from './schema/auth.js'
export * from './schema/balance.js'
export * from './schema/cart.js'
export * from './schema/catalog.js'
export * from './schema/coupons.js'
export * from './schema/delivery.js'
export * from './schema/jobs.js'
export * from './schema/orders.js'
export * from './schema/payments.js'
export * from './schema/staff.js'
export * from './schema/support.js'
export * from './schema/system.js'
export * from './schema/users.js'
