// The owner's money (docs/back-office.md, /payments and /transfers): payments with filters, search and
// their transfers and ledger lines; the queue of transfers that matched nothing with the
// customers' claims; assigning one (credited at the rate when it landed, exactly once however many
// clicks arrive together) or dismissing it with a note; the rate and the watcher. Support staff
// have no money role: 403 on every one of these routes.
import type { AdminTransfer } from '@shop/contract'
import { Connection, Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { and, eq, gte } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, balanceLedger, chainTransfers, products, users } from '../../src/db/schema.js'
import {
  createPaymentTestbed,
  giveBalance,
  invite,
  ledgerEqualsBalance,
  type PaymentTestbed,
  type SignedUpUser,
  type StaffLogin,
  setUpOwner,
  signUp,
  type TestApp,
} from '../kit/index.js'

let bed: PaymentTestbed
let t: TestApp
let owner: StaffLogin
let support: StaffLogin
let customer: SignedUpUser

beforeAll(async () => {
  bed = await createPaymentTestbed()
  t = bed.t
  // The test config's fixed rate, known since a minute ago: a block time is whole seconds, and a
  // transfer in the second the app started would have landed before the rate it recorded then.
  await t.services.rateHistory.record(15_000n, 'fixed', new Date(Date.now() - 60_000))
  owner = await setUpOwner(t)
  support = await invite(t, owner, 'support_money', 'support')
  customer = await signUp(t.app)
})
afterAll(async () => {
  await bed.close()
})

type Method = 'GET' | 'POST'
const as = (
  who: { headers: Record<string, string> },
  method: Method,
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) })

// 150 EUR/SOL (the test config's fixed rate). Odd lamports: no payment ever holds such an amount.
let oddAmount = 123_456_789n
/** A transfer from the testbed's payer that matches no payment, read by the watcher. */
async function unmatchedTransfer(): Promise<{ signature: string; lamports: bigint }> {
  oddAmount += 1_000n
  const lamports = oddAmount
  const signature = await bed.pay(bed.merchant, lamports)
  await t.services.watcher?.poll()
  return { signature, lamports }
}

const transfersUrl = '/api/admin/transfers?status=unmatched&page_size=100'
async function queued(signature: string) {
  const res = await as(owner, 'GET', transfersUrl)
  expect(res.statusCode, res.body).toBe(200)
  return (res.json().transfers as AdminTransfer[]).find((x) => x.signature === signature)
}

async function productInStock(): Promise<number> {
  const [row] = await t.database.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.active, true), gte(products.stock, 3)))
    .limit(1)
  if (!row) throw new Error('the demo shop has no product in stock')
  return row.id
}

async function ledgerOf(userId: number) {
  return t.database.db.select().from(balanceLedger).where(eq(balanceLedger.userId, userId))
}

async function balanceOf(userId: number) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, userId))
  return row?.balanceCents
}

describe('who may see money', () => {
  const routes: [Method, string, object?][] = [
    ['GET', '/api/admin/payments'],
    ['GET', '/api/admin/payments/P-NOTHING'],
    ['GET', '/api/admin/transfers?status=unmatched'],
    ['POST', `/api/admin/transfers/${'1'.repeat(88)}/assign`, { username: 'somebody' }],
    ['POST', `/api/admin/transfers/${'1'.repeat(88)}/dismiss`, { note: 'returned' }],
    ['GET', '/api/admin/watcher'],
  ]

  it('support staff: 403 FORBIDDEN on every money route, reads included', async () => {
    for (const [method, url, body] of routes) {
      const res = await as(support, method, url, body)
      expect(res.statusCode, url).toBe(403)
      expect(res.json().code, url).toBe('FORBIDDEN')
    }
  })

  it('anonymous callers and customers: 401', async () => {
    for (const [method, url, body] of routes) {
      expect((await as({ headers: {} }, method, url, body)).statusCode, url).toBe(401)
      expect((await as(customer, method, url, body)).statusCode, url).toBe(401)
    }
  })
})

