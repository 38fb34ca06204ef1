// Crashes: the real server process (src/main.ts, as `npm start` runs it) is killed with SIGKILL
// at random moments while customers check out (balance and SOL), top up, pay on chain, paste
// signatures and cancel, then restarted; after every kill the database must hold every
// invariant: stock never below zero and equal to initial minus sold minus reserved, each balance
// equal to its ledger, each transfer applied at most once, no payment pending past its expiry.
// The chain lives in this test process, so transfers go on while the server is dead, and the
// watcher must catch up after the restart. 4 kills by default, 20 with RELIABILITY_HEAVY=1.
import { type ChildProcess, spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { QUICK_TIMING, sendSolTransfer, startLocalChainRpc } from '@shop/local-chain'
import {
  address,
  createSolanaRpc,
  devnet,
  generateKeyPairSigner,
  type KeyPairSigner,
  lamports as toLamports,
} from '@solana/kit'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase, queryRows } from '../../src/db/client.js'
import { balanceLedger, products, users } from '../../src/db/schema.js'
import { seedDemo } from '../../src/db/seed/seed-demo.js'
import { SessionService } from '../../src/modules/auth/sessions.js'
import { AccessTokens } from '../../src/modules/auth/tokens.js'
import { onPostgres } from '../helpers.js'
import {
  type Baseline,
  captureBaseline,
  type FastUser,
  fastUsers,
  heavy,
  invariantViolations,
  personalDataReport,
  sleep,
} from './support.js'

const KILLS = heavy ? 20 : 4
const CUSTOMERS = heavy ? 10 : 6
/** A life shorter than this does not have to have swept what fell due. */
const SWEEP_SLACK_MS = 4_000
const EXPIRY_GRACE_MS = 60_000 // services.ts: pending payments stay open this long after expiry
const SEED = Number(process.env.CRASH_SEED ?? crypto.randomInt(2 ** 31))
const JWT_SECRET = 'crash-test-secret-that-is-long-enough-0123456789'
const serverDir = fileURLToPath(new URL('../..', import.meta.url))

/** mulberry32: the kill moments and the customers' choices follow CRASH_SEED. */
function prng(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let x = Math.imul(a ^ (a >>> 15), 1 | a)
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296
  }
}
const random = prng(SEED)
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T

let chain: Awaited<ReturnType<typeof startLocalChainRpc>>
let merchant: string
let payer: KeyPairSigner
let dataDir: string
let databaseUrl: string | null = null
let dropDatabase: (() => Promise<void>) | null = null
let baseline: Baseline
let customers: FastUser[]
/** One customer per life who starts a payment and walks away. */
let walkers: FastUser[]
let productIds: number[]
let serverOutput = ''
const children: ChildProcess[] = []

/** Every transfer sent to the merchant, and what the test knows about the payments. */
const sentSignatures: string[] = []
const pendingByCustomer = new Map<number, { code: string; lamports: bigint; reference: string }>()

async function openDb(): Promise<Database> {
  return databaseUrl ? openDatabase({ url: databaseUrl, poolSize: 5 }) : openDatabase({ dataDir })
}

async function withDb<T>(run: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDb()
  try {
    return await run(database)
  } finally {
    await database.close()
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

interface Life {
  child: ChildProcess
  port: number
  exited: Promise<void>
  readyAt: number
}

async function startServer(): Promise<Life> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      SEED_DEMO: 'false',
      JWT_SECRET,
      WEB_DIST_DIR: 'off',
      LOG_LEVEL: 'info',
      SOLANA_RPC_URL: chain.url,
      MERCHANT_WALLET: merchant,
      RATE_PROVIDER: 'fixed',
      RATE_FIXED_EUR: '150',
      PAYMENT_EXPIRY_MINUTES: '1',
      WATCH_INTERVAL_MS: '200',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  child.stdout?.on('data', (d) => {
    serverOutput += d
  })
  child.stderr?.on('data', (d) => {
    serverOutput += d
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const until = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server exited at start:\n${serverOutput.slice(-3000)}`)
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`, {
        signal: AbortSignal.timeout(1_000),
      })
      if (res.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`server did not start:\n${serverOutput.slice(-3000)}`)
    await sleep(100)
  }
  return { child, port, exited, readyAt: Date.now() }
}

// ------------------------------------------------------------------ the customers

let currentPort = 0
let driving = false
const outcomes: Record<string, number> = {}

async function api(user: FastUser, method: string, url: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${currentPort}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${user.accessToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(10_000),
  })
  const json = (await res.json()) as Record<string, unknown>
  if (res.status >= 500) throw new Error(`5xx from ${method} ${url}: ${JSON.stringify(json)}`)
  return { status: res.status, json }
}

