// The watcher against a provider that misbehaves (test/kit/rpc-proxy.ts between the shop and
// the local chain): transactions it does not have yet, 429s, a lagging node, history out of
// order or with gaps, a cursor the chain never heard of, a provider down while the chain moves
// on. Under each, no payment is lost, misdirected or wrongly declared late.
import { QUICK_TIMING, startLocalChainRpc } from '@shop/local-chain'
import * as kit from '@solana/kit'
import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { jobState } from '../../src/db/schema/jobs.js'
import { payments } from '../../src/db/schema/payments.js'
import { products } from '../../src/db/schema.js'
import { seedDemo } from '../../src/db/seed/seed-demo.js'
import { JobState, RetryLater } from '../../src/jobs.js'
import { ChainClient } from '../../src/solana/chain-client.js'
import { PaymentWatcher, type WatcherSettings } from '../../src/solana/watcher.js'
import {
  createTestApp,
  type SignedUpUser,
  signUp,
  startTestChain,
  TEST_DELIVERY_KEY,
  type TestApp,
  type TestChain,
} from '../kit/index.js'
import { faults, type RpcProxy, startRpcProxy } from '../kit/rpc-proxy.js'

const HOUR = 60 * 60 * 1000
const quiet = { info() {}, warn() {}, error() {} }

interface Bed {
  chain: TestChain
  proxy: RpcProxy
  t: TestApp
  close(): Promise<void>
}

async function startBed(chain: TestChain): Promise<Bed> {
  const proxy = await startRpcProxy(chain.chain.url)
  const t = await createTestApp({
    chain: { rpcUrl: proxy.url, merchantAddress: chain.merchant },
  })
  await seedDemo(t.database.db, TEST_DELIVERY_KEY)
  return {
    chain,
    proxy,
    t,
    async close() {
      await t.close()
      await proxy.close()
      await chain.close()
    },
  }
}

/** A watcher of the bed's merchant through its proxy, as the app builds one. */
function watcherOf(bed: Bed, settings: Partial<WatcherSettings> & { pageLimit?: number } = {}) {
  const { pageLimit, ...rest } = settings
  const client = new ChainClient(bed.proxy.url, bed.chain.merchant, 'confirmed', { pageLimit })
  return new PaymentWatcher(
    new JobState(bed.t.database.db),
    client,
    bed.t.services.payments.settlement,
    bed.t.services.payments.queries,
    { fastMs: 100, idleMs: 1_000, backstopMs: HOUR, firstLookBackMs: 24 * HOUR, ...rest },
    quiet,
  )
}

async function checkout(bed: Bed, user: SignedUpUser) {
  const [product] = await bed.t.database.db
    .select({ id: products.id })
    .from(products)
    .orderBy(desc(products.stock))
    .limit(1)
  const add = await bed.t.app.inject({
    method: 'POST',
    url: '/api/cart/add',
    headers: user.headers,
    payload: { product_id: product?.id },
  })
  expect(add.statusCode, add.body).toBe(200)
  const res = await bed.t.app.inject({
    method: 'POST',
    url: '/api/payment/create',
    headers: user.headers,
    payload: { payment_method: 'crypto' },
  })
  expect(res.statusCode).toBe(200)
  return res.json() as { payment_code: string; lamports: string; reference: string }
}

async function statusOf(bed: Bed, code: string) {
  const [row] = await bed.t.database.db
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.paymentCode, code))
  return row?.status
}

/** Pays `payment` in full with its reference, as a Solana Pay wallet does. */
function payInFull(bed: Bed, payment: { lamports: string; reference: string }) {
  return bed.chain.pay(bed.chain.merchant, BigInt(payment.lamports), payment.reference)
}

async function cursorOf(bed: Bed): Promise<string | null> {
  const [row] = await bed.t.database.db
    .select({ value: jobState.value })
    .from(jobState)
    .where(eq(jobState.key, `watcher:cursor:${bed.chain.merchant}`))
  return row?.value ?? null
}

