// The local chain's JSON-RPC endpoint driven by @solana/kit as a real client: fund with an
// airdrop, pay with a signed system transfer (with and without a Solana Pay reference), and read
// the payment back the way the shop's watcher does.
import {
  type Address,
  type Base64EncodedWireTransaction,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase64Decoder,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  getTransactionEncoder,
  type Rpc,
  type Signature,
  type SolanaRpcApi,
} from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LocalChainRpc } from './server.js'
import { INSTANT_TIMING, rpcTestClient, SOL, startTestChain } from './test-support/rpc-client.js'

let server: LocalChainRpc
let rpc: Rpc<SolanaRpcApi>

beforeAll(async () => {
  ;({ server, rpc } = await startTestChain(INSTANT_TIMING))
})

afterAll(() => server.close())

const { raw, funded, waitFor, signedTransfer, pay } = rpcTestClient(() => ({
  url: server.url,
  rpc,
}))

describe('paying with SOL through @solana/kit', () => {
  it('airdrops, transfers, and reads the transfer back like the watcher', async () => {
    const payer = await funded()
    const merchant = (await generateKeyPairSigner()).address
    const signature = await pay({ payer, to: merchant, amount: SOL / 2n })
    const status = await waitFor(signature)
    expect(status).toMatchObject({
      err: null,
      confirmations: null,
      confirmationStatus: 'finalized',
    })

    const history = await rpc
      .getSignaturesForAddress(merchant, { commitment: 'confirmed', limit: 1000 })
      .send()
    expect(history).toHaveLength(1)
    expect(history[0]).toMatchObject({
      signature,
      err: null,
      memo: null,
      confirmationStatus: 'finalized',
    })
    expect(typeof history[0]?.blockTime).toBe('bigint')

    const tx = await rpc
      .getTransaction(signature, {
        commitment: 'confirmed',
        encoding: 'json',
        maxSupportedTransactionVersion: 0,
      })
      .send()
    if (!tx?.meta) throw new Error('transaction not found')
    expect(tx.version).toBe('legacy')
    expect(tx.slot).toBe(history[0]?.slot)
    expect(tx.meta.err).toBeNull()
    expect(tx.meta.fee).toBe(5000n)
    expect(tx.meta.innerInstructions).toEqual([])
    expect(tx.meta.loadedAddresses).toEqual({ writable: [], readonly: [] })
    expect(tx.meta.logMessages).toContain('Program 11111111111111111111111111111111 success')
    const keys = tx.transaction.message.accountKeys
    const { preBalances, postBalances } = tx.meta
    const change = (key: Address) => {
      const index = keys.indexOf(key)
      expect(index).toBeGreaterThanOrEqual(0)
      return (postBalances[index] ?? 0n) - (preBalances[index] ?? 0n)
    }
    expect(change(merchant)).toBe(SOL / 2n)
    expect(change(payer.address)).toBe(-(SOL / 2n + 5000n))
    expect(tx.transaction.message.header).toEqual({
      numRequiredSignatures: 1,
      numReadonlySignedAccounts: 0,
      numReadonlyUnsignedAccounts: 1,
    })
    expect(tx.transaction.message.instructions).toEqual([
      { programIdIndex: 2, accounts: [0, 1], data: expect.any(String), stackHeight: null },
    ])
    const { value: balance } = await rpc.getBalance(merchant).send()
    expect(balance).toBe(SOL / 2n)
  })

  it('finds a transfer by its Solana Pay reference, a read-only non-signer key', async () => {
    const payer = await funded()
    const merchant = (await generateKeyPairSigner()).address
    const reference = (await generateKeyPairSigner()).address
    const signature = await pay({ payer, to: merchant, amount: SOL, reference })
    await waitFor(signature)

    const found = await rpc.getSignaturesForAddress(reference).send()
    expect(found.map((entry) => entry.signature)).toEqual([signature])

    const tx = await rpc
      .getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 })
      .send()
    const keys = tx?.transaction.message.accountKeys ?? []
    expect(keys).toContain(reference)
    expect(tx?.transaction.message.header.numReadonlyUnsignedAccounts).toBe(2)
    const referenceIndex = keys.indexOf(reference)
    expect(tx?.meta?.preBalances[referenceIndex]).toBe(0n)
    expect(tx?.meta?.postBalances[referenceIndex]).toBe(0n)
  })

  it('accepts v0 transactions and base58 encoding, and describes them as jsonParsed', async () => {
    const payer = await funded()
    const merchant = (await generateKeyPairSigner()).address
    const reference = (await generateKeyPairSigner()).address
    const signed = await signedTransfer({ payer, to: merchant, amount: SOL, reference, version: 0 })
    const wire = getTransactionEncoder().encode(signed)
    // kit names every wire-transaction string Base64EncodedWireTransaction, whatever encoding.
    const base58Wire = getBase58Decoder().decode(wire) as Base64EncodedWireTransaction
    const signature = await rpc.sendTransaction(base58Wire, { encoding: 'base58' }).send()
    await waitFor(signature)

    await expect(rpc.getTransaction(signature, { encoding: 'json' }).send()).rejects.toThrow(
      /maxSupportedTransactionVersion/,
    )
    const parsed = await rpc
      .getTransaction(signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 })
      .send()
    expect(parsed?.version).toBe(0)
    expect(parsed?.transaction.message.accountKeys).toEqual([
      { pubkey: payer.address, signer: true, source: 'transaction', writable: true },
      { pubkey: merchant, signer: false, source: 'transaction', writable: true },
      {
        pubkey: '11111111111111111111111111111111',
        signer: false,
        source: 'transaction',
        writable: false,
      },
      { pubkey: reference, signer: false, source: 'transaction', writable: false },
    ])
    expect(parsed?.transaction.message.instructions[0]).toEqual({
      parsed: {
        type: 'transfer',
        info: { source: payer.address, destination: merchant, lamports: SOL },
      },
      program: 'system',
      programId: '11111111111111111111111111111111',
      stackHeight: null,
    })
    const base64 = await rpc
      .getTransaction(signature, { encoding: 'base64', maxSupportedTransactionVersion: 0 })
      .send()
    expect(base64?.transaction[0]).toBe(getBase64Decoder().decode(wire))
  })

  it('records a transfer that fails with skipPreflight, with its error and fee', async () => {
    const payer = await funded(SOL / 100n)
    const merchant = (await generateKeyPairSigner()).address
    const signature = await pay({ payer, to: merchant, amount: SOL, skipPreflight: true })
    const status = await waitFor(signature)
    // kit hands every JSON number back as a bigint.
    const failure = { InstructionError: [0n, { Custom: 1n }] }
    expect(status.err).toEqual(failure)

    const history = await rpc.getSignaturesForAddress(merchant).send()
    expect(history[0]).toMatchObject({ signature, err: failure })
    const tx = await rpc
      .getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 })
      .send()
    expect(tx?.meta?.err).toEqual(failure)
    expect(tx?.meta?.status).toEqual({ Err: failure })
    expect(tx?.meta?.fee).toBe(5000n)
    expect(tx?.meta?.logMessages).toContain(
      'Program 11111111111111111111111111111111 failed: custom program error: 0x1',
    )
    // Only the fee left the payer; the merchant got nothing.
    expect(tx?.meta?.preBalances[0]).toBe(SOL / 100n)
    expect(tx?.meta?.postBalances[0]).toBe(SOL / 100n - 5000n)
    expect(tx?.meta?.postBalances[1]).toBe(0n)
  })

  it('refuses a failing transfer at preflight with the logs, and does not process it', async () => {
    const payer = await funded(SOL / 100n)
    const merchant = (await generateKeyPairSigner()).address
    const signed = await signedTransfer({ payer, to: merchant, amount: SOL })
    const reply = await raw({
      jsonrpc: '2.0',
      id: 7,
      method: 'sendTransaction',
      params: [getBase64EncodedWireTransaction(signed), { encoding: 'base64' }],
    })
    expect(reply.json).toMatchObject({
      jsonrpc: '2.0',
      id: 7,
      error: {
        code: -32002,
        message:
          'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1',
        data: {
          err: { InstructionError: [0, { Custom: 1 }] },
          accounts: null,
          unitsConsumed: expect.any(Number),
          logs: expect.arrayContaining([expect.stringContaining('insufficient lamports')]),
        },
      },
    })
    const { value } = await rpc.getSignatureStatuses([getSignatureFromTransaction(signed)]).send()
    expect(value).toEqual([null])
    expect((await rpc.getBalance(payer.address).send()).value).toBe(SOL / 100n)
    // The same rejection reaches a kit caller as an error too.
    await expect(pay({ payer, to: merchant, amount: SOL })).rejects.toThrow()
  })

  it('rejects a transaction with a bad signature before simulating it', async () => {
    const payer = await funded()
    const signed = await signedTransfer({ payer, to: payer.address, amount: 1n })
    const wire = new Uint8Array(getTransactionEncoder().encode(signed))
    wire[1] = (wire[1] ?? 0) ^ 0xff
    const reply = await raw({
      jsonrpc: '2.0',
      id: 1,
      method: 'sendTransaction',
      params: [Buffer.from(wire).toString('base64'), { encoding: 'base64' }],
    })
    expect(reply.json.error).toEqual({
      code: -32003,
      message: 'Transaction signature verification failure',
    })
  })
})

