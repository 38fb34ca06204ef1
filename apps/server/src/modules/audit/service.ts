// The audit log: every back-office write, written in the same database transaction as the write
// itself (so a rolled-back change leaves no entry and a committed one always has its entry).
// Who, when, the action, the entity and a short summary; never an address or a user agent.
import type { AuditEntry, AuditList, AuditQuery } from '@shop/contract'
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client.js'
import { readPage } from '../../db/paging.js'
import { auditLog } from '../../db/schema/audit.js'

export interface AuditRecord {
  /** The staff member; null for what the shop did itself. */
  staffId: number | null
  /** `<entity>.<verb>`, e.g. `product.update`. */
  action: string
  entity: string
  entityId: string | number | null
  /** In English, for whoever reads the table itself. */
  summary: string
  /** The values of the back office's text for `action`, shown in the reader's language. */
  params: AuditParams
}

export type AuditValue = string | number | boolean | null
/** One field a change set, from one value to another. */
export interface AuditChange {
  field: string
  from: AuditValue
  to: AuditValue
}
export type AuditParams = Record<string, AuditValue | AuditChange[]>

/** Names staff members for the log (the staff module owns their table). */
export type StaffNames = (ids: readonly number[]) => Promise<Map<number, string>>

const SUMMARY_MAX = 500

export class AuditLog {
  constructor(
    private readonly db: Db,
    private readonly names: StaffNames,
    /** The zone the date filter's days are counted in (SHOP_TIME_ZONE). */
    private readonly timeZone = 'UTC',
  ) {}

  async record(tx: DbOrTx, entry: AuditRecord): Promise<void> {
    await tx.insert(auditLog).values({
      staffId: entry.staffId,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId === null ? null : String(entry.entityId),
      summary: entry.summary.slice(0, SUMMARY_MAX),
      params: entry.params,
    })
  }

  async list(query: AuditQuery): Promise<AuditList> {
    const filters: SQL[] = []
    if (query.entity) filters.push(eq(auditLog.entity, query.entity))
    if (query.staff_id) filters.push(eq(auditLog.staffId, query.staff_id))
    if (query.action) filters.push(eq(auditLog.action, query.action))
    // Days of the shop, as the owner reads the log's times.
    const day = sql`(${auditLog.createdAt} at time zone ${this.timeZone})::date`
    if (query.from) filters.push(sql`${day} >= ${query.from}::date`)
    if (query.to) filters.push(sql`${day} <= ${query.to}::date`)
    const where = filters.length > 0 ? and(...filters) : undefined
    const { rows, total } = await readPage(
      this.db,
      auditLog,
      where,
      query,
      this.db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .$dynamic(),
    )
    const ids = [...new Set(rows.flatMap((row) => (row.staffId === null ? [] : [row.staffId])))]
    const names = await this.names(ids)
    const entries: AuditEntry[] = rows.map((row) => ({
      id: row.id,
      staff_id: row.staffId,
      staff_username: row.staffId === null ? null : (names.get(row.staffId) ?? null),
      action: row.action,
      entity: row.entity,
      entity_id: row.entityId,
      summary: row.summary,
      params: row.params ?? null,
      created_at: row.createdAt.toISOString(),
    }))
    const actions = await this.db
      .selectDistinct({ action: auditLog.action })
      .from(auditLog)
      .orderBy(asc(auditLog.action))
    return { entries, total, actions: actions.map((row) => row.action) }
  }
}

/** The fields a PATCH changed, from the old value to the new, for the log's params. */
export function changes(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): AuditChange[] {
  const out: AuditChange[] = []
  for (const [field, value] of Object.entries(after)) {
    if (value === undefined || auditValue(before[field]) === auditValue(value)) continue
    out.push({ field, from: auditValue(before[field]), to: auditValue(value) })
  }
  return out
}

function auditValue(value: unknown): AuditValue {
  if (value === null || value === undefined) return null
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return value
  }
  if (Array.isArray(value)) return value.length === 0 ? null : value.join(', ')
  return value instanceof Date ? value.toISOString() : String(value)
}

/** "field: old → new" for the fields a PATCH changed, for the log's summary. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): string {
  const parts: string[] = []
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined || before[key] === value) continue
    parts.push(`${key}: ${String(before[key])} → ${String(value)}`)
  }
  return parts.join('; ') || 'no change'
}
