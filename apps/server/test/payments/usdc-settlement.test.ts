// USDC arriving (docs/usdc.md), through the settlement the watcher and pasted signatures use, from
// transactions as transfersToMerchant reads them (its reading of token balances is
// src/solana/token-transfers.test.ts; real signed SPL transfers on the local chain come with its
// play mint): paid by reference or by exact amount, partly then fully, late, at most once under
// concurrent applies, a look-alike mint that pays nothing, a transfer in the wrong currency that
// becomes the customer's claim, and the owner assigning an unmatched USDC transfer at the USDC
// rate when it landed.
import crypto from 'node:crypto'
import type { PaymentCurrencyCode } from '@shop/contract'
import * as kit from '@solana/kit'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  balanceLedger,
  chainTransfers,
  payments,
  rateHistory,
  transferClaims,
} from '../../src/db/schema.js'
import type { ReadTransaction } from '../../src/solana/transfers-in-transaction.js'
import {
  addToCart,
  callAs,
  createPaymentTestbed,
  ledgerEqualsBalance,
  ownerAndSupport,
  type PaymentTestbed,
  productInStock,
  type SignedUpUser,
  type StaffLogin,
  signUp,
} from '../kit/index.js'

let bed: PaymentTestbed
let mint: string
let lookAlike: string
let owner: StaffLogin

beforeAll(async () => {
  mint = (await kit.generateKeyPairSigner()).address
  lookAlike = (await kit.generateKeyPairSigner()).address
  bed = await createPaymentTestbed({ usdcMint: mint })
  ;({ owner } = await ownerAndSupport(bed.t, 'support_usdc'))
})
afterAll(async () => {
  await bed.close()
})

const base58 = kit.getBase58Decoder()
const newSignature = () => base58.decode(crypto.randomBytes(64))

/** One transfer to the merchant, landed at `at` (now by default). */
function landed(
  transfer: {
    amount: bigint
    currency: PaymentCurrencyCode | null
    mint?: string | null
    reference?: string
  },
  at = new Date(),
): ReadTransaction {
  const references = transfer.reference ? [transfer.reference] : []
  return {
    signature: newSignature(),
    slot: 1n,
    blockTime: new Date(Math.floor(at.getTime() / 1000) * 1000),
    failed: false,
    transfers: [
      {
        index: 0,
        lamports: transfer.amount,
        currency: transfer.currency,
        mint:
          transfer.mint === undefined
            ? transfer.currency === 'USDC'
              ? mint
              : null
            : transfer.mint,
        sender: bed.payer.address,
        references,
        ownReferences: references,
      },
    ],
  }
}