describe('getSignaturesForAddress paging', () => {
  it('returns newest first and honours limit, before and until', async () => {
    const payer = await funded(100n * SOL)
    const merchant = (await generateKeyPairSigner()).address
    const sent: Signature[] = []
    for (let i = 1n; i <= 5n; i++) {
      sent.push(await pay({ payer, to: merchant, amount: SOL + i }))
    }
    const newestFirst = [...sent].reverse()
    const [newest, second, , fourth] = newestFirst
    if (!newest || !second || !fourth) throw new Error('transfers missing')
    const all = await rpc.getSignaturesForAddress(merchant).send()
    expect(all.map((e) => e.signature)).toEqual(newestFirst)
    const slots = all.map((e) => e.slot)
    expect([...slots].sort((a, b) => Number(b - a))).toEqual(slots)

    const page = (config: Parameters<typeof rpc.getSignaturesForAddress>[1]) =>
      rpc
        .getSignaturesForAddress(merchant, config)
        .send()
        .then((list) => list.map((e) => e.signature))
    expect(await page({ limit: 2 })).toEqual(newestFirst.slice(0, 2))
    expect(await page({ before: second, limit: 2 })).toEqual(newestFirst.slice(2, 4))
    expect(await page({ until: fourth })).toEqual(newestFirst.slice(0, 3))
    expect(await page({ before: newest, until: fourth })).toEqual(newestFirst.slice(1, 3))
    // The watcher's poll right after the newest one: nothing new.
    expect(await page({ until: newest })).toEqual([])
    // An unknown `before` finds nothing, an unknown `until` bounds nothing.
    const unknown = getBase58Decoder().decode(new Uint8Array(64).fill(7)) as Signature
    expect(await page({ before: unknown })).toEqual([])
    expect(await page({ until: unknown })).toEqual(newestFirst)
    await expect(page({ limit: 1001 })).rejects.toThrow(/Invalid limit; max 1000/)
    // kit's types forbid it; a hand-written request can still ask.
    await expect(page({ commitment: 'processed' as never })).rejects.toThrow(/below `confirmed`/)
  })
})
