// Crashes: the real server process (src/main.ts, as `npm start` runs it) is killed with SIGKILL
// at random moments while customers check out (balance, SOL and USDC), top up, pay on chain, paste
// signatures and cancel, then restarted; after every kill the database must hold every
// invariant: stock never below zero and equal to initial minus sold minus reserved, each balance
// equal to its ledger, each transfer applied at most once, no payment pending past its expiry, no
// delivery code taken without its order or paid unit without its code. Before each kill a code
// buyer pays for a code product on chain, so that the kill often lands in the middle of that
// payment's confirmation (by the watcher, or in the request that pastes its signature).
// The chain lives in this test process, so transfers go on while the server is dead, and the
// watcher must catch up after the restart. 4 kills by default, 20 with RELIABILITY_HEAVY=1.
import crypto from 'node:crypto'
import fs from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, queryRows } from '../../src/db/client.js'
import { balanceLedger, users } from '../../src/db/schema.js'
import { seedDemo } from '../../src/db/seed/seed-demo.js'
import { SessionService } from '../../src/modules/auth/sessions.js'
import { AccessTokens } from '../../src/modules/auth/tokens.js'
import { CodeVault } from '../../src/modules/delivery/code-vault.js'
import { DeliveryCodes } from '../../src/modules/delivery/service.js'
import {
  type Customer,
  createCodeProduct,
  createCustomers,
  createProduct,
  TEST_DELIVERY_KEY,
} from '../kit/index.js'
import { CrashCustomers, prng } from './crash-customers.js'
import { type CrashShop, createCrashShop, type Life } from './crash-shop.js'
import { heavy } from './heavy.js'
import { type Baseline, captureBaseline, invariantViolations } from './invariants.js'
import { personalDataReport } from './personal-data.js'

const KILLS = heavy ? 20 : 4
const CUSTOMERS = heavy ? 10 : 6
/** A life shorter than this does not have to have swept what fell due. */
const SWEEP_SLACK_MS = 4_000
const EXPIRY_GRACE_MS = 60_000 // services.ts: pending payments stay open this long after expiry
const SEED = Number(process.env.CRASH_SEED ?? crypto.randomInt(2 ** 31))
const JWT_SECRET = 'crash-test-secret-that-is-long-enough-0123456789'
const random = prng(SEED)

let shop: CrashShop
let baseline: Baseline
let customers: CrashCustomers
/** One customer per life who starts a payment and walks away. */
let walkers: Customer[]
/** One customer per life who pays for a code just before the kill, and their product's codes. */
let codeBuyers: Customer[]
let killTimeCodes: { productId: number; codes: string[] }
/** The product with codes the random customers buy among the others. */
let shelf: { productId: number; codes: string[] }

beforeAll(async () => {
  shop = await createCrashShop(JWT_SECRET, TEST_DELIVERY_KEY)
  // The shop as the server will find it: migrated, the demo catalogue, a few scarce products
  // and customers with money and a session (signed with the server's JWT secret).
  await shop.withDb(async (database) => {
    await database.migrate()
    await seedDemo(database.db, TEST_DELIVERY_KEY)
    const productIds: number[] = []
    for (let i = 0; i < 6; i++) {
      const scarce = { category: 'book', priceCents: 700 + i * 150, stock: 150 + 50 * i }
      productIds.push(await createProduct(database.db, { name: `Scarce item ${i}`, ...scarce }))
    }
    // A code product among them (codes sealed under the server's DELIVERY_KEY), and one with a
    // code for each code buyer.
    shelf = await createCodeProduct(database.db, TEST_DELIVERY_KEY, heavy ? 300 : 60, {
      priceCents: 500,
    })
    productIds.push(shelf.productId)
    killTimeCodes = await createCodeProduct(database.db, TEST_DELIVERY_KEY, KILLS, {
      priceCents: 600,
    })
    const sessions = new SessionService(database.db, new AccessTokens(JWT_SECRET))
    const buyers = await createCustomers(database.db, { sessions }, CUSTOMERS, 4_000)
    walkers = await createCustomers(database.db, { sessions }, KILLS, 0)
    codeBuyers = await createCustomers(database.db, { sessions }, KILLS, 0)
    customers = new CrashCustomers(shop, buyers, productIds, random)
    baseline = await captureBaseline(database.db)
  })
}, 120_000)