describe('the queue of unmatched transfers', () => {
  it('lists a transfer that matched nothing: sender, block time, lamports, the rate when it landed', async () => {
    const { signature, lamports } = await unmatchedTransfer()
    const transfer = await queued(signature)
    expect(transfer).toMatchObject({
      signature,
      instruction_index: expect.any(Number),
      lamports: lamports.toString(),
      sender: bed.payer.address,
      status: 'unmatched',
      rate_eur_per_sol: 150,
      value_eur: Number((lamports * 15_000n) / 1_000_000_000n) / 100,
      payment_code: null,
      assigned_to: null,
      claims: [],
    })
    expect(Date.parse(transfer?.block_time ?? '')).toBeGreaterThan(Date.now() - 5 * 60_000)
  })

  it("shows a customer's claim: a pasted signature that did not pay their payment", async () => {
    const buyer = await signUp(t.app)
    await as(buyer, 'POST', '/api/cart/add', { product_id: await productInStock() })
    const created = await as(buyer, 'POST', '/api/payment/create', { payment_method: 'crypto' })
    expect(created.statusCode, created.body).toBe(200)
    const code = created.json().payment_code as string
    const { signature } = await unmatchedTransfer()
    const claimed = await as(buyer, 'POST', `/api/payment/${code}/submit-signature`, { signature })
    expect(claimed.statusCode).toBe(409)
    expect(claimed.json().code).toBe('TRANSFER_UNDER_REVIEW')

    expect((await queued(signature))?.claims).toEqual([
      { username: buyer.username, payment_code: code, created_at: expect.any(String) },
    ])
    // The payment's page shows the claimed transfer too.
    const page = await as(owner, 'GET', `/api/admin/payments/${code}`)
    expect(page.statusCode).toBe(200)
    expect(page.json().transfers.map((x: { signature: string }) => x.signature)).toEqual([
      signature,
    ])
  })

  it('searches by signature or sender, and filters by status', async () => {
    const { signature } = await unmatchedTransfer()
    const bySignature = await as(owner, 'GET', `/api/admin/transfers?q=${signature.slice(0, 20)}`)
    expect(bySignature.json().transfers.map((x: { signature: string }) => x.signature)).toEqual([
      signature,
    ])
    const bySender = await as(owner, 'GET', `/api/admin/transfers?q=${bed.payer.address}`)
    expect(bySender.json().total).toBeGreaterThanOrEqual(1)
    const ignored = await as(owner, 'GET', '/api/admin/transfers?status=ignored')
    expect(ignored.json().transfers.every((x: { status: string }) => x.status === 'ignored')).toBe(
      true,
    )
    expect((await as(owner, 'GET', '/api/admin/transfers?status=lost')).statusCode).toBe(400)
  })
})

