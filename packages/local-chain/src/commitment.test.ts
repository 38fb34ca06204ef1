// Commitment levels through the JSON-RPC: a transfer is processed when it lands, confirmed a slot
// later and finalized three slots later here, and every method answers as of the level asked
// for. The slots move by hand, except in the slot clock's own tests at the end.
import {
  type Address,
  createSolanaRpc,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  type KeyPairSigner,
  type Rpc,
  type Signature,
  type SolanaRpcApi,
} from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BLOCKHASH_VALIDITY_BLOCKS } from './blocks.js'
import { type LocalChainRpc, startLocalChainRpc } from './server.js'
import { HAND_TIMING, rpcTestClient, SOL, startTestChain } from './test-support/rpc-client.js'

let server: LocalChainRpc
let rpc: Rpc<SolanaRpcApi>
let payer: KeyPairSigner

const { raw, pay, signedTransfer } = rpcTestClient(() => ({ url: server.url, rpc }))

beforeAll(async () => {
  ;({ server, rpc, payer } = await startTestChain(HAND_TIMING, { sol: 100n, settleSlots: 3 }))
})

afterAll(() => server.close())

const levels = ['processed', 'confirmed', 'finalized'] as const

async function balances(of: Address) {
  return Promise.all(
    levels.map(async (commitment) => (await rpc.getBalance(of, { commitment }).send()).value),
  )
}

async function history(of: Address, commitment: 'confirmed' | 'finalized') {
  const list = await rpc.getSignaturesForAddress(of, { commitment }).send()
  return list.map(({ signature, confirmationStatus }) => ({ signature, confirmationStatus }))
}

async function status(signature: Signature) {
  const { value } = await rpc.getSignatureStatuses([signature]).send()
  return value[0]
}