afterAll(async () => {
  // CRASH_LOG=<file> keeps everything the server printed, for a look at a failure.
  if (process.env.CRASH_LOG && shop) fs.writeFileSync(process.env.CRASH_LOG, shop.output())
  await customers?.stop()
  await shop?.close()
})

// ------------------------------------------------------------------ the checks

/** The invariants, and after a life long enough for the sweeper: nothing left pending. */
async function violations(life: { readyAt: number; killedAt: number }): Promise<string[]> {
  return shop.withDb(async (database) => {
    const problems = await invariantViolations(database.db, baseline)
    if (life.killedAt - life.readyAt >= SWEEP_SLACK_MS) {
      // The sweeper runs every 200 ms: what was due well before the kill must be closed.
      const cutoff = new Date(life.killedAt - SWEEP_SLACK_MS - EXPIRY_GRACE_MS)
      const stuck = await queryRows<{ payment_code: string; expires_at: string }>(
        database.db,
        sql`select payment_code, expires_at::text from payments
             where status = 'pending' and expires_at < ${cutoff.toISOString()}`,
      )
      for (const row of stuck)
        problems.push(`payment stuck pending past its expiry: ${JSON.stringify(row)}`)
    }
    const duplicated = await queryRows<{ signature: string; n: number }>(
      database.db,
      sql`select signature, count(*)::int as n from chain_transfers
           group by signature, instruction_index having count(*) > 1`,
    )
    for (const row of duplicated) problems.push(`transfer recorded twice: ${row.signature}`)
    return problems
  })
}

const idList = (people: readonly Customer[]) =>
  sql.join(
    people.map((person) => sql`${person.id}`),
    sql`, `,
  )

/**
 * While the server is down, the walked-away customers' payments fall due (their expiry is moved
 * into the past, grace period included): the next life must expire them.
 */
async function letAbandonedPaymentsFallDue(): Promise<number> {
  return shop.withDb(async (database) => {
    const rows = await queryRows<{ id: number }>(
      database.db,
      sql`update payments set expires_at = now() - interval '2 minutes'
           where status = 'pending' and user_id in (${idList(walkers)})
       returning id`,
    )
    return rows.length
  })
}

/** The status of a customer's one payment (a code buyer's, as a kill left it). */
async function paymentStatusOf(customer: Customer): Promise<string> {
  return shop.withDb(async (database) => {
    const rows = await queryRows<{ status: string }>(
      database.db,
      sql`select status from payments where user_id = ${customer.id}`,
    )
    return rows.map((row) => row.status).join('/')
  })
}

/** The customers' transfers the database has not recorded. */
async function unrecorded(): Promise<string[]> {
  return shop.withDb(async (database) => {
    const seen = await queryRows<{ signature: string }>(
      database.db,
      sql`select signature from chain_transfers`,
    )
    const recorded = new Set(seen.map((row) => row.signature))
    return customers.sentSignatures.filter((s) => !recorded.has(s))
  })
}

/** Stops a life with `signal` and checks the invariants; the moment it went. */
async function end(life: Life, signal: NodeJS.Signals, what: string): Promise<number> {
  const killedAt = Date.now()
  await shop.kill(life, signal)
  const lived = killedAt - life.readyAt
  expect(
    await violations({ readyAt: life.readyAt, killedAt }),
    `${what}, ${lived} ms after ready (seed ${SEED})`,
  ).toEqual([])
  return killedAt
}

/**
 * Every code buyer's payment confirmed, despite the kills around it: each holds one completed
 * order with its code delivered, and those codes open, under the server's key, to exactly the
 * product's codes.
 */
async function expectEveryCodeBuyerServed(database: Database): Promise<void> {
  const sold = await queryRows<{ id: number; order: string; payment: string; code: string }>(
    database.db,
    sql`select o.id, o.status as order, p.status as payment, c.status as code
          from orders o join payments p on p.id = o.payment_id
          left join delivery_codes c on c.order_id = o.id
         where o.product_id = ${killTimeCodes.productId}`,
  )
  expect(sold.map(({ order, payment, code }) => ({ order, payment, code }))).toEqual(
    codeBuyers.map(() => ({ order: 'completed', payment: 'confirmed', code: 'delivered' })),
  )
  const opened = await new DeliveryCodes(database.db, new CodeVault(TEST_DELIVERY_KEY)).deliveredTo(
    sold.map((row) => row.id),
  )
  expect([...opened.values()].map((code) => code?.code).sort()).toEqual(
    [...killTimeCodes.codes].sort(),
  )
}

