// Tables of the system module: the rate-limit counters every server process shares on
// PostgreSQL when there is no Redis (modules/system/counter-store.ts).
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * One fixed window per key. Keys are opaque (`tickets-user:<id>`, an HMAC of a client network, a
 * SHA-256 of a username): no address or name is stored.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true, precision: 3 }).notNull(),
})
