// Tables of the background jobs (src/jobs.ts): their small key/value state.
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** Small key/value state of background jobs (e.g. the last signature the watcher saw). */
export const jobState = pgTable('job_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