// ------------------------------------------------------------------ the loop

describe(`SIGKILL during checkouts and payments (${KILLS} kills, seed ${SEED})`, () => {
  it(
    'keeps every invariant after every kill and restart',
    async () => {
      let life = await shop.start()
      customers.drive()
      const report: string[] = []
      let abandoned = 0
      try {
        for (let kill = 1; kill <= KILLS; kill++) {
          const walker = walkers[kill - 1]
          if (walker)
            expect(await customers.walkAway(walker, kill % 2 ? 'crypto' : 'topup')).toBe(200)
          // A random moment, with the customers busy: after a random number of their steps.
          await customers.steps(10 + Math.floor(random() * 50))
          // A code paid on chain: the kill lands before, during or after its confirmation (the
          // watcher polls every 200 ms; a pasted signature confirms in its request); the report
          // says which payments a kill still found pending.
          const buyer = codeBuyers[kill - 1]
          let pasted: Promise<number | null> | null = null
          if (buyer) {
            const paid = await customers.payForCode(buyer, killTimeCodes.productId)
            if (kill % 2)
              pasted = customers.submitSignature(buyer, paid.paymentCode, paid.signature)
            await sleep(Math.floor(random() * (pasted ? 1_000 : 3_000)))
          }
          const killedAt = await end(life, 'SIGKILL', `after kill ${kill}`)
          await pasted
          abandoned += await letAbandonedPaymentsFallDue()
          const code = buyer ? await paymentStatusOf(buyer) : 'none'
          report.push(
            `kill ${kill}: after ${Math.round((killedAt - life.readyAt) / 100) / 10}s (code ${code})`,
          )
          life = await shop.start()
        }
      } finally {
        await customers.stop()
      }
      // Every transfer is on chain now. A life's background jobs start their first pass before
      // it is ready and finish their pass before a SIGTERM lets it exit, so each life below
      // sweeps what fell due and watches the chain at least once; on a slow machine the watcher
      // may need another life or two to work through its backlog.
      let missing: string[] = []
      for (let round = 0; round < 5; round++) {
        await end(life, 'SIGTERM', `after stop ${round + 1}`)
        missing = await unrecorded()
        if (missing.length === 0) break
        life = await shop.start()
      }
      // Nothing lost: every transfer the customers sent was seen and recorded (once: the
      // signature is the primary key, and the invariants check what each one credited).
      expect(missing).toEqual([])
      await shop.withDb(async (database) => {
        // Balances moved (purchases and credits happened), and every ledger line has its user.
        const [moved] = await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from ${balanceLedger} where kind <> 'adjustment'`,
        )
        expect(moved?.n ?? 0).toBeGreaterThan(0)
        const [people] = await database.db.select({ n: sql<number>`count(*)::int` }).from(users)
        expect(people?.n).toBe(CUSTOMERS + 2 * KILLS)
        // Every walked-away payment was expired by the sweeper, and gave its stock back.
        const open = await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from payments where status = 'pending' and user_id in (${idList(walkers)})`,
        )
        expect(open[0]?.n).toBe(0)
        await expectEveryCodeBuyerServed(database)
        // Neither the database nor anything the server printed holds personal data, or a code.
        for (const code of [...shelf.codes, ...killTimeCodes.codes]) {
          expect(shop.output()).not.toContain(code)
        }
        expect(await personalDataReport(database.db, shop.output())).toEqual([])
      })
      expect(customers.errors).toEqual([])
      expect(customers.sentSignatures.length).toBeGreaterThan(0)
      expect(shop.output()).not.toContain('Cannot start the shop')
      // USDC was taken (the start found the merchant's token account) and paid across the kills.
      const usdc = await shop.withDb((database) =>
        queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from payments where currency = 'USDC'`,
        ),
      )
      expect(usdc[0]?.n ?? 0).toBeGreaterThan(0)
      const shelfState = await shop.withDb((database) =>
        queryRows<{ status: string; n: number }>(
          database.db,
          sql`select status, count(*)::int as n from delivery_codes
               where product_id = ${shelf.productId} group by status order by status`,
        ),
      )
      console.info(
        `crashes (seed ${SEED}): ${report.join(', ')}; ${customers.sentSignatures.length} transfers, ${abandoned} payments abandoned; shelf codes ${JSON.stringify(shelfState)}; outcomes ${JSON.stringify(customers.outcomes)}`,
      )
    },
    (heavy ? 30 : 4) * 60_000,
  )
})
