// Concurrency of USDC payments (docs/usdc.md: every rule of SOL payments holds for USDC): two
// watchers, as two server processes, confirm a USDC payment exactly once, and USDC checkouts
// created at once for the same total each hold an amount of their own.
import { mintPlayUsdc, sendTokenTransfer } from '@shop/local-chain'
import { address } from '@solana/kit'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.js'
import { chainTransfers, products } from '../src/db/schema.js'
import {
  addToCart,
  callAs,
  createPaymentTestbed,
  createProduct,
  openSecondProcessDatabase,
  type PaymentTestbed,
  type SignedUpUser,
  signUp,
  testConfig,
} from './kit/index.js'

let bed: PaymentTestbed
let mint: string

beforeAll(async () => {
  bed = await createPaymentTestbed({ playUsdc: true })
  mint = bed.chain.chain.usdc.mint
  await mintPlayUsdc(bed.chain, bed.payer.address, 10_000_000_000n)
})
afterAll(async () => {
  await bed.close()
})

async function usdcCheckout(user: SignedUpUser, productId: number) {
  await addToCart(bed.t.app, user, productId)
  const res = await callAs(bed.t.app, user, 'POST', '/api/payment/create', {
    payment_method: 'crypto',
    currency: 'USDC',
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { payment_code: string; reference: string; token_amount: string }
}

describe('USDC races', () => {
  it('two watchers (as in two server processes) confirm a USDC payment exactly once', async () => {
    const { t } = bed
    const user = await signUp(t.app)
    const productId = await createProduct(t.database.db, { stock: 5, priceCents: 1200 })
    const payment = await usdcCheckout(user, productId)
    const second = await openSecondProcessDatabase(t.database, 5)
    const otherApp = await buildApp(testConfig(), {
      database: second.database,
      chain: { rpcUrl: bed.chain.url, merchantAddress: bed.merchant, usdcMint: mint },
    })
    try {
      const signature = await sendTokenTransfer({
        rpcUrl: bed.chain.url,
        payer: bed.payer,
        mint: address(mint),
        to: address(bed.merchant),
        amount: BigInt(payment.token_amount),
        reference: address(payment.reference),
      })
      const watchers = [t.services.watcher, otherApp.shop.services.watcher]
      const applied = await Promise.all(watchers.map((w) => w?.poll()))
      expect((applied[0] ?? 0) + (applied[1] ?? 0)).toBe(1)
      expect(await Promise.all(watchers.map((w) => w?.poll()))).toEqual([0, 0])
      const rows = await t.database.db
        .select()
        .from(chainTransfers)
        .where(eq(chainTransfers.signature, signature))
      expect(rows).toHaveLength(1)
      const status = await callAs(t.app, user, 'GET', `/api/payment/status/${payment.payment_code}`)
      expect(status.json()).toMatchObject({ status: 'confirmed', currency: 'USDC' })
      const [product] = await t.database.db
        .select()
        .from(products)
        .where(eq(products.id, productId))
      expect(product).toMatchObject({ stock: 4, reserved: 0 })
    } finally {
      await otherApp.close()
      await second.close()
    }
  })

  it('12 USDC checkouts of the same total, created at once, each hold an amount of their own', async () => {
    const { t } = bed
    const productId = await createProduct(t.database.db, { stock: 20, priceCents: 2500 })
    const buyers = await Promise.all(Array.from({ length: 12 }, () => signUp(t.app)))
    for (const buyer of buyers) await addToCart(t.app, buyer, productId)
    const created = await Promise.all(
      buyers.map((buyer) =>
        callAs(t.app, buyer, 'POST', '/api/payment/create', {
          payment_method: 'crypto',
          currency: 'USDC',
        }),
      ),
    )
    expect(created.map((res) => res.statusCode)).toEqual(buyers.map(() => 200))
    const amounts = created.map((res) => (res.json() as { token_amount: string }).token_amount)
    expect(new Set(amounts).size).toBe(amounts.length)
    // Whole cents of USDC, never below the price at the rate (25 EUR / 0.92 EUR per USDC).
    for (const amount of amounts) {
      expect(BigInt(amount) % 10_000n).toBe(0n)
      expect(BigInt(amount)).toBeGreaterThanOrEqual(27_180_000n)
    }
  })
})
