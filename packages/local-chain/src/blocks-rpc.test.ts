// The block methods: getBlock with each level of transaction detail, getBlockTime, getBlocks and
// getBlocksWithLimit, each as of a commitment (confirmed a slot after the block, finalized two).
import {
  generateKeyPairSigner,
  type KeyPairSigner,
  type Rpc,
  type Signature,
  type SolanaRpcApi,
} from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LocalChainRpc } from './server.js'
import { HAND_TIMING, rpcTestClient, SOL, startTestChain } from './test-support/rpc-client.js'

let server: LocalChainRpc
let rpc: Rpc<SolanaRpcApi>
let payer: KeyPairSigner
/** The block under test: two transfers, the second a v0 transaction. */
let slot: number
let signatures: Signature[]

const { raw, pay } = rpcTestClient(() => ({ url: server.url, rpc }))

async function call(method: string, params: unknown[]) {
  return (await raw({ jsonrpc: '2.0', id: 1, method, params })).json
}

beforeAll(async () => {
  ;({ server, rpc, payer } = await startTestChain(
    { ...HAND_TIMING, finalizationDepth: 2 },
    { sol: 10n, settleSlots: 1 },
  ))
  const merchant = (await generateKeyPairSigner()).address
  slot = server.chain.slot
  signatures = [
    await pay({ payer, to: merchant, amount: SOL }),
    await pay({ payer, to: merchant, amount: 2n * SOL, version: 0 }),
  ]
})

afterAll(() => server.close())

describe('getBlock', () => {
  it('is not available before its slot is sealed and confirmed', async () => {
    expect(await call('getBlock', [slot, { commitment: 'confirmed' }])).toMatchObject({
      error: { code: -32004, message: `Block not available for slot ${slot}` },
    })
    server.chain.advanceSlots(1)
    expect(
      await call('getBlock', [slot, { commitment: 'finalized', transactionDetails: 'none' }]),
    ).toMatchObject({ error: { code: -32004 } })
    expect(await call('getBlock', [slot, { commitment: 'processed' }])).toMatchObject({
      error: { code: -32602, message: 'Method does not support commitment below `confirmed`' },
    })
  })

  it('shows the block with its transactions, as json', async () => {
    const block = await rpc
      .getBlock(BigInt(slot), {
        commitment: 'confirmed',
        encoding: 'json',
        maxSupportedTransactionVersion: 0,
      })
      .send()
    const parent = await rpc
      .getBlock(BigInt(slot - 1), { commitment: 'confirmed', transactionDetails: 'none' })
      .send()
    expect(block).toMatchObject({
      blockHeight: BigInt(slot),
      parentSlot: BigInt(slot - 1),
      previousBlockhash: parent?.blockhash,
      rewards: [],
    })
    expect(block?.blockhash).not.toBe(parent?.blockhash)
    const transactions = block?.transactions ?? []
    expect(transactions.map((tx) => tx.transaction.signatures[0])).toEqual(signatures)
    expect(transactions.map((tx) => tx.version)).toEqual(['legacy', 0])
    expect(transactions[0]?.meta).toMatchObject({ err: null, fee: 5000n })
    // A transaction uses the hash of an earlier block: pay() asked for the confirmed one, which
    // is the hash of the block before the confirmed slot, two slots back.
    const older = await rpc
      .getBlock(BigInt(slot - 2), { commitment: 'confirmed', transactionDetails: 'none' })
      .send()
    expect(transactions[0]?.transaction.message.recentBlockhash).toBe(older?.blockhash)
    const single = await rpc
      .getTransaction(signatures[0] as Signature, { commitment: 'confirmed', encoding: 'json' })
      .send()
    expect(block?.blockTime).toBe(single?.blockTime)
    expect(await rpc.getBlockTime(BigInt(slot)).send()).toBe(single?.blockTime)
  })

  it('shows signatures only, accounts only, or no transaction detail', async () => {
    const signaturesOnly = await call('getBlock', [
      slot,
      { commitment: 'confirmed', transactionDetails: 'signatures', rewards: false },
    ])
    expect(signaturesOnly.result.signatures).toEqual(signatures)
    expect(signaturesOnly.result).not.toHaveProperty('transactions')
    expect(signaturesOnly.result).not.toHaveProperty('rewards')

    const none = await call('getBlock', [
      slot,
      { commitment: 'confirmed', transactionDetails: 'none' },
    ])
    expect(Object.keys(none.result).sort()).toEqual([
      'blockHeight',
      'blockTime',
      'blockhash',
      'parentSlot',
      'previousBlockhash',
      'rewards',
    ])

    const accounts = await call('getBlock', [
      slot,
      {
        commitment: 'confirmed',
        transactionDetails: 'accounts',
        maxSupportedTransactionVersion: 0,
      },
    ])
    expect(accounts.result.transactions[0]).toEqual({
      transaction: {
        accountKeys: [
          { pubkey: payer.address, signer: true, source: 'transaction', writable: true },
          expect.objectContaining({ signer: false, writable: true }),
          expect.objectContaining({ pubkey: '11111111111111111111111111111111', writable: false }),
        ],
        signatures: [signatures[0]],
      },
      meta: {
        err: null,
        fee: 5000,
        status: { Ok: null },
        preBalances: expect.any(Array),
        postBalances: expect.any(Array),
        preTokenBalances: [],
        postTokenBalances: [],
      },
      version: 'legacy',
    })
  })

  it('refuses a v0 transaction to a client that does not say it reads them', async () => {
    expect(await call('getBlock', [slot, { commitment: 'confirmed' }])).toMatchObject({
      error: { code: -32015 },
    })
  })
})

describe('getBlocks and getBlockTime', () => {
  it('lists sealed slots up to the commitment', async () => {
    server.chain.advanceSlots(3)
    const confirmed = server.chain.commitmentSlot('confirmed')
    expect(await call('getBlocks', [slot - 1, { commitment: 'confirmed' }])).toMatchObject({
      result: Array.from({ length: confirmed - slot + 2 }, (_, i) => slot - 1 + i),
    })
    expect((await call('getBlocks', [1, 3])).result).toEqual([1, 2, 3])
    expect((await call('getBlocksWithLimit', [0, 2])).result).toEqual([0, 1])
    expect((await call('getBlocks', [0, 600_000])).error).toEqual({
      code: -32602,
      message: 'Slot range too large; max 500000',
    })
    expect((await call('getBlocksWithLimit', [0, 600_000])).error?.code).toBe(-32602)
    expect((await call('getBlockTime', [server.chain.slot])).error).toEqual({
      code: -32004,
      message: `Block not available for slot ${server.chain.slot}`,
    })
    expect(typeof (await call('getBlockTime', [0])).result).toBe('number')
  })
})