async function checkout(user: SignedUpUser, currency: PaymentCurrencyCode) {
  await addToCart(bed.t.app, user, await productInStock(bed.t.database.db))
  const res = await callAs(bed.t.app, user, 'POST', '/api/payment/create', {
    payment_method: 'crypto',
    currency,
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as {
    payment_code: string
    reference: string
    token_amount: string
    final_amount_eur: number
    expiration_time: string
  }
}

const apply = (read: ReadTransaction) => bed.t.services.payments.settlement.applyTransaction(read)

async function statusOf(user: SignedUpUser, code: string) {
  return (await callAs(bed.t.app, user, 'GET', `/api/payment/status/${code}`)).json()
}

async function transferRow(signature: string) {
  const [row] = await bed.t.database.db
    .select()
    .from(chainTransfers)
    .where(eq(chainTransfers.signature, signature))
  return row
}

describe('a USDC payment', () => {
  it('is confirmed by a USDC transfer carrying its reference', async () => {
    const user = await signUp(bed.t.app)
    const payment = await checkout(user, 'USDC')
    const read = landed({
      amount: BigInt(payment.token_amount),
      currency: 'USDC',
      reference: payment.reference,
    })
    const result = await apply(read)
    expect(result).toMatchObject({ kind: 'recorded', transfers: [{ kind: 'applied' }] })
    expect(await statusOf(user, payment.payment_code)).toMatchObject({ status: 'confirmed' })
    expect(await transferRow(read.signature)).toMatchObject({
      currency: 'USDC',
      tokenMint: mint,
      status: 'applied',
    })
    const [row] = await bed.t.database.db
      .select()
      .from(payments)
      .where(eq(payments.paymentCode, payment.payment_code))
    expect(row?.receivedTokenAmount).toBe(BigInt(payment.token_amount))
    expect(row?.receivedLamports).toBe(0n)
  })

  it('is confirmed by its exact amount without a reference, and partly paid first', async () => {
    const user = await signUp(bed.t.app)
    const payment = await checkout(user, 'USDC')
    const asked = BigInt(payment.token_amount)
    await apply(landed({ amount: asked - 10_000n, currency: 'USDC', reference: payment.reference }))
    expect(await statusOf(user, payment.payment_code)).toMatchObject({ status: 'pending' })
    // The rest without a reference is no held amount: it waits for the owner.
    const rest = landed({ amount: 10_000n, currency: 'USDC' })
    expect(await apply(rest)).toMatchObject({ transfers: [{ kind: 'unmatched' }] })
    // Paid by reference it completes (20,000 micro-USDC over: credited at the locked rate).
    await apply(landed({ amount: 30_000n, currency: 'USDC', reference: payment.reference }))
    expect(await statusOf(user, payment.payment_code)).toMatchObject({ status: 'confirmed' })
    const lines = await bed.t.database.db
      .select()
      .from(balanceLedger)
      .where(and(eq(balanceLedger.userId, user.id), eq(balanceLedger.kind, 'overpayment')))
    // 0.02 USDC at 0.92 EUR/USDC is 1.84 cents: 1 cent, rounded down.
    expect(lines.map((line) => line.amountCents)).toEqual([1])
    expect(await ledgerEqualsBalance(bed.t, user.id)).toBe(true)

    const other = await signUp(bed.t.app)
    const byAmount = await checkout(other, 'USDC')
    await apply(landed({ amount: BigInt(byAmount.token_amount), currency: 'USDC' }))
    expect(await statusOf(other, byAmount.payment_code)).toMatchObject({ status: 'confirmed' })
  })

  it('is settled once when the same transaction is applied by two processes at once', async () => {
    const user = await signUp(bed.t.app)
    const payment = await checkout(user, 'USDC')
    const read = landed({
      amount: BigInt(payment.token_amount) * 2n,
      currency: 'USDC',
      reference: payment.reference,
    })
    const results = await Promise.all([apply(read), apply(read), apply(read)])
    expect(results.filter((result) => result.kind === 'recorded')).toHaveLength(1)
    const credited = await bed.t.database.db
      .select()
      .from(balanceLedger)
      .where(eq(balanceLedger.userId, user.id))
    expect(credited.filter((line) => line.kind === 'overpayment')).toHaveLength(1)
    expect(await ledgerEqualsBalance(bed.t, user.id)).toBe(true)
  })

  it('paid after its expiry is credited late, at the USDC rate when it landed if lower', async () => {
    const user = await signUp(bed.t.app)
    const payment = await checkout(user, 'USDC')
    const afterExpiry = new Date(new Date(payment.expiration_time).getTime() + 60 * 60_000)
    // USDC fell to 0.80 EUR by then; SOL's rate (150 EUR/SOL) has nothing to say about it.
    await bed.t.services.rateHistory.record(80_000n, 'test', afterExpiry, 'USDC')
    await bed.t.services.rateHistory.record(1n, 'test', afterExpiry, 'SOL')
    const asked = BigInt(payment.token_amount)
    await apply(
      landed({ amount: asked, currency: 'USDC', reference: payment.reference }, afterExpiry),
    )
    expect(await statusOf(user, payment.payment_code)).toMatchObject({ status: 'expired' })
    const [late] = await bed.t.database.db
      .select()
      .from(balanceLedger)
      .where(and(eq(balanceLedger.userId, user.id), eq(balanceLedger.kind, 'late_payment')))
    expect(late?.amountCents).toBe(Number((asked * 80_000n) / 1_000_000_000n))
    // Those rates lie in the future of the other tests here: gone again.
    await bed.t.database.db.delete(rateHistory).where(eq(rateHistory.source, 'test'))
    // Past the 24-hour late window a transfer pays nothing: the owner's.
    const tooLate = new Date(new Date(payment.expiration_time).getTime() + 25 * 60 * 60_000)
    const result = await apply(
      landed({ amount: 10_000n, currency: 'USDC', reference: payment.reference }, tooLate),
    )
    expect(result).toMatchObject({ transfers: [{ kind: 'unmatched' }] })
  })
})

describe('what does not pay a USDC payment', () => {
  it('a look-alike mint, whatever its amount and reference: an unknown token for the owner', async () => {
    const user = await signUp(bed.t.app)
    const payment = await checkout(user, 'USDC')
    const read = landed({
      amount: BigInt(payment.token_amount),
      currency: null,
      mint: lookAlike,
      reference: payment.reference,
    })
    expect(await apply(read)).toMatchObject({ transfers: [{ kind: 'unmatched' }] })
    expect(await statusOf(user, payment.payment_code)).toMatchObject({ status: 'pending' })
    expect(await transferRow(read.signature)).toMatchObject({
      currency: null,
      tokenMint: lookAlike,
      status: 'unmatched',
      note: 'unknown token',
      paymentId: null,
    })
    const queue = await callAs(bed.t.app, owner, 'GET', '/api/admin/transfers?status=unmatched')
    const listed = queue
      .json()
      .transfers.find((x: { signature: string }) => x.signature === read.signature)
    expect(listed).toMatchObject({
      currency: null,
      token_mint: lookAlike,
      token_amount: payment.token_amount,
      lamports: '0',
      value_eur: null,
    })
    // It has no euro value: the owner cannot credit it as money.
    const assign = await callAs(
      bed.t.app,
      owner,
      'POST',
      `/api/admin/transfers/${read.signature}/assign`,
      {
        username: user.username,
      },
    )
    expect(assign.statusCode).toBe(409)
  })

  it('a SOL transfer with its reference (and USDC with a SOL payment’s): the customer’s claim', async () => {
    const user = await signUp(bed.t.app)
    const payment = await checkout(user, 'USDC')
    const sol = landed({ amount: 400_000_000n, currency: 'SOL', reference: payment.reference })
    expect(await apply(sol)).toMatchObject({ transfers: [{ kind: 'unmatched' }] })
    expect(await statusOf(user, payment.payment_code)).toMatchObject({ status: 'pending' })
    const claims = await bed.t.database.db
      .select()
      .from(transferClaims)
      .where(eq(transferClaims.signature, sol.signature))
    expect(claims).toMatchObject([{ userId: user.id, reason: 'wrong_currency' }])
    expect((await transferRow(sol.signature))?.note).toMatch(/wrong currency/)

    const solBuyer = await signUp(bed.t.app)
    const solPayment = await checkout(solBuyer, 'SOL')
    const usdc = landed({ amount: 50_000_000n, currency: 'USDC', reference: solPayment.reference })
    await apply(usdc)
    expect(await statusOf(solBuyer, solPayment.payment_code)).toMatchObject({ status: 'pending' })
    const queue = await callAs(bed.t.app, owner, 'GET', '/api/admin/transfers?status=unmatched')
    const listed = queue
      .json()
      .transfers.find((x: { signature: string }) => x.signature === usdc.signature)
    expect(listed.claims).toMatchObject([
      { username: solBuyer.username, payment_code: solPayment.payment_code },
    ])
  })

  it('a SOL transfer of a USDC payment’s amount in lamports pays nothing by amount', async () => {
    const user = await signUp(bed.t.app)
    const payment = await checkout(user, 'USDC')
    await apply(landed({ amount: BigInt(payment.token_amount), currency: 'SOL' }))
    expect(await statusOf(user, payment.payment_code)).toMatchObject({ status: 'pending' })
  })
})

describe('the dashboard', () => {
  it('shows USDC checkouts apart from SOL ones', async () => {
    const res = await callAs(bed.t.app, owner, 'GET', '/api/admin/dashboard')
    expect(res.statusCode, res.body).toBe(200)
    const rows = res.json().payments_by_method as {
      method: string
      kind: string
      currency: string | null
      count: number
    }[]
    const usdc = rows.find((row) => row.kind === 'checkout' && row.currency === 'USDC')
    const sol = rows.find((row) => row.kind === 'checkout' && row.currency === 'SOL')
    // The USDC payments confirmed above (by reference, partly then fully, by amount, twice over).
    expect(usdc?.count).toBe(4)
    expect(sol?.count).toBe(0)
  })
})

describe('the money status', () => {
  it('tells the owner whether USDC is taken, its mint and its rate', async () => {
    const res = await callAs(bed.t.app, owner, 'GET', '/api/admin/watcher')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().usdc).toMatchObject({
      accepted: true,
      mint,
      eur_per_usdc: 0.92,
      source: 'fixed',
      last_error: null,
    })
  })
})

describe('the owner assigning an unmatched USDC transfer', () => {
  it('credits its euro value at the USDC rate when it landed', async () => {
    const payee = await signUp(bed.t.app)
    const read = landed({ amount: 12_340_000n, currency: 'USDC' }) // 12.34 USDC, no payment
    await apply(read)
    const res = await callAs(
      bed.t.app,
      owner,
      'POST',
      `/api/admin/transfers/${read.signature}/assign`,
      {
        username: payee.username,
      },
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      currency: 'USDC',
      status: 'applied',
      token_amount: '12340000',
    })
    const [line] = await bed.t.database.db
      .select()
      .from(balanceLedger)
      .where(eq(balanceLedger.userId, payee.id))
    // 12.34 USDC at 0.92 EUR is 11.3528 EUR: 1135 cents.
    expect(line).toMatchObject({ amountCents: 1135, kind: 'topup' })
    expect(line?.description).toContain('USDC')
    const [{ count } = { count: 0 }] = await bed.t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(chainTransfers)
      .where(
        and(eq(chainTransfers.signature, read.signature), eq(chainTransfers.status, 'applied')),
      )
    expect(count).toBe(1)
  })
})
