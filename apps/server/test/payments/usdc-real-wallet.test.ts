// USDC paid with real signed SPL transfers on the local chain's play mint (docs/usdc.md): the
// Solana Pay URL of a USDC checkout paid as a wallet does (@solana/pay createTransfer with
// splToken, sent by @solana/web3.js 1.x), found by the watcher through the merchant's token
// account (the transaction never names the merchant's wallet), and findReference/validateTransfer
// agreeing; a transfer without a reference paying by its exact amount, seen by the watcher or
// pasted by the customer; a look-alike mint of the same decimals that pays nothing; a SOL
// transfer with a USDC payment's reference, the customer's claim; the demo wallet paying USDC.
import { mintPlayUsdc, sendTokenTransfer } from '@shop/local-chain'
import * as kit from '@solana/kit'
import {
  createTransfer,
  findReference,
  parseURL,
  type TransferRequestURL,
  validateTransfer,
} from '@solana/pay'
import { Connection, Keypair, PublicKey, sendAndConfirmTransaction } from '@solana/web3.js'
import { getCreateAccountInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintToCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chainTransfers, transferClaims } from '../../src/db/schema.js'
import { seedDemo } from '../../src/db/seed/seed-demo.js'
import { DemoWallet } from '../../src/modules/payments/demo-wallet.js'
import {
  addToCart,
  callAs,
  createTestApp,
  productInStock,
  type SignedUpUser,
  signUp,
  startTestChain,
  TEST_DELIVERY_KEY,
  type TestApp,
  type TestChain,
} from '../kit/index.js'

let bed: TestChain
let t: TestApp
let mint: kit.Address
let connection: Connection
const customer = Keypair.generate()

beforeAll(async () => {
  bed = await startTestChain()
  mint = bed.chain.chain.usdc.mint
  connection = new Connection(bed.chain.url, 'confirmed')
  // createTransfer refuses a recipient wallet that does not exist, as a real merchant's does.
  for (const to of [customer.publicKey, new PublicKey(bed.merchant)]) {
    await bed.pay(to.toBase58(), 1_000_000_000n)
  }
  await bed.chain.chain.usdc.ensureTokenAccount(bed.merchant)
  await mintPlayUsdc(bed.chain, customer.publicKey.toBase58(), 1_000_000_000n)
  await mintPlayUsdc(bed.chain, bed.payer.address, 1_000_000_000n)
  t = await createTestApp({
    // Pending payments are also looked up by their reference at every pass: that is how a token
    // of another mint, paid to a token account the watcher does not walk, is found.
    chain: { rpcUrl: bed.chain.url, merchantAddress: bed.merchant, usdcMint: mint, backstopMs: 0 },
    deps: { demoWallet: await DemoWallet.create(bed.chain.url, bed.chain) },
  })
  await seedDemo(t.database.db, TEST_DELIVERY_KEY)
})
afterAll(async () => {
  await t.close()
  await bed.close()
})

