// A backup taken while customers check out is one snapshot: restored, it holds each checkout
// whole or not at all, so every invariant holds (balances = ledgers, stock = initial - sold,
// codes with their orders, coupons with their redemptions). On PostgreSQL the checkouts commit
// while the backup reads (checked); on PGlite they wait for it (one backend).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { restoreBackup } from '../../src/backup/restore.js'
import { takeSnapshot } from '../../src/backup/snapshot.js'
import { type Database, queryRows } from '../../src/db/client.js'
import {
  type Customer,
  callAs,
  createCodeProduct,
  createCustomers,
  createProducts,
  createTestDatabase,
  onPostgres,
  TEST_DELIVERY_KEY,
  useTestApp,
} from '../kit/index.js'
import { captureBaseline, invariantViolations } from '../reliability/invariants.js'
import { restoreOptions, TEST_SHOP_KEYS, temporaryFolder } from './backup-support.js'

const t = useTestApp({ seed: true })
const CUSTOMERS = 24
let customers: Customer[]
let productIds: number[]
let restored: Database

beforeAll(async () => {
  const db = t.database.db
  customers = await createCustomers(db, t.services, CUSTOMERS, 1_000_000)
  productIds = await createProducts(db, 4, { priceCents: 150, stock: 10_000 })
  productIds.push(
    (await createCodeProduct(db, TEST_DELIVERY_KEY, 400, { priceCents: 90 })).productId,
  )
  restored = await createTestDatabase()
})

afterAll(async () => {
  await restored?.close()
})

async function countOrders(database: Database): Promise<number> {
  const [row] = await queryRows<{ n: number }>(database.db, 'select count(*)::int as n from orders')
  return row?.n ?? 0
}

describe('a backup taken during concurrent checkouts', () => {
  it('restores to a consistent state: each checkout wholly in it or wholly absent', async () => {
    const baseline = await captureBaseline(t.database.db)
    let stop = false
    const committed: number[] = []
    // Each customer checks out again and again: a unit or two of a product into the cart, paid
    // from the balance (cart, stock, codes, ledger and orders in one transaction).
    const buying = customers.map(async (customer, index) => {
      let round = 0
      while (!stop) {
        const product = productIds[(index + round++) % productIds.length]
        const added = await callAs(t.app, customer, 'POST', '/api/cart/add', {
          product_id: product,
        })
        if (added.statusCode !== 200) throw new Error(`add: ${added.statusCode} ${added.body}`)
        const paid = await callAs(t.app, customer, 'POST', '/api/payment/create', {
          payment_method: 'balance',
        })
        if (paid.statusCode !== 200) throw new Error(`checkout: ${paid.statusCode} ${paid.body}`)
        committed.push(Date.now())
      }
    })
    // Some checkouts first, then the backup while the others go on, then a few more.
    while (committed.length < CUSTOMERS) await new Promise((resolve) => setTimeout(resolve, 20))
    const ordersBefore = await countOrders(t.database)
    const file = `${temporaryFolder('concurrent')}/shop-during.backup`
    const started = Date.now()
    const manifest = await takeSnapshot(t.database, { file, backupKey: null, keys: TEST_SHOP_KEYS })
    const ended = Date.now()
    const seenAtEnd = committed.length
    while (committed.length < seenAtEnd + CUSTOMERS) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    stop = true
    await Promise.all(buying)
    const ordersAfter = await countOrders(t.database)

    await restoreBackup(restored, restoreOptions(file))
    const restoredOrders = await countOrders(restored)
    expect(restoredOrders).toBe(manifest.tables.orders)
    expect(restoredOrders).toBeGreaterThanOrEqual(ordersBefore)
    expect(restoredOrders).toBeLessThan(ordersAfter)
    expect(await invariantViolations(restored.db, baseline)).toEqual([])
    expect(await invariantViolations(t.database.db, baseline)).toEqual([])
    if (onPostgres) {
      // The shop did not wait for the backup: checkouts committed while it read.
      expect(committed.filter((at) => at > started && at < ended).length).toBeGreaterThan(0)
    }
  }, 180_000)
})
