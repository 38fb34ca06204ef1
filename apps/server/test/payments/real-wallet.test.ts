// Paying the shop as real wallets and exchanges do, with the independent stack they use:
// `@solana/web3.js` 1.x (`sendAndConfirmTransaction` over HTTP and the websocket on port + 1)
// and `@solana/pay` (the URL parsed, the transfer built by `createTransfer`, then found with
// `findReference` and checked with `validateTransfer`), against the local chain.
import {
  createTransfer,
  findReference,
  parseURL,
  type TransferRequestURL,
  validateTransfer,
} from '@solana/pay'
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  sendAndConfirmTransaction,
  Transaction,
} from '@solana/web3.js'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { balanceLedger, payments } from '../../src/db/schema.js'
import { signUp } from '../kit/index.js'
import * as shop from './harness.js'

shop.usePaymentsApp()

let connection: Connection
let wallet: Keypair

beforeAll(async () => {
  connection = new Connection(shop.bed.chain.url, 'confirmed')
  wallet = Keypair.generate()
  // The wallet, and the merchant's account (createTransfer refuses a recipient that does not exist,
  // as a real merchant's wallet does).
  for (const [to, sol] of [
    [wallet.publicKey, 100],
    [new PublicKey(shop.bed.merchant), 1],
  ] as const) {
    const airdrop = await connection.requestAirdrop(to, sol * LAMPORTS_PER_SOL)
    const latest = await connection.getLatestBlockhash()
    await connection.confirmTransaction({ signature: airdrop, ...latest }, 'confirmed')
  }
})

async function statusOf(code: string) {
  const [row] = await shop.t.database.db
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.paymentCode, code))
  return row?.status
}

describe('a real wallet paying the shop', () => {
  it('pays the Solana Pay URL with web3.js; findReference and validateTransfer agree; the shop confirms', async () => {
    const payment = await shop.cryptoCheckout(shop.user, (await shop.productBetween(500, 2000)).id)
    const request = parseURL(payment.solana_pay_url) as TransferRequestURL
    expect(request.recipient.toBase58()).toBe(shop.bed.merchant)
    if (!request.amount || !request.reference) throw new Error('URL without amount or reference')

    const transaction = await createTransfer(connection, wallet.publicKey, {
      recipient: request.recipient,
      amount: request.amount,
      reference: request.reference,
    })
    const signature = await sendAndConfirmTransaction(connection, transaction, [wallet], {
      commitment: 'confirmed',
    })

    const found = await findReference(connection, request.reference[0] as PublicKey, {
      finality: 'confirmed',
    })
    expect(found.signature).toBe(signature)
    await expect(
      validateTransfer(
        connection,
        signature,
        { recipient: request.recipient, amount: request.amount, reference: request.reference },
        { commitment: 'confirmed' },
      ),
    ).resolves.toBeTruthy()

    expect(await shop.t.services.watcher?.poll()).toBe(1)
    expect(await statusOf(payment.payment_code)).toBe('confirmed')
  })

  it('settles each payment of an exchange’s batch withdrawal (one transaction, many transfers)', async () => {
    const buyers = [shop.user, await signUp(shop.t.app), await signUp(shop.t.app)]
    const product = await shop.productBetween(500, 2000)
    const batch = []
    for (const buyer of buyers) batch.push(await shop.cryptoCheckout(buyer, product.id))
    // One transaction: the first two with their references, the third by exact amount only.
    const transaction = new Transaction()
    batch.forEach((payment, index) => {
      const instruction = SystemProgram.transfer({
        fromPubkey: wallet.publicKey,
        toPubkey: new PublicKey(shop.bed.merchant),
        lamports: BigInt(payment.lamports),
      })
      if (index < 2) {
        instruction.keys.push({
          pubkey: new PublicKey(payment.reference),
          isSigner: false,
          isWritable: false,
        })
      }
      transaction.add(instruction)
    })
    await sendAndConfirmTransaction(connection, transaction, [wallet], { commitment: 'confirmed' })

    expect(await shop.t.services.watcher?.poll()).toBe(3)
    for (const payment of batch) expect(await statusOf(payment.payment_code)).toBe('confirmed')
    // Nobody was credited anyone else's money as an "overpayment".
    for (const buyer of buyers) {
      const lines = await shop.t.database.db
        .select()
        .from(balanceLedger)
        .where(eq(balanceLedger.userId, buyer.id))
      expect(lines).toEqual([])
    }
  })
})
