// Tables of the audit module: every back-office write, who, when, what. Never an address or a
// user agent.
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns.js'

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    // The staff member (staff.id); null for what the shop did itself.
    staffId: integer('staff_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    // The English summary, kept for the entries written before `params`.
    summary: text('summary').notNull(),
    // What happened, as values the back office words in the reader's language
    // (audit.texts.<action> in its locale files); null on entries written before it.
    params: jsonb('params').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
)