describe('assigning a transfer', () => {
  it('credits the customer once under 50 simultaneous clicks: one ledger line, 49 × 409', async () => {
    const { signature, lamports } = await unmatchedTransfer()
    const payee = await signUp(t.app)
    const before = await balanceOf(payee.id)
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        as(owner, 'POST', `/api/admin/transfers/${signature}/assign`, {
          username: payee.username.toUpperCase(),
        }),
      ),
    )
    const statuses = answers.map((res) => res.statusCode)
    expect(statuses.filter((status) => status === 200)).toHaveLength(1)
    expect(statuses.filter((status) => status === 409)).toHaveLength(49)
    expect(
      answers
        .filter((res) => res.statusCode === 409)
        .every((res) => res.json().code === 'TRANSFER_RESOLVED'),
    ).toBe(true)

    const cents = Number((lamports * 15_000n) / 1_000_000_000n)
    const lines = await ledgerOf(payee.id)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({
      amountCents: cents,
      kind: 'topup',
      transferSignature: signature,
    })
    expect(await balanceOf(payee.id)).toBe((before ?? 0) + cents)
    expect(await ledgerEqualsBalance(t, payee.id)).toBe(true)

    const won = answers.find((res) => res.statusCode === 200)?.json()
    expect(won).toMatchObject({
      signature,
      status: 'applied',
      assigned_to: payee.username,
      resolved_by: owner.username,
      value_eur: cents / 100,
    })
    expect(await queued(signature)).toBeUndefined()
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'transfer.assign'), eq(auditLog.staffId, owner.id)))
    expect(audits.filter((entry) => entry.entityId?.startsWith(signature))).toHaveLength(1)

    // The customer sees it in their balance history.
    const history = await as(payee, 'GET', '/api/balance/history')
    expect(history.statusCode, history.body).toBe(200)
    expect(history.json().transactions).toMatchObject([{ amount: cents / 100, kind: 'topup' }])
  })

  it('answers 404 for an unknown transfer or customer and 400 for a malformed signature', async () => {
    const { signature } = await unmatchedTransfer()
    const unknown = await as(owner, 'POST', `/api/admin/transfers/${'2'.repeat(88)}/assign`, {
      username: customer.username,
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().code).toBe('TRANSFER_NOT_FOUND')
    const nobody = await as(owner, 'POST', `/api/admin/transfers/${signature}/assign`, {
      username: 'nobody_by_this_name',
    })
    expect(nobody.statusCode).toBe(404)
    expect(nobody.json().code).toBe('CUSTOMER_NOT_FOUND')
    const noIndex = await as(owner, 'POST', `/api/admin/transfers/${signature}/assign`, {
      username: customer.username,
      instruction_index: 7,
    })
    expect(noIndex.statusCode).toBe(404)
    const malformed = await as(owner, 'POST', '/api/admin/transfers/not-a-signature/assign', {
      username: customer.username,
    })
    expect(malformed.statusCode).toBe(400)
    expect((await queued(signature))?.status).toBe('unmatched')
  })

  it('needs the instruction of a batch with several unmatched transfers', async () => {
    const connection = new Connection(bed.chain.url, 'confirmed')
    const wallet = Keypair.generate()
    const airdrop = await connection.requestAirdrop(wallet.publicKey, 10_000_000_000)
    await connection.confirmTransaction({
      signature: airdrop,
      ...(await connection.getLatestBlockhash()),
    })
    const batch = new Transaction()
    for (const lamports of [7_000_001, 9_000_003]) {
      batch.add(
        SystemProgram.transfer({
          fromPubkey: wallet.publicKey,
          toPubkey: new PublicKey(bed.merchant),
          lamports,
        }),
      )
    }
    batch.feePayer = wallet.publicKey
    batch.recentBlockhash = (await connection.getLatestBlockhash()).blockhash
    const signature = await connection.sendTransaction(batch, [wallet])
    await connection.confirmTransaction({ signature, ...(await connection.getLatestBlockhash()) })
    await t.services.watcher?.poll()

    const ambiguous = await as(owner, 'POST', `/api/admin/transfers/${signature}/assign`, {
      username: customer.username,
    })
    expect(ambiguous.statusCode).toBe(400)
    const rows = await t.database.db
      .select()
      .from(chainTransfers)
      .where(eq(chainTransfers.signature, signature))
    const second = rows.find((row) => row.lamports === 9_000_003n)
    const assigned = await as(owner, 'POST', `/api/admin/transfers/${signature}/assign`, {
      username: customer.username,
      instruction_index: second?.instructionIndex,
    })
    expect(assigned.statusCode, assigned.body).toBe(200)
    expect(assigned.json()).toMatchObject({ lamports: '9000003', status: 'applied' })
    // The other one is now the transaction's only unmatched transfer: no index needed.
    const dismissed = await as(owner, 'POST', `/api/admin/transfers/${signature}/dismiss`, {
      note: 'Test transfer from our own wallet',
    })
    expect(dismissed.statusCode, dismissed.body).toBe(200)
    expect(dismissed.json()).toMatchObject({ lamports: '7000001', status: 'ignored' })
  })
})

