// Concurrency: requests fired together must never oversell, overspend or double-apply.
import { sendSolTransfer } from '@shop/local-chain'
import { address } from '@solana/kit'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../src/app.js'
import { chainTransfers, orders, products } from '../src/db/schema.js'
import { runSteps } from '../src/db/steps.js'
import { startJobs } from '../src/jobs.js'
import {
  createPaymentTestbed,
  createProduct,
  giveBalance as giveBalanceTo,
  ledgerEqualsBalance as ledgerMatches,
  onPostgres,
  openSecondProcessDatabase,
  type PaymentTestbed,
  type SignedUpUser,
  signUp,
  type TestApp,
  testConfig,
} from './kit/index.js'

let bed: PaymentTestbed
let t: TestApp
let chain: PaymentTestbed['chain']
let merchant: string

beforeAll(async () => {
  bed = await createPaymentTestbed()
  ;({ t, chain, merchant } = bed)
})
afterAll(async () => {
  await bed.close()
})

const giveBalance = (userId: number, cents: number) =>
  giveBalanceTo(t.database.db, t.services, userId, cents)
const ledgerEqualsBalance = (userId: number) => ledgerMatches(t, userId)

const newProduct = (stock: number, priceCents: number) =>
  createProduct(t.database.db, { stock, priceCents })

function checkout(user: SignedUpUser, method: 'balance' | 'crypto') {
  return t.app.inject({
    method: 'POST',
    url: '/api/payment/create',
    headers: user.headers,
    payload: { payment_method: method },
  })
}

describe('races', () => {
  it('50 concurrent balance checkouts for the last unit sell exactly one', async () => {
    const productId = await newProduct(1, 1000)
    const buyers = await Promise.all(Array.from({ length: 50 }, () => signUp(t.app)))
    for (const buyer of buyers) {
      await giveBalance(buyer.id, 5000)
      const added = await t.app.inject({
        method: 'POST',
        url: '/api/cart/add',
        headers: buyer.headers,
        payload: { product_id: productId },
      })
      expect(added.statusCode).toBe(200)
    }
    const results = await Promise.all(buyers.map((buyer) => checkout(buyer, 'balance')))
    const statuses = results.map((r) => r.statusCode)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true)
    const [product] = await t.database.db.select().from(products).where(eq(products.id, productId))
    expect(product).toMatchObject({ stock: 0, reserved: 0 })
    const sold = await t.database.db.select().from(orders).where(eq(orders.productId, productId))
    expect(sold).toHaveLength(1)
    for (const buyer of buyers) expect(await ledgerEqualsBalance(buyer.id)).toBe(true)
  })

  it('20 parallel spends of one balance never take it below zero', async () => {
    const user = await signUp(t.app)
    await giveBalance(user.id, 500)
    const attempts = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        t.database.db.transaction((tx) =>
          runSteps(tx, [
            t.services.balance.debit({
              userId: user.id,
              amountCents: 100,
              kind: 'purchase',
              description: 'race',
            }),
          ]),
        ),
      ),
    )
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(5)
    expect(await t.services.balance.balanceCents(user.id)).toBe(0)
    expect(await ledgerEqualsBalance(user.id)).toBe(true)
  })

  it('20 parallel checkouts of one cart pay once', async () => {
    const user = await signUp(t.app)
    const productId = await newProduct(10, 700)
    await giveBalance(user.id, 10_000)
    await t.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: user.headers,
      payload: { product_id: productId },
    })
    const results = await Promise.all(Array.from({ length: 20 }, () => checkout(user, 'balance')))
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1)
    expect(
      results.filter((r) => r.statusCode !== 200).every((r) => r.json().code === 'CART_EMPTY'),
    ).toBe(true)
    expect(await t.services.balance.balanceCents(user.id)).toBe(10_000 - 700)
    expect(await ledgerEqualsBalance(user.id)).toBe(true)
  })

  it('two watchers (as in two server processes) confirm a payment exactly once', async () => {
    const user = await signUp(t.app)
    const productId = await newProduct(5, 1200)
    await t.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: user.headers,
      payload: { product_id: productId },
    })
    const payment = (await checkout(user, 'crypto')).json()
    // A second app on its own connection pool to the same database, as another process would be.
    const second = await openSecondProcessDatabase(t.database, 5)
    const otherApp = await buildApp(testConfig(), {
      database: second.database,
      chain: { rpcUrl: chain.url, merchantAddress: merchant },
    })
    const signature = await sendSolTransfer({
      rpcUrl: chain.url,
      payer: bed.payer,
      to: address(merchant),
      lamports: BigInt(payment.lamports),
      reference: address(payment.reference),
    })
    const watchers = [t.services.watcher, otherApp.shop.services.watcher]
    const applied = await Promise.all(watchers.map((w) => w?.poll()))
    expect((applied[0] ?? 0) + (applied[1] ?? 0)).toBe(1)
    const again = await Promise.all(watchers.map((w) => w?.poll()))
    expect(again).toEqual([0, 0])
    const rows = await t.database.db
      .select()
      .from(chainTransfers)
      .where(eq(chainTransfers.signature, signature))
    expect(rows).toHaveLength(1)
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/payment/status/${payment.payment_code}`,
      headers: user.headers,
    })
    expect(status.json().status).toBe('confirmed')
    const [product] = await t.database.db.select().from(products).where(eq(products.id, productId))
    expect(product).toMatchObject({ stock: 4, reserved: 0 })
    await otherApp.close()
    await second.close()
  })

  it.skipIf(!onPostgres)('runs background jobs in exactly one process at a time', async () => {
    const processes = await Promise.all([0, 1].map(() => openSecondProcessDatabase(t.database, 3)))
    const databases = processes.map((p) => p.database)
    const runs = [0, 0]
    /** Times each process asked for the jobs' lock and was refused (another one holds it). */
    const refused = [0, 0]
    const quiet = { error() {}, info() {} }
    const jobs = databases.map((database, i) =>
      startJobs(
        {
          ...database,
          tryWithAdvisoryLock: async (lockId, fn) => {
            const led = await database.tryWithAdvisoryLock(lockId, fn)
            if (!led) refused[i] = (refused[i] ?? 0) + 1
            return led
          },
        },
        [
          {
            name: 'count',
            run: async () => {
              runs[i] = (runs[i] ?? 0) + 1
            },
          },
        ],
        20,
        quiet,
      ),
    )
    // Both have asked: one runs the jobs, the other was refused and has not run them.
    await vi.waitFor(() => {
      expect(runs.some((n) => n > 0)).toBe(true)
      expect(refused.some((n) => n > 0)).toBe(true)
    }, 10_000)
    expect(runs.filter((n) => n > 0)).toHaveLength(1) // one leader
    const leader = (runs[0] ?? 0) > 0 ? 0 : 1
    const follower = 1 - leader
    expect(refused[follower]).toBeGreaterThan(0)
    await jobs[leader]?.stop() // the leader goes away: the other takes over
    const before = runs[follower] ?? 0
    await vi.waitFor(() => expect(runs[follower]).toBeGreaterThan(before), 10_000)
    await jobs[follower]?.stop()
    await Promise.all(processes.map((p) => p.close()))
  })
})