async function usdcCheckout(user: SignedUpUser) {
  await addToCart(t.app, user, await productInStock(t.database.db))
  const res = await callAs(t.app, user, 'POST', '/api/payment/create', {
    payment_method: 'crypto',
    currency: 'USDC',
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as {
    payment_code: string
    reference: string
    token_amount: string
    solana_pay_url: string
  }
}

const statusOf = async (user: SignedUpUser, code: string) =>
  (await callAs(t.app, user, 'GET', `/api/payment/status/${code}`)).json().status

describe('USDC on the local chain', () => {
  it('a wallet pays the Solana Pay URL with createTransfer; the watcher finds it through the token account', async () => {
    const user = await signUp(t.app)
    const payment = await usdcCheckout(user)
    const request = parseURL(payment.solana_pay_url) as TransferRequestURL
    if (!request.amount || !request.splToken) throw new Error('URL without amount or token')
    expect(request.splToken.toBase58()).toBe(mint)
    const transaction = await createTransfer(connection, customer.publicKey, {
      recipient: request.recipient,
      amount: request.amount,
      splToken: request.splToken,
      reference: request.reference,
    })
    const signature = await sendAndConfirmTransaction(connection, transaction, [customer], {
      commitment: 'confirmed',
    })
    const keys = transaction.compileMessage().accountKeys.map((key) => key.toBase58())
    expect(keys).not.toContain(bed.merchant)

    expect(await t.services.watcher?.poll()).toBe(1)
    expect(await statusOf(user, payment.payment_code)).toBe('confirmed')
    const reference = new PublicKey(payment.reference)
    expect((await findReference(connection, reference, { finality: 'confirmed' })).signature).toBe(
      signature,
    )
    await expect(
      validateTransfer(
        connection,
        signature,
        {
          recipient: request.recipient,
          amount: request.amount,
          splToken: request.splToken,
          reference,
        },
        { commitment: 'confirmed' },
      ),
    ).resolves.toBeTruthy()
    // Seen once however often the watcher passes.
    expect(await t.services.watcher?.poll()).toBe(0)
  })

  it('a transfer without a reference pays by its exact amount, watched or pasted', async () => {
    const watched = await signUp(t.app)
    const first = await usdcCheckout(watched)
    await sendTokenTransfer({
      rpcUrl: bed.chain.url,
      payer: bed.payer,
      mint,
      to: kit.address(bed.merchant),
      amount: BigInt(first.token_amount),
    })
    await t.services.watcher?.poll()
    expect(await statusOf(watched, first.payment_code)).toBe('confirmed')

    const pasting = await signUp(t.app)
    const second = await usdcCheckout(pasting)
    const signature = await sendTokenTransfer({
      rpcUrl: bed.chain.url,
      payer: bed.payer,
      mint,
      to: kit.address(bed.merchant),
      amount: BigInt(second.token_amount),
    })
    const pasted = await callAs(
      t.app,
      pasting,
      'POST',
      `/api/payment/${second.payment_code}/submit-signature`,
      { signature },
    )
    expect(pasted.statusCode, pasted.body).toBe(200)
    expect(pasted.json().status).toBe('confirmed')
  })

  it('the demo wallet pays a USDC payment in play USDC', async () => {
    const user = await signUp(t.app)
    const payment = await usdcCheckout(user)
    const paid = await callAs(t.app, user, 'POST', `/api/dev/pay/${payment.payment_code}`)
    expect(paid.statusCode, paid.body).toBe(200)
    await t.services.watcher?.poll()
    expect(await statusOf(user, payment.payment_code)).toBe('confirmed')
  })

  it('a look-alike mint with the payment’s reference and amount pays nothing', async () => {
    const user = await signUp(t.app)
    const payment = await usdcCheckout(user)
    const lookAlike = await makeLookAlike(BigInt(payment.token_amount))
    const signature = await sendTokenTransfer({
      rpcUrl: bed.chain.url,
      payer: lookAlike.issuer,
      mint: lookAlike.mint,
      to: kit.address(bed.merchant),
      amount: BigInt(payment.token_amount),
      reference: kit.address(payment.reference),
    })
    await t.services.watcher?.poll()
    expect(await statusOf(user, payment.payment_code)).toBe('pending')
    const rows = await t.database.db
      .select()
      .from(chainTransfers)
      .where(eq(chainTransfers.signature, signature))
    expect(rows).toMatchObject([
      { status: 'unmatched', currency: null, tokenMint: lookAlike.mint, note: 'unknown token' },
    ])
  })

  it('a SOL transfer with a USDC payment’s reference is the customer’s claim', async () => {
    const user = await signUp(t.app)
    const payment = await usdcCheckout(user)
    const signature = await bed.pay(bed.merchant, 300_000_000n, payment.reference)
    await t.services.watcher?.poll()
    expect(await statusOf(user, payment.payment_code)).toBe('pending')
    const claims = await t.database.db
      .select()
      .from(transferClaims)
      .where(eq(transferClaims.signature, signature))
    expect(claims).toMatchObject([{ userId: user.id, reason: 'wrong_currency' }])
  })
})

/** A 6-decimal mint of someone else's, `amount` of it minted to its issuer. */
async function makeLookAlike(amount: bigint) {
  const issuer = await kit.generateKeyPairSigner()
  await bed.pay(issuer.address, 1_000_000_000n)
  const lookAlike = await kit.generateKeyPairSigner()
  const ata = async (owner: kit.Address) =>
    (
      await findAssociatedTokenPda({
        mint: lookAlike.address,
        owner,
        tokenProgram: TOKEN_PROGRAM_ADDRESS,
      })
    )[0]
  const issuerAta = await ata(issuer.address)
  const merchantAta = await ata(kit.address(bed.merchant))
  const rpc = kit.createSolanaRpc(bed.chain.url)
  const { value: latest } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send()
  const signed = await kit.signTransactionMessageWithSigners(
    kit.pipe(
      kit.createTransactionMessage({ version: 0 }),
      (m) => kit.setTransactionMessageFeePayerSigner(issuer, m),
      (m) => kit.setTransactionMessageLifetimeUsingBlockhash(latest, m),
      (m) =>
        kit.appendTransactionMessageInstructions(
          [
            getCreateAccountInstruction({
              payer: issuer,
              newAccount: lookAlike,
              lamports: bed.chain.chain.minimumBalanceForRentExemption(82n),
              space: 82,
              programAddress: TOKEN_PROGRAM_ADDRESS,
            }),
            getInitializeMint2Instruction({
              mint: lookAlike.address,
              decimals: 6,
              mintAuthority: issuer.address,
            }),
            getCreateAssociatedTokenIdempotentInstruction({
              payer: issuer,
              ata: issuerAta,
              owner: issuer.address,
              mint: lookAlike.address,
            }),
            getCreateAssociatedTokenIdempotentInstruction({
              payer: issuer,
              ata: merchantAta,
              owner: kit.address(bed.merchant),
              mint: lookAlike.address,
            }),
            getMintToCheckedInstruction({
              mint: lookAlike.address,
              token: issuerAta,
              mintAuthority: issuer,
              amount,
              decimals: 6,
            }),
          ],
          m,
        ),
    ),
  )
  const wire = kit.getBase64EncodedWireTransaction(signed)
  await rpc.sendTransaction(wire, { encoding: 'base64' }).send()
  const signature = kit.getSignatureFromTransaction(signed)
  for (let i = 0; i < 100; i++) {
    const [status] = (await rpc.getSignatureStatuses([signature]).send()).value
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') {
      break
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return { issuer, mint: lookAlike.address }
}
