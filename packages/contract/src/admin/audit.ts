// The audit log: every back-office write, who, when, what. Never an address or a user agent.

import Type, { type Static } from 'typebox'
import { AdminPageFields, Id, Nullable, Timestamp, Total } from '../common.js'

export const AuditEntry = Type.Object({
  id: Id,
  staff_id: Nullable(Id, { description: 'Null for what the shop did itself (e.g. setup)' }),
  staff_username: Nullable(Type.String()),
  action: Type.String({ description: 'e.g. product.create, coupon.update, staff.disable' }),
  entity: Type.String({ description: 'e.g. product, coupon, staff' }),
  entity_id: Nullable(Type.String()),
  summary: Type.String({
    description: 'What changed, in short, in English (no secrets, no codes)',
  }),
  params: Nullable(
    Type.Record(Type.String(), Type.Unknown(), {
      description:
        "What changed as values, for a text per action in the reader's language; null on entries written before it",
    }),
  ),
  created_at: Timestamp,
})
export type AuditEntry = Static<typeof AuditEntry>

export const AuditList = Type.Object({
  entries: Type.Array(AuditEntry),
  total: Total,
  actions: Type.Array(Type.String(), {
    description: 'Every action the log holds, sorted: the choices of the action filter',
  }),
})
export type AuditList = Static<typeof AuditList>

export const AuditQuery = Type.Object({
  ...AdminPageFields,
  entity: Type.Optional(Type.String({ maxLength: 40, pattern: '^[a-z_]+$' })),
  staff_id: Type.Optional(Id),
  action: Type.Optional(Type.String({ maxLength: 60, pattern: '^[a-z_]+\\.[a-z_]+$' })),
  from: Type.Optional(
    Type.String({ format: 'date', description: "First day, in the shop's time zone" }),
  ),
  to: Type.Optional(
    Type.String({ format: 'date', description: "Last day (included), in the shop's time zone" }),
  ),
})
export type AuditQuery = Static<typeof AuditQuery>
