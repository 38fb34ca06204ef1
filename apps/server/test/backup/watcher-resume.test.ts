// After a restore the payment watcher goes on from where the backup left off, against the same
// chain: a transfer credited before the backup is not credited again, whether the watcher
// resumes from its saved cursor or reads the chain from 24 hours back (a cursor it does not
// know), and a transfer sent after the restore is credited once. Both databases.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.js'
import { restoreBackup } from '../../src/backup/restore.js'
import { type Database, queryRows } from '../../src/db/client.js'
import { balanceLedger, jobState, payments } from '../../src/db/schema.js'
import {
  callAs,
  createPaymentTestbed,
  createTestDatabase,
  LogCapture,
  type PaymentTestbed,
  type SignedUpUser,
  signUp,
  testConfig,
} from '../kit/index.js'
import { invariantViolations } from '../reliability/invariants.js'
import { backupOf, restoreOptions } from './backup-support.js'

let bed: PaymentTestbed
let user: SignedUpUser
let restored: Database

beforeAll(async () => {
  bed = await createPaymentTestbed()
  user = await signUp(bed.t.app)
  restored = await createTestDatabase()
}, 120_000)

afterAll(async () => {
  await restored?.close()
  await bed?.close()
})

async function topUp(app: typeof bed.t.app, euros: number) {
  const res = await callAs(app, user, 'POST', '/api/balance/topup', { minimum_amount: euros })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { payment_code: string; lamports: string; reference: string }
}

async function ledgerOf(database: Database) {
  return database.db.select().from(balanceLedger).where(eq(balanceLedger.userId, user.id))
}

describe('the payment watcher after a restore', () => {
  it('credits a transfer once: never again for one the backup holds, once for a new one', async () => {
    const first = await topUp(bed.t.app, 10)
    await bed.pay(bed.merchant, BigInt(first.lamports), first.reference)
    await bed.t.services.watcher?.poll()
    const [paid] = await bed.t.database.db
      .select()
      .from(payments)
      .where(eq(payments.paymentCode, first.payment_code))
    expect(paid?.status).toBe('confirmed')
    expect(await ledgerOf(bed.t.database)).toHaveLength(1)

    const { file } = await backupOf(bed.t.database)
    await restoreBackup(restored, restoreOptions(file))
    const app = await buildApp(testConfig(), {
      database: restored,
      logStream: new LogCapture(),
      chain: { rpcUrl: bed.chain.url, merchantAddress: bed.merchant },
    })
    try {
      const watcher = app.shop.services.watcher
      if (!watcher) throw new Error('no watcher')
      // From the saved cursor.
      await watcher.poll()
      expect(await ledgerOf(restored)).toHaveLength(1)
      // From 24 hours back, as on a chain whose cursor it does not know.
      await restored.db.delete(jobState).where(sql`${jobState.key} like 'watcher:%'`)
      await watcher.poll()
      await watcher.poll()
      expect(await ledgerOf(restored)).toHaveLength(1)

      const second = await topUp(app, 7)
      await bed.pay(bed.merchant, BigInt(second.lamports), second.reference)
      await watcher.poll()
      await watcher.poll()
      const lines = await ledgerOf(restored)
      expect(lines.map((line) => line.kind)).toEqual(['topup', 'topup'])
      expect(await invariantViolations(restored.db)).toEqual([])
      const [counted] = await queryRows<{ n: number }>(
        restored.db,
        sql`select count(*)::int as n from chain_transfers where status = 'applied'`,
      )
      expect(counted?.n).toBe(2)
    } finally {
      await app.close()
    }
  }, 180_000)
})