async function pay(lamports: bigint, reference?: string): Promise<string> {
  const signature = await sendSolTransfer({
    rpcUrl: chain.url,
    payer,
    to: address(merchant),
    lamports,
    ...(reference ? { reference: address(reference) } : {}),
    pollIntervalMs: 100,
  })
  sentSignatures.push(signature)
  return signature
}

/** One customer's next step, chosen at random; server errors surface, refusals are fine. */
async function step(user: FastUser): Promise<string> {
  const pending = pendingByCustomer.get(user.id)
  const action = pending
    ? pick([
        'pay',
        'pay',
        'pay',
        'signature',
        'cancel',
        'crypto',
        'topup',
        'balance',
        'add',
      ] as const)
    : pick(['add', 'balance', 'balance', 'crypto', 'crypto', 'topup'] as const)
  switch (action) {
    case 'add':
      return `add ${(await api(user, 'POST', '/api/cart/add', { product_id: pick(productIds) })).status}`
    case 'balance':
      await api(user, 'POST', '/api/cart/add', { product_id: pick(productIds) })
      return `balance ${(await api(user, 'POST', '/api/payment/create', { payment_method: 'balance' })).status}`
    case 'crypto':
    case 'topup': {
      if (action === 'crypto') {
        await api(user, 'POST', '/api/cart/add', { product_id: pick(productIds) })
      }
      const res =
        action === 'crypto'
          ? await api(user, 'POST', '/api/payment/create', { payment_method: 'crypto' })
          : await api(user, 'POST', '/api/balance/topup', {
              minimum_amount: 5 + Math.floor(random() * 20),
            })
      if (res.status === 200 && res.json.status === 'pending') {
        pendingByCustomer.set(user.id, {
          code: String(res.json.payment_code),
          lamports: BigInt(String(res.json.lamports)),
          reference: String(res.json.reference),
        })
      }
      return `${action} ${res.status}`
    }
    case 'pay': {
      if (!pending) return 'pay none'
      // Exactly, without the reference (matched by amount), in part, or too much.
      const how = pick(['exact', 'exact', 'no-reference', 'partial', 'over'] as const)
      const lamports =
        how === 'partial'
          ? pending.lamports / 2n
          : how === 'over'
            ? pending.lamports + 300_000n
            : pending.lamports
      await pay(lamports, how === 'no-reference' ? undefined : pending.reference)
      if (how !== 'partial') pendingByCustomer.delete(user.id)
      return `pay ${how}`
    }
    case 'signature': {
      if (!pending) return 'signature none'
      const signature = await pay(pending.lamports, pending.reference)
      pendingByCustomer.delete(user.id)
      const res = await api(user, 'POST', `/api/payment/${pending.code}/submit-signature`, {
        signature,
      })
      return `signature ${res.status}`
    }
    case 'cancel': {
      if (!pending) return 'cancel none'
      pendingByCustomer.delete(user.id)
      return `cancel ${(await api(user, 'DELETE', `/api/payment/cancel/${pending.code}`)).status}`
    }
  }
}

const driverErrors: string[] = []

/** Runs every customer until stopped; connection errors (a dead server) are waited out. */
function drive(): Promise<void> {
  driving = true
  return Promise.all(
    customers.map(async (user) => {
      while (driving) {
        try {
          const outcome = await step(user)
          outcomes[outcome] = (outcomes[outcome] ?? 0) + 1
        } catch (error) {
          const text = String(error)
          if (text.includes('5xx')) driverErrors.push(text)
          await sleep(50)
        }
      }
    }),
  ).then(() => undefined)
}