describe('dismissing a transfer', () => {
  it('sets it aside with the note, once; it can no longer be assigned', async () => {
    const { signature } = await unmatchedTransfer()
    const ledgerBefore = await t.database.db.$count(balanceLedger)
    const dismissed = await as(owner, 'POST', `/api/admin/transfers/${signature}/dismiss`, {
      note: '  Returned to the sender outside the shop  ',
    })
    expect(dismissed.statusCode, dismissed.body).toBe(200)
    expect(dismissed.json()).toMatchObject({
      status: 'ignored',
      note: 'Returned to the sender outside the shop',
      resolved_by: owner.username,
      assigned_to: null,
    })
    const again = await as(owner, 'POST', `/api/admin/transfers/${signature}/dismiss`, {
      note: 'again',
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('TRANSFER_RESOLVED')
    const assign = await as(owner, 'POST', `/api/admin/transfers/${signature}/assign`, {
      username: customer.username,
    })
    expect(assign.statusCode).toBe(409)
    expect(await t.database.db.$count(balanceLedger)).toBe(ledgerBefore)
    expect(await t.database.db.$count(auditLog, eq(auditLog.action, 'transfer.dismiss'))).toBe(2)
    const blank = await as(owner, 'POST', `/api/admin/transfers/${signature}/dismiss`, {
      note: '   ',
    })
    expect(blank.statusCode).toBe(400)
  })
})

describe('payments', () => {
  let shopper: SignedUpUser
  let balanceCode: string
  let cryptoCode: string

  beforeAll(async () => {
    shopper = await signUp(t.app)
    await giveBalance(t.database.db, t.services, shopper.id, 100_000)
    await as(shopper, 'POST', '/api/cart/add', { product_id: await productInStock() })
    const paid = await as(shopper, 'POST', '/api/payment/create', { payment_method: 'balance' })
    expect(paid.statusCode, paid.body).toBe(200)
    balanceCode = paid.json().payment_code
    // 50 EUR at 150 EUR/SOL asks 0.3334 SOL (rounded up to 0.0001 SOL), worth 50.01.
    const topup = await as(shopper, 'POST', '/api/balance/topup', { minimum_amount: 50 })
    expect(topup.statusCode, topup.body).toBe(200)
    cryptoCode = topup.json().payment_code
  })

  it('are listed newest first, filtered by status, kind and method, found by code or username', async () => {
    const mine = await as(owner, 'GET', `/api/admin/payments?q=${shopper.username.toUpperCase()}`)
    expect(mine.statusCode, mine.body).toBe(200)
    expect(mine.json()).toMatchObject({
      total: 2,
      payments: [
        {
          payment_code: cryptoCode,
          kind: 'topup',
          method: 'crypto',
          status: 'pending',
          username: shopper.username,
        },
        { payment_code: balanceCode, kind: 'checkout', method: 'balance', status: 'confirmed' },
      ],
    })
    const byCode = await as(
      owner,
      'GET',
      `/api/admin/payments?q=${balanceCode.slice(2).toLowerCase()}`,
    )
    expect(byCode.json().payments.map((x: { payment_code: string }) => x.payment_code)).toEqual([
      balanceCode,
    ])
    const filtered = await as(
      owner,
      'GET',
      `/api/admin/payments?q=${shopper.username}&method=crypto&kind=topup&status=pending`,
    )
    expect(filtered.json().total).toBe(1)
    const none = await as(owner, 'GET', `/api/admin/payments?q=${shopper.username}&status=expired`)
    expect(none.json()).toEqual({ payments: [], total: 0 })
    const all = await as(owner, 'GET', '/api/admin/payments?page_size=1&page=2')
    expect(all.json().payments).toHaveLength(1)
    expect((await as(owner, 'GET', '/api/admin/payments?kind=gift')).statusCode).toBe(400)
  })

  it("a payment's page has its ledger lines; an unknown code is 404", async () => {
    const page = await as(owner, 'GET', `/api/admin/payments/${balanceCode}`)
    expect(page.statusCode, page.body).toBe(200)
    expect(page.json()).toMatchObject({ payment_code: balanceCode, transfers: [] })
    expect(page.json().ledger).toMatchObject([{ kind: 'purchase' }])
    expect(page.json().ledger[0].amount_eur).toBeLessThan(0)
    const unknown = await as(owner, 'GET', '/api/admin/payments/P-UNKNOWN1')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().code).toBe('PAYMENT_NOT_FOUND')
  })

  it('a SOL payment paid on the chain shows the transfer that paid it', async () => {
    const topup = await as(owner, 'GET', `/api/admin/payments/${cryptoCode}`)
    const { lamports, reference } = topup.json() as { lamports: string; reference: string }
    const signature = await bed.pay(bed.merchant, BigInt(lamports), reference)
    await t.services.watcher?.poll()
    const paid = await as(owner, 'GET', `/api/admin/payments/${cryptoCode}`)
    expect(paid.json()).toMatchObject({
      status: 'confirmed',
      received_lamports: lamports,
      transfers: [{ signature, status: 'applied', payment_code: cryptoCode }],
      ledger: [{ kind: 'topup', amount_eur: 50.01 }],
    })
    // One amount everywhere: what was credited, on the page, in the list and to the customer.
    expect(paid.json()).toMatchObject({ amount_eur: 50.01, subtotal_eur: 50.01 })
    const listed = await as(owner, 'GET', `/api/admin/payments?q=${cryptoCode}`)
    expect(listed.json().payments).toMatchObject([{ payment_code: cryptoCode, amount_eur: 50.01 }])
    const own = await as(shopper, 'GET', `/api/payment/status/${cryptoCode}`)
    expect(own.json().final_amount_eur).toBe(50.01)
  })
})

describe('odd input', () => {
  it('is refused with 400 or answered, never with a 5xx', async () => {
    const sig = '3'.repeat(88)
    const requests: [Method, string, object?][] = [
      ['GET', `/api/admin/payments?q=${encodeURIComponent('%_\\ ą€😀')}`],
      ['GET', `/api/admin/payments?q=${'x'.repeat(101)}`],
      ['GET', '/api/admin/payments?page=1000000&page_size=100'],
      ['GET', '/api/admin/payments/p-lowercase'],
      ['GET', `/api/admin/transfers?q=${encodeURIComponent("'; drop table chain_transfers; --")}`],
      ['GET', '/api/admin/transfers?page_size=101'],
      ['POST', `/api/admin/transfers/${sig}/assign`, { username: 'a\u0000b' }],
      [
        'POST',
        `/api/admin/transfers/${sig}/assign`,
        { username: 'ok_name', instruction_index: 2 ** 40 },
      ],
      ['POST', `/api/admin/transfers/${sig}/assign`, { username: 'ok_name', extra: true }],
      ['POST', `/api/admin/transfers/${sig}/dismiss`, { note: 'x\u0000' }],
      ['POST', `/api/admin/transfers/${sig}/dismiss`, { note: 'x'.repeat(501) }],
      ['POST', `/api/admin/transfers/${'0'.repeat(88)}/dismiss`, { note: 'not base58' }],
    ]
    for (const [method, url, body] of requests) {
      const res = await as(owner, method, url, body)
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500)
      expect(res.json().code ?? 'ok', url).not.toBe('INTERNAL_ERROR')
    }
  })
})

describe('the rate and the watcher', () => {
  it('show the rate with its source and age, the last slot read, the lag and the queue', async () => {
    await unmatchedTransfer()
    const res = await as(owner, 'GET', '/api/admin/watcher')
    expect(res.statusCode, res.body).toBe(200)
    const status = res.json()
    expect(status.rate).toMatchObject({
      eur_per_sol: 150,
      source: 'fixed',
      max_age_seconds: 600,
      last_error: null,
    })
    expect(status.rate.age_seconds).toBeGreaterThanOrEqual(0)
    expect(status.watcher).toMatchObject({ enabled: true, last_error: null })
    expect(BigInt(status.watcher.last_slot)).toBeGreaterThan(0n)
    expect(status.watcher.lag_seconds).toBeGreaterThanOrEqual(0)
    expect(status.watcher.lag_seconds).toBeLessThan(120)
    expect(status.unmatched_transfers).toBe(
      await t.database.db.$count(chainTransfers, eq(chainTransfers.status, 'unmatched')),
    )
  })
})
