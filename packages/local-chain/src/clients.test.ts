// The clients a customer or developer points at a cluster, pointed at this chain with its slot
// clock running: @solana/web3.js 1.x (which finds the WebSocket endpoint at the RPC port + 1)
// and @solana/kit's send-and-confirm over RPC and subscriptions.
import {
  airdropFactory,
  appendTransactionMessageInstruction,
  assertIsTransactionWithBlockhashLifetime,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  generateKeyPairSigner,
  getSignatureFromTransaction,
  lamports,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  SystemProgram,
  sendAndConfirmTransaction,
  Transaction,
} from '@solana/web3.js'
import { getTransferSolInstruction } from '@solana-program/system'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalChainRpc, startLocalChainRpc } from './server.js'

let server: LocalChainRpc

beforeAll(async () => {
  // Fast, but with every lag there: confirmed a slot later, finalized four.
  server = await startLocalChainRpc({
    port: 0,
    chainOptions: { timing: { slotMs: 50, confirmationDepth: 1, finalizationDepth: 4 } },
  })
})

afterAll(async () => {
  await server.close()
})

describe('@solana/web3.js 1.x', () => {
  it('confirms an airdrop and sends and confirms a transfer', async () => {
    const connection = new Connection(server.url, 'confirmed')
    const payer = Keypair.generate()
    const recipient = Keypair.generate().publicKey
    const airdrop = await connection.requestAirdrop(payer.publicKey, 2 * LAMPORTS_PER_SOL)
    const latest = await connection.getLatestBlockhash()
    const confirmation = await connection.confirmTransaction({ signature: airdrop, ...latest })
    expect(confirmation.value.err).toBeNull()
    expect(await connection.getBalance(payer.publicKey)).toBe(2 * LAMPORTS_PER_SOL)

    const transfer = new Transaction().add(
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: recipient,
        lamports: LAMPORTS_PER_SOL / 2,
      }),
    )
    const signature = await sendAndConfirmTransaction(connection, transfer, [payer])
    const status = (await connection.getSignatureStatus(signature)).value
    expect(['confirmed', 'finalized']).toContain(status?.confirmationStatus)
    expect(await connection.getBalance(recipient)).toBe(LAMPORTS_PER_SOL / 2)
    const parsed = await connection.getParsedTransaction(signature, 'confirmed')
    expect(parsed?.meta?.fee).toBe(5000)
  })

  it('waits for finalized when asked, and the balance shows there only then', async () => {
    const connection = new Connection(server.url, 'finalized')
    const payer = Keypair.generate()
    const airdrop = await connection.requestAirdrop(payer.publicKey, LAMPORTS_PER_SOL)
    // Right after landing: processed only.
    expect(await connection.getBalance(payer.publicKey, 'processed')).toBe(LAMPORTS_PER_SOL)
    expect(await connection.getBalance(payer.publicKey)).toBe(0)
    const latest = await connection.getLatestBlockhash()
    await connection.confirmTransaction({ signature: airdrop, ...latest }, 'finalized')
    expect((await connection.getSignatureStatus(airdrop)).value?.confirmationStatus).toBe(
      'finalized',
    )
    expect(await connection.getBalance(payer.publicKey)).toBe(LAMPORTS_PER_SOL)
  })
})

describe('@solana/kit', () => {
  it('sends and confirms through RPC and subscriptions', async () => {
    const rpc = createSolanaRpc(server.url)
    const rpcSubscriptions = createSolanaRpcSubscriptions(server.wsUrl)
    const payer = await generateKeyPairSigner()
    const recipient = (await generateKeyPairSigner()).address
    await airdropFactory({ rpc, rpcSubscriptions })({
      recipientAddress: payer.address,
      lamports: lamports(2_000_000_000n),
      commitment: 'confirmed',
    })
    const { value: latest } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send()
    const signed = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(payer, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
        (m) =>
          appendTransactionMessageInstruction(
            getTransferSolInstruction({
              source: payer,
              destination: recipient,
              amount: 1_000_000_000n,
            }),
            m,
          ),
      ),
    )
    assertIsTransactionWithBlockhashLifetime(signed)
    await sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions })(signed, {
      commitment: 'confirmed',
    })
    const { value } = await rpc.getSignatureStatuses([getSignatureFromTransaction(signed)]).send()
    expect(value[0]?.err).toBeNull()
    expect(['confirmed', 'finalized']).toContain(value[0]?.confirmationStatus)
    expect((await rpc.getBalance(recipient, { commitment: 'confirmed' }).send()).value).toBe(
      1_000_000_000n,
    )
  })
})