describe('commitment levels', () => {
  it('moves a transfer from processed to confirmed to finalized, and every read with it', async () => {
    const merchant = (await generateKeyPairSigner()).address
    const slot = server.chain.slot
    const signature = await pay({ payer, to: merchant, amount: SOL })

    expect(await status(signature)).toMatchObject({
      slot: BigInt(slot),
      confirmations: 0n,
      confirmationStatus: 'processed',
    })
    expect(await balances(merchant)).toEqual([SOL, 0n, 0n])
    expect((await rpc.getAccountInfo(merchant, { commitment: 'confirmed' }).send()).value).toBe(
      null,
    )
    expect(await history(merchant, 'confirmed')).toEqual([])
    expect(
      await rpc.getTransaction(signature, { commitment: 'confirmed', encoding: 'json' }).send(),
    ).toBeNull()
    expect(await raw({ jsonrpc: '2.0', id: 1, method: 'getTransactionCount' })).toMatchObject({
      json: { result: server.chain.transactionCountAt('finalized') },
    })

    server.chain.advanceSlots(1)
    expect(await status(signature)).toMatchObject({
      confirmations: 1n,
      confirmationStatus: 'confirmed',
    })
    expect(await balances(merchant)).toEqual([SOL, SOL, 0n])
    expect(await history(merchant, 'confirmed')).toEqual([
      { signature, confirmationStatus: 'confirmed' },
    ])
    expect(await history(merchant, 'finalized')).toEqual([])
    const tx = await rpc
      .getTransaction(signature, {
        commitment: 'confirmed',
        encoding: 'json',
        maxSupportedTransactionVersion: 0,
      })
      .send()
    expect(tx?.slot).toBe(BigInt(slot))
    expect(
      await rpc.getTransaction(signature, { commitment: 'finalized', encoding: 'json' }).send(),
    ).toBeNull()

    server.chain.advanceSlots(2)
    expect(await status(signature)).toMatchObject({
      confirmations: null,
      confirmationStatus: 'finalized',
    })
    expect(await balances(merchant)).toEqual([SOL, SOL, SOL])
    expect(await history(merchant, 'finalized')).toEqual([
      { signature, confirmationStatus: 'finalized' },
    ])
  })

  it('keeps older states of an account for the lagging levels', async () => {
    const merchant = (await generateKeyPairSigner()).address
    await pay({ payer, to: merchant, amount: SOL })
    server.chain.advanceSlots(1)
    await pay({ payer, to: merchant, amount: 2n * SOL })
    expect(await balances(merchant)).toEqual([3n * SOL, SOL, 0n])
    server.chain.advanceSlots(1)
    await pay({ payer, to: merchant, amount: 4n * SOL })
    expect(await balances(merchant)).toEqual([7n * SOL, 3n * SOL, 0n])
    server.chain.advanceSlots(2)
    expect(await balances(merchant)).toEqual([7n * SOL, 7n * SOL, 3n * SOL])
    server.chain.advanceSlots(2)
    expect(await balances(merchant)).toEqual([7n * SOL, 7n * SOL, 7n * SOL])
  })

  it('answers slots, blockhashes and minContextSlot as of each level', async () => {
    const processed = server.chain.slot
    const slots = await Promise.all(levels.map((commitment) => rpc.getSlot({ commitment }).send()))
    expect(slots).toEqual([processed, processed - 1, processed - 3].map(BigInt))
    expect(await rpc.getBlockHeight({ commitment: 'confirmed' }).send()).toBe(BigInt(processed - 1))
    // The RPC's default commitment is finalized.
    expect((await raw({ jsonrpc: '2.0', id: 1, method: 'getSlot' })).json.result).toBe(
      processed - 3,
    )

    const finalized = await rpc.getLatestBlockhash({ commitment: 'finalized' }).send()
    expect(finalized.context.slot).toBe(BigInt(processed - 3))
    // The newest blockhash a bank knows is its parent block's, valid for 150 blocks after it.
    expect(finalized.value.lastValidBlockHeight).toBe(
      BigInt(processed - 3 + BLOCKHASH_VALIDITY_BLOCKS),
    )
    const latest = await rpc.getLatestBlockhash({ commitment: 'processed' }).send()
    expect(latest.value.lastValidBlockHeight).toBe(BigInt(processed + BLOCKHASH_VALIDITY_BLOCKS))
    expect(latest.value.blockhash).not.toBe(finalized.value.blockhash)
    // A finalized bank does not know the newest blockhash yet; the working one does.
    const valid = (commitment: (typeof levels)[number]) =>
      rpc
        .isBlockhashValid(latest.value.blockhash, { commitment })
        .send()
        .then((answer) => answer.value)
    expect(await valid('processed')).toBe(true)
    expect(await valid('finalized')).toBe(false)

    const tooNew = await raw({
      jsonrpc: '2.0',
      id: 1,
      method: 'getBalance',
      params: [payer.address, { commitment: 'confirmed', minContextSlot: processed }],
    })
    expect(tooNew.json.error).toEqual({
      code: -32016,
      message: 'Minimum context slot has not been reached',
      data: { contextSlot: processed - 1 },
    })
  })

  it('lets a transaction with an older blockhash land until 150 blocks have passed', async () => {
    const merchant = (await generateKeyPairSigner()).address
    const { value: old } = await rpc.getLatestBlockhash({ commitment: 'processed' }).send()
    server.chain.advanceSlots(BLOCKHASH_VALIDITY_BLOCKS - 1)
    expect(server.chain.slot).toBe(Number(old.lastValidBlockHeight) - 1)
    await pay({ payer, to: merchant, amount: SOL, blockhash: old })
    server.chain.advanceSlots(2)
    expect(BigInt(server.chain.slot)).toBeGreaterThan(old.lastValidBlockHeight)
    const expired = await signedTransfer({ payer, to: merchant, amount: SOL + 1n, blockhash: old })
    const reply = await raw({
      jsonrpc: '2.0',
      id: 1,
      method: 'sendTransaction',
      params: [getBase64EncodedWireTransaction(expired), { encoding: 'base64' }],
    })
    expect(reply.json.error).toMatchObject({
      code: -32002,
      message: 'Transaction simulation failed: Blockhash not found',
    })
  })
})

describe('the slot clock', () => {
  it('advances slots and block times on its own, and expires blockhashes with them', async () => {
    const clocked = await startLocalChainRpc({
      port: 0,
      chainOptions: { timing: { slotMs: 10, confirmationDepth: 1, finalizationDepth: 2 } },
    })
    try {
      const client = createSolanaRpc(clocked.url)
      const first = await client.getSlot({ commitment: 'processed' }).send()
      const { value: blockhash } = await client
        .getLatestBlockhash({ commitment: 'processed' })
        .send()
      await expect
        .poll(() => client.getSlot({ commitment: 'processed' }).send(), { timeout: 5000 })
        .toBeGreaterThan(first + 5n)
      const time = await client.getBlockTime(first).send()
      expect(Number(time)).toBeCloseTo(Date.now() / 1000, -1)
      // 151 slots of 10 ms later the blockhash is no longer valid.
      await expect
        .poll(() => client.getBlockHeight({ commitment: 'processed' }).send(), { timeout: 15_000 })
        .toBeGreaterThan(blockhash.lastValidBlockHeight)
      const check = await client
        .isBlockhashValid(blockhash.blockhash, { commitment: 'processed' })
        .send()
      expect(check.value).toBe(false)
    } finally {
      await clocked.close()
    }
  }, 30_000)
})