describe('the watcher against a misbehaving provider', () => {
  let bed: Bed
  let user: SignedUpUser
  beforeAll(async () => {
    bed = await startBed(await startTestChain())
  })
  afterAll(async () => {
    await bed.close()
  })
  beforeEach(async () => {
    bed.proxy.faults = []
    user = await signUp(bed.t.app)
  })

  it('reads a transaction the node does not have yet (null) again; the cursor never passes it', async () => {
    const watcher = watcherOf(bed)
    await watcher.poll()
    const payment = await checkout(bed, user)
    const signature = await payInFull(bed, payment)
    bed.proxy.faults = [faults.nullTransaction(signature, 2)]
    const cursor = await cursorOf(bed)
    const landed = (
      await new ChainClient(bed.chain.chain.url, bed.chain.merchant, 'confirmed').readTransaction(
        signature,
      )
    )?.blockTime

    expect(await watcher.poll()).toBe(0)
    expect(await watcher.poll()).toBe(0)
    expect(await statusOf(bed, payment.payment_code)).toBe('pending')
    expect(await cursorOf(bed)).toBe(cursor)
    // Not past the unread transaction (block times are whole seconds: at most its second).
    expect((await watcher.readThrough())?.getTime()).toBeLessThanOrEqual(landed?.getTime() ?? 0)

    expect(await watcher.poll()).toBe(1)
    expect(await statusOf(bed, payment.payment_code)).toBe('confirmed')
    expect(await cursorOf(bed)).toContain(signature)
  })

  it('waits for a lagging node (minContextSlot not reached) instead of skipping', async () => {
    const watcher = watcherOf(bed)
    await watcher.poll()
    const payment = await checkout(bed, user)
    await payInFull(bed, payment)
    bed.proxy.faults = [faults.laggingNode(1)]
    expect(await watcher.poll()).toBe(0)
    expect(await statusOf(bed, payment.payment_code)).toBe('pending')
    expect(await watcher.poll()).toBe(1)
    expect(await statusOf(bed, payment.payment_code)).toBe('confirmed')
  })

  it('stops a pass on 429 with the provider’s Retry-After, and loses nothing', async () => {
    const watcher = watcherOf(bed)
    await watcher.poll()
    const payment = await checkout(bed, user)
    await payInFull(bed, payment)
    bed.proxy.faults = [faults.tooManyRequests(7, 1)]
    const refused = await watcher.poll().catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(RetryLater)
    expect((refused as RetryLater).retryAfterMs).toBe(7_000)
    expect(watcher.status().lastError).toMatch(/slow down/)
    expect(await watcher.poll()).toBe(1)
    expect(await statusOf(bed, payment.payment_code)).toBe('confirmed')
  })

  it('walks the whole gap, page after page, and takes history in any order', async () => {
    const watcher = watcherOf(bed, { pageLimit: 2 })
    await watcher.poll()
    const buyers = [user, ...(await Promise.all([1, 2, 3, 4].map(() => signUp(bed.t.app))))]
    const paid = []
    for (const buyer of buyers) {
      const payment = await checkout(bed, buyer)
      await payInFull(bed, payment)
      paid.push(payment)
    }
    // Five transfers, pages of two: the walk goes on until it meets the cursor.
    expect(await watcher.poll()).toBe(5)
    for (const payment of paid) expect(await statusOf(bed, payment.payment_code)).toBe('confirmed')

    // Newest-first is what the RPC promises; a provider that answers oldest-first loses nothing.
    const unordered = watcherOf(bed)
    bed.proxy.faults = [faults.signaturesOutOfOrder()]
    const more = [await checkout(bed, user), await checkout(bed, await signUp(bed.t.app))]
    for (const payment of more) await payInFull(bed, payment)
    expect(await unordered.poll()).toBe(2)
    for (const payment of more) expect(await statusOf(bed, payment.payment_code)).toBe('confirmed')
    bed.proxy.faults = []
    const last = await checkout(bed, await signUp(bed.t.app))
    const lastSignature = await payInFull(bed, last)
    expect(await unordered.poll()).toBe(1)
    expect(await cursorOf(bed)).toContain(lastSignature)
  })

  it('survives a cursor the chain never heard of (a local chain started afresh)', async () => {
    const watcher = watcherOf(bed)
    await watcher.poll()
    const stranger = `${'1'.repeat(63)}2` // a well-formed signature nobody sent
    for (const genesis of [
      'another-chain',
      await new ChainClient(bed.proxy.url, bed.chain.merchant, 'confirmed').genesisHash(),
    ]) {
      await new JobState(bed.t.database.db).set(
        `watcher:cursor:${bed.chain.merchant}`,
        JSON.stringify({ signature: stranger, slot: '1', genesis }),
      )
      const payment = await checkout(bed, await signUp(bed.t.app))
      await payInFull(bed, payment)
      expect(await watcher.poll()).toBe(1)
      expect(await statusOf(bed, payment.payment_code)).toBe('confirmed')
    }
  })

  it('checks the database before asking the provider for a transaction', async () => {
    const watcher = watcherOf(bed)
    await watcher.poll()
    const payment = await checkout(bed, user)
    await payInFull(bed, payment)
    expect(await watcher.poll()).toBe(1)
    // The cursor is lost: the next pass lists everything of the last day again.
    await bed.t.database.db
      .delete(jobState)
      .where(eq(jobState.key, `watcher:cursor:${bed.chain.merchant}`))
    const before = bed.proxy.calls.get('getTransaction') ?? 0
    expect(await watcherOf(bed).poll()).toBe(0)
    expect(bed.proxy.calls.get('getTransaction') ?? 0).toBe(before)
  })

  it('finds by its reference a transfer the merchant’s history leaves out (the backstop)', async () => {
    const payment = await checkout(bed, user)
    const signature = await payInFull(bed, payment)
    bed.proxy.faults = [faults.historyWithout(bed.chain.merchant, () => [signature])]
    expect(await watcherOf(bed).poll()).toBe(0)
    expect(await statusOf(bed, payment.payment_code)).toBe('pending')
    expect(await watcherOf(bed, { backstopMs: 0 }).poll()).toBe(1)
    expect(await statusOf(bed, payment.payment_code)).toBe('confirmed')
  })

  it('polls fast only while a payment is pending, and wakes at once on the websocket', async () => {
    const watcher = watcherOf(bed)
    await bed.t.database.db
      .update(payments)
      .set({ status: 'cancelled' })
      .where(eq(payments.status, 'pending'))
    await watcher.poll()
    expect(watcher.nextDelayMs()).toBe(1_000)
    const payment = await checkout(bed, user)
    await watcher.poll()
    expect(watcher.nextDelayMs()).toBe(100)

    const listening = new PaymentWatcher(
      new JobState(bed.t.database.db),
      new ChainClient(bed.proxy.url, bed.chain.merchant, 'confirmed'),
      bed.t.services.payments.settlement,
      bed.t.services.payments.queries,
      { fastMs: 100, idleMs: 1_000, backstopMs: HOUR, firstLookBackMs: HOUR },
      quiet,
      bed.chain.chain.wsUrl,
    )
    listening.listen()
    try {
      const stop = new AbortController()
      // A pause of ten minutes that the transfer's log notification ends.
      const waking = listening.pause(10 * 60_000, stop.signal).then(() => Date.now())
      const sent = Date.now()
      await payInFull(bed, payment)
      expect((await waking) - sent).toBeLessThan(60_000)
      expect(await listening.poll()).toBe(1)
    } finally {
      await listening.close()
    }
  })
})