// ------------------------------------------------------------------ the checks

interface CheckOptions {
  /** When the killed process was ready and when it was killed. */
  life?: { readyAt: number; killedAt: number }
}

async function violations(options: CheckOptions = {}): Promise<string[]> {
  return withDb(async (database) => {
    const problems = await invariantViolations(database.db, baseline)
    const life = options.life
    if (life && life.killedAt - life.readyAt >= SWEEP_SLACK_MS) {
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
      sql`select signature, count(*)::int as n from chain_transfers group by signature having count(*) > 1`,
    )
    for (const row of duplicated) problems.push(`transfer recorded twice: ${row.signature}`)
    return problems
  })
}

/**
 * A customer who starts a SOL payment and walks away, never to act again: only the sweeper can
 * close that payment.
 */
async function walkAway(user: FastUser, kind: 'crypto' | 'topup'): Promise<void> {
  if (kind === 'crypto') {
    await api(user, 'POST', '/api/cart/add', { product_id: pick(productIds) })
    expect(
      (await api(user, 'POST', '/api/payment/create', { payment_method: 'crypto' })).status,
    ).toBe(200)
  } else {
    expect((await api(user, 'POST', '/api/balance/topup', { minimum_amount: 6 })).status).toBe(200)
  }
}

/**
 * While the server is down, the walked-away customers' payments fall due (their expiry is moved
 * into the past, grace period included): the next life must expire them.
 */
async function letAbandonedPaymentsFallDue(): Promise<number> {
  return withDb(async (database) => {
    const ids = walkers.map((walker) => walker.id)
    const rows = await queryRows<{ id: number }>(
      database.db,
      sql`update payments set expires_at = now() - interval '2 minutes'
           where status = 'pending' and user_id in (${sql.join(
             ids.map((id) => sql`${id}`),
             sql`, `,
           )})
       returning id`,
    )
    return rows.length
  })
}

// ------------------------------------------------------------------ setup

