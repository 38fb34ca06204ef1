// The owner's money (docs/back-office.md, /payments and /transfers): payments with filters, search and
// their transfers and ledger lines; the queue of transfers that matched nothing with the
// customers' claims; assigning one (credited at the rate when it landed, exactly once however many
// clicks arrive together) or dismissing it with a note (payments and the rate: admin-payments.test.ts).
// Support staff have no money role: 403 on every one of these routes.
import type { AdminTransfer } from '@shop/contract'
import { Connection, Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog, balanceLedger, chainTransfers, users } from '../../src/db/schema.js'
import {
  callsOn,
  type HttpMethod,
  ledgerEqualsBalance,
  productInStock,
  signUp,
  unmatchedTransfer,
  useCustomer,
  usePaymentTestbed,
  useStaff,
} from '../kit/index.js'

const { bed, t } = usePaymentTestbed({ rateAMinuteAgo: true })
const { owner, support } = useStaff(t, 'support_money')
const customer = useCustomer(t)
const as = callsOn(t)

const transfersUrl = '/api/admin/transfers?status=unmatched&page_size=100'
async function queued(signature: string) {
  const res = await as(owner, 'GET', transfersUrl)
  expect(res.statusCode, res.body).toBe(200)
  return (res.json().transfers as AdminTransfer[]).find((x) => x.signature === signature)
}

async function ledgerOf(userId: number) {
  return t.database.db.select().from(balanceLedger).where(eq(balanceLedger.userId, userId))
}

async function balanceOf(userId: number) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, userId))
  return row?.balanceCents
}

describe('who may see money', () => {
  const routes: [HttpMethod, string, object?][] = [
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
      expect((await as(null, method, url, body)).statusCode, url).toBe(401)
      expect((await as(customer, method, url, body)).statusCode, url).toBe(401)
    }
  })
})

describe('the queue of unmatched transfers', () => {
  it('lists a transfer that matched nothing: sender, block time, lamports, the rate when it landed', async () => {
    const { signature, lamports } = await unmatchedTransfer(bed)
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
    await as(buyer, 'POST', '/api/cart/add', { product_id: await productInStock(t.database.db) })
    const created = await as(buyer, 'POST', '/api/payment/create', { payment_method: 'crypto' })
    expect(created.statusCode, created.body).toBe(200)
    const code = created.json().payment_code as string
    const { signature } = await unmatchedTransfer(bed)
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
    const { signature } = await unmatchedTransfer(bed)
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
    const { signature, lamports } = await unmatchedTransfer(bed)
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
    const { signature } = await unmatchedTransfer(bed)
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
    const { signature } = await unmatchedTransfer(bed)
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
