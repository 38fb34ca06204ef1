// A rotation of DELIVERY_KEY (decision 0029): with DELIVERY_KEY_PREVIOUS set, the shop re-seals at
// start every code the previous key sealed, sold ones included (their buyers read them on their
// order pages), under the current key, with the current key's fingerprint. Batches of their own
// transactions, so that a large stock does not hold its rows for long and an interrupted pass is
// taken up by the next start: a code already under the current key is left as it is.
import { and, asc, eq, gt } from 'drizzle-orm'
import type { Database, Db } from '../../db/client.js'
import { deliveryCodes } from '../../db/schema/delivery.js'
import type { CodeVault } from './code-vault.js'

const BATCH = 500
/** One process re-seals; another starting meanwhile goes on (its vault reads both keys). */
export const RESEAL_LOCK_ID = 727_003

export interface ResealReport {
  /** Codes now sealed under the current key that were under the previous one. */
  resealed: number
  /** Codes that open under neither key: sealed under a key that is not given any more. */
  unreadable: number
}

export async function resealDeliveryCodes(db: Db, vault: CodeVault): Promise<ResealReport> {
  const report: ResealReport = { resealed: 0, unreadable: 0 }
  if (!vault.rotating) return report
  let after = 0
  for (;;) {
    const rows = await db
      .select({
        id: deliveryCodes.id,
        productId: deliveryCodes.productId,
        sealed: deliveryCodes.sealed,
      })
      .from(deliveryCodes)
      .where(gt(deliveryCodes.id, after))
      .orderBy(asc(deliveryCodes.id))
      .limit(BATCH)
    if (rows.length === 0) return report
    after = rows.at(-1)?.id ?? after
    const changes: { id: number; sealed: string; next: { sealed: string; fingerprint: string } }[] =
      []
    for (const row of rows) {
      const next = vault.resealed(row.productId, row.sealed)
      if (next === 'unreadable') report.unreadable++
      else if (next !== 'current') changes.push({ id: row.id, sealed: row.sealed, next })
    }
    await db.transaction(async (tx) => {
      for (const change of changes) {
        // Only if it is still the row that was read (nothing else rewrites a sealed code).
        const updated = await tx
          .update(deliveryCodes)
          .set({ sealed: change.next.sealed, fingerprint: change.next.fingerprint })
          .where(and(eq(deliveryCodes.id, change.id), eq(deliveryCodes.sealed, change.sealed)))
          .returning({ id: deliveryCodes.id })
        report.resealed += updated.length
      }
    })
  }
}

/** What the start logs: the pass's report, or null when another process holds the pass. */
export async function resealOnStart(
  database: Pick<Database, 'db' | 'tryWithAdvisoryLock'>,
  vault: CodeVault,
): Promise<ResealReport | null> {
  let report: ResealReport | null = null
  await database.tryWithAdvisoryLock(RESEAL_LOCK_ID, async () => {
    report = await resealDeliveryCodes(database.db, vault)
  })
  return report
}