describe('a provider down while the chain moves on', () => {
  let bed: Bed
  beforeAll(async () => {
    // The chain's clock ten minutes behind the shop's: a payment can be made "on time" in chain
    // time while the shop's clock is past its expiry, as after a long stall.
    const rpc = await startLocalChainRpc({
      port: 0,
      chainOptions: { timing: QUICK_TIMING, now: () => Date.now() - 10 * 60_000 },
    })
    const merchant = (await kit.generateKeyPairSigner()).address
    const payer = await kit.generateKeyPairSigner()
    await kit
      .createSolanaRpc(kit.devnet(rpc.url))
      .requestAirdrop(payer.address, kit.lamports(10n ** 15n))
      .send()
    const { sendSolTransfer } = await import('@shop/local-chain')
    bed = await startBed({
      chain: rpc,
      merchant,
      payer,
      payUsdc: () => Promise.reject(new Error('this chain has no play USDC for the payer')),
      pay: (to, lamports, reference) =>
        sendSolTransfer({
          rpcUrl: rpc.url,
          payer,
          to: kit.address(to),
          lamports,
          ...(reference ? { reference: kit.address(reference) } : {}),
          pollIntervalMs: 100,
        }),
      close: () => rpc.close(),
    })
  })
  afterAll(async () => {
    await bed.close()
  })

  it('expires nothing the chain has not been read past, and confirms what was paid on time', async () => {
    const { t } = bed
    const watcher = watcherOf(bed)
    await watcher.poll()
    const paid = await checkout(bed, await signUp(t.app))
    const unpaid = await checkout(bed, await signUp(t.app))
    // In chain time both were open from 11 to 9 minutes ago (the shop's clock is 10 ahead).
    for (const payment of [paid, unpaid]) {
      await t.database.db
        .update(payments)
        .set({
          createdAt: new Date(Date.now() - 11 * 60_000),
          expiresAt: new Date(Date.now() - 9 * 60_000),
        })
        .where(eq(payments.paymentCode, payment.payment_code))
    }
    await payInFull(bed, paid) // lands about 10 minutes ago in chain time: on time

    // The provider goes down; the chain moves on three minutes, past both expiries.
    let down = true
    bed.proxy.faults = [faults.stalled(() => down)]
    const chain = bed.chain.chain.chain
    chain.advanceTime(180)
    const sealedAfter = chain.slot + 1
    while (chain.slot <= sealedAfter) await new Promise((resolve) => setTimeout(resolve, 20))
    await expect(watcher.poll()).rejects.toThrow()
    const expire = async () =>
      t.services.payments.lifecycle.expireDue((await watcher.readThrough()) ?? new Date(0))
    // By the shop's clock both are long overdue; by what was read of the chain, neither is.
    expect(await expire()).toBe(0)
    expect(await statusOf(bed, paid.payment_code)).toBe('pending')

    // The provider is back: the transfer is on time by its block time; the unpaid one expires.
    down = false
    expect(await watcher.poll()).toBe(1)
    expect(await statusOf(bed, paid.payment_code)).toBe('confirmed')
    expect(await expire()).toBe(1)
    expect(await statusOf(bed, unpaid.payment_code)).toBe('expired')
  })
})
