// Column helpers every module's tables share.
import { integer, timestamp } from 'drizzle-orm/pg-core'

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity()