beforeAll(async () => {
  chain = await startLocalChainRpc({ port: 0, chainOptions: { timing: QUICK_TIMING } })
  merchant = (await generateKeyPairSigner()).address
  payer = await generateKeyPairSigner()
  await createSolanaRpc(devnet(chain.url))
    .requestAirdrop(payer.address, toLamports(1_000_000_000_000_000n))
    .send()
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-crash-'))
  if (onPostgres) {
    const adminUrl = process.env.TEST_DATABASE_URL ?? ''
    const name = `shop_crash_${crypto.randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`create database ${name}`)
    await admin.end()
    const url = new URL(adminUrl)
    url.pathname = `/${name}`
    databaseUrl = url.toString()
    dropDatabase = async () => {
      const dropper = new pg.Client({ connectionString: adminUrl })
      await dropper.connect()
      await dropper.query(`drop database if exists ${name} with (force)`)
      await dropper.end()
    }
  }
  // The shop as the server will find it: migrated, the demo catalogue, a few scarce products
  // and customers with money and a session (signed with the server's JWT secret).
  await withDb(async (database) => {
    await database.migrate()
    await seedDemo(database.db)
    const [place] = await database.db.select().from(products).limit(1)
    const rows = await database.db
      .insert(products)
      .values(
        Array.from({ length: 6 }, (_, i) => ({
          name: `Scarce item ${i}`,
          category: 'book',
          priceCents: 700 + i * 150,
          stock: 150 + 50 * i,
          cityId: place?.cityId ?? 1,
          districtId: place?.districtId ?? 1,
        })),
      )
      .returning({ id: products.id })
    productIds = rows.map((row) => row.id)
    const sessions = new SessionService(database.db, new AccessTokens(JWT_SECRET))
    customers = await fastUsers(database.db, { sessions }, CUSTOMERS, 4_000)
    walkers = await fastUsers(database.db, { sessions }, KILLS, 0)
    baseline = await captureBaseline(database.db)
  })
}, 120_000)

afterAll(async () => {
  // CRASH_LOG=<file> keeps everything the server printed, for a look at a failure.
  if (process.env.CRASH_LOG) fs.writeFileSync(process.env.CRASH_LOG, serverOutput)
  driving = false
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  await chain?.close()
  await dropDatabase?.()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

// ------------------------------------------------------------------ the loop

describe(`SIGKILL during checkouts and payments (${KILLS} kills, seed ${SEED})`, () => {
  it(
    'keeps every invariant after every kill and restart',
    async () => {
      let life = await startServer()
      currentPort = life.port
      const driver = drive()
      const report: string[] = []
      let abandoned = 0
      try {
        for (let kill = 1; kill <= KILLS; kill++) {
          const walker = walkers[kill - 1]
          if (walker) await walkAway(walker, kill % 2 ? 'crypto' : 'topup')
          // A random moment, with the customers busy.
          await sleep(1_000 + random() * 3_500)
          life.child.kill('SIGKILL')
          const killedAt = Date.now()
          await life.exited
          const problems = await violations({ life: { readyAt: life.readyAt, killedAt } })
          const lived = killedAt - life.readyAt
          expect(problems, `after kill ${kill}, ${lived} ms after ready (seed ${SEED})`).toEqual([])
          abandoned += await letAbandonedPaymentsFallDue()
          report.push(`kill ${kill}: after ${Math.round((killedAt - life.readyAt) / 100) / 10}s`)
          life = await startServer()
          currentPort = life.port
        }
        // The last life runs long enough for the sweeper and the watcher, then stops cleanly.
        await sleep(SWEEP_SLACK_MS + 1_000)
      } finally {
        driving = false
        await driver
      }
      // Let the watcher see the customers' last transfers, then stop the server cleanly; on a
      // slow machine it may need another life or two to work through its backlog.
      const unrecorded = () =>
        withDb(async (database) => {
          const seen = await queryRows<{ signature: string }>(
            database.db,
            sql`select signature from chain_transfers`,
          )
          const recorded = new Set(seen.map((row) => row.signature))
          return sentSignatures.filter((s) => !recorded.has(s))
        })
      let missing: string[] = []
      for (let round = 0; round < 5; round++) {
        await sleep(2_000)
        life.child.kill('SIGTERM')
        const stoppedAt = Date.now()
        await life.exited
        expect(await violations({ life: { readyAt: life.readyAt, killedAt: stoppedAt } })).toEqual(
          [],
        )
        missing = await unrecorded()
        if (missing.length === 0) break
        life = await startServer()
      }
      // Nothing lost: every transfer the customers sent was seen and recorded (once: the
      // signature is the primary key, and the invariants check what each one credited).
      expect(missing).toEqual([])
      await withDb(async (database) => {
        // Balances moved (purchases and credits happened), and every ledger line has its user.
        const [moved] = await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from ${balanceLedger} where kind <> 'adjustment'`,
        )
        expect(moved?.n ?? 0).toBeGreaterThan(0)
        const [people] = await database.db.select({ n: sql<number>`count(*)::int` }).from(users)
        expect(people?.n).toBe(CUSTOMERS + KILLS)
        // Every walked-away payment was expired by the sweeper, and gave its stock back.
        const open = await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from payments where status = 'pending' and user_id in (${sql.join(
            walkers.map((walker) => sql`${walker.id}`),
            sql`, `,
          )})`,
        )
        expect(open[0]?.n).toBe(0)
        // Neither the database nor anything the server printed holds personal data.
        expect(await personalDataReport(database.db, serverOutput)).toEqual([])
      })
      expect(driverErrors).toEqual([])
      expect(sentSignatures.length).toBeGreaterThan(0)
      expect(serverOutput).not.toContain('Cannot start the shop')
      console.info(
        `crashes (seed ${SEED}): ${report.join(', ')}; ${sentSignatures.length} transfers, ${abandoned} payments abandoned; outcomes ${JSON.stringify(outcomes)}`,
      )
    },
    (heavy ? 30 : 4) * 60_000,
  )
})
