// The local chain's JSON-RPC endpoint driven by @solana/kit as a real client: fund with an
// airdrop, pay with a signed system transfer (with and without a Solana Pay reference), and read
// the payment back the way the shop's watcher does.

import {
  AccountRole,
  type Address,
  appendTransactionMessageInstruction,
  type Base64EncodedWireTransaction,
  type Blockhash,
  compileTransactionMessage,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase64Decoder,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageEncoder,
  getSignatureFromTransaction,
  getTransactionEncoder,
  type KeyPairSigner,
  lamports,
  pipe,
  type Rpc,
  type Signature,
  type SolanaRpcApi,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type TransactionMessageBytesBase64,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalChainRpc, startLocalChainRpc } from './server.js'

const SOL = 1_000_000_000n

let server: LocalChainRpc
let rpc: Rpc<SolanaRpcApi>

beforeAll(async () => {
  server = await startLocalChainRpc({ port: 0 })
  rpc = createSolanaRpc(server.url)
})

afterAll(async () => {
  await server.close()
})

/** A raw JSON-RPC call, to see exactly what goes over the wire. */
async function raw(body: unknown, init: RequestInit = {}) {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  })
  const text = await response.text()
  const isJson = response.headers.get('content-type')?.startsWith('application/json') ?? false
  return { status: response.status, text, json: isJson ? JSON.parse(text) : null }
}

async function funded(amount = 10n * SOL): Promise<KeyPairSigner> {
  const signer = await generateKeyPairSigner()
  const signature = await rpc.requestAirdrop(signer.address, lamports(amount)).send()
  await waitFor(signature)
  return signer
}

/** Confirms by polling getSignatureStatuses (no websocket subscriptions on this endpoint). */
async function waitFor(signature: Signature) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const { value } = await rpc.getSignatureStatuses([signature]).send()
    if (
      value[0]?.confirmationStatus === 'finalized' ||
      value[0]?.confirmationStatus === 'confirmed'
    ) {
      return value[0]
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`${signature} not confirmed`)
}

interface TransferInput {
  payer: KeyPairSigner
  to: Address
  amount: bigint
  reference?: Address
  version?: 'legacy' | 0
  blockhash?: { blockhash: Blockhash; lastValidBlockHeight: bigint }
}

/** A signed system transfer built with the official System Program client. */
async function signedTransfer(input: TransferInput) {
  const lifetime = input.blockhash ?? (await rpc.getLatestBlockhash().send()).value
  const transfer = getTransferSolInstruction({
    source: input.payer,
    destination: input.to,
    amount: input.amount,
  })
  const instruction = input.reference
    ? {
        ...transfer,
        accounts: [
          ...transfer.accounts,
          { address: input.reference, role: AccountRole.READONLY } as const,
        ],
      }
    : transfer
  const message = pipe(
    createTransactionMessage({ version: input.version ?? 'legacy' }),
    (m) => setTransactionMessageFeePayerSigner(input.payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstruction(instruction, m),
  )
  return signTransactionMessageWithSigners(message)
}

async function pay(input: TransferInput & { skipPreflight?: boolean }): Promise<Signature> {
  const signed = await signedTransfer(input)
  const signature = await rpc
    .sendTransaction(getBase64EncodedWireTransaction(signed), {
      encoding: 'base64',
      ...(input.skipPreflight ? { skipPreflight: true } : {}),
    })
    .send()
  expect(signature).toBe(getSignatureFromTransaction(signed))
  return signature
}

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

describe('other methods', () => {
  it('answers the chain-state methods with the real shapes', async () => {
    const payer = await funded()
    const { value: latest, context } = await rpc.getLatestBlockhash().send()
    expect(typeof latest.blockhash).toBe('string')
    expect(latest.lastValidBlockHeight).toBe(context.slot + 150n)
    expect((await rpc.isBlockhashValid(latest.blockhash).send()).value).toBe(true)
    expect(
      (await rpc.isBlockhashValid('11111111111111111111111111111111' as Blockhash).send()).value,
    ).toBe(false)
    const slot = await rpc.getSlot().send()
    expect(await rpc.getBlockHeight().send()).toBe(slot)
    expect(await rpc.getHealth().send()).toBe('ok')
    expect(await rpc.getVersion().send()).toEqual({
      'feature-set': expect.any(Number),
      'solana-core': expect.any(String),
    })
    const epoch = await rpc.getEpochInfo().send()
    expect(epoch).toMatchObject({
      absoluteSlot: slot,
      blockHeight: slot,
      epoch: 0n,
      slotIndex: slot,
    })
    expect(await rpc.getMinimumBalanceForRentExemption(0n).send()).toBe(890_880n)

    const info = await rpc.getAccountInfo(payer.address, { encoding: 'base64' }).send()
    expect(info.value).toEqual({
      data: ['', 'base64'],
      executable: false,
      lamports: 10n * SOL,
      owner: '11111111111111111111111111111111',
      rentEpoch: 18_446_744_073_709_551_615n,
      space: 0n,
    })
    const nobody = (await generateKeyPairSigner()).address
    expect((await rpc.getAccountInfo(nobody, { encoding: 'base64' }).send()).value).toBeNull()
    expect((await rpc.getBalance(nobody).send()).value).toBe(0n)

    const signed = await signedTransfer({ payer, to: nobody, amount: SOL })
    const message = getBase64Decoder().decode(
      getCompiledTransactionMessageEncoder().encode(
        compileTransactionMessage(
          pipe(
            createTransactionMessage({ version: 0 }),
            (m) => setTransactionMessageFeePayerSigner(payer, m),
            (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
          ),
        ),
      ),
    )
    const fee = await rpc.getFeeForMessage(message as TransactionMessageBytesBase64).send()
    expect(fee.value).toBe(5000n)

    const simulated = await rpc
      .simulateTransaction(getBase64EncodedWireTransaction(signed), {
        encoding: 'base64',
        accounts: { addresses: [nobody], encoding: 'base64' },
      })
      .send()
    expect(simulated.value).toMatchObject({
      err: null,
      logs: expect.arrayContaining(['Program 11111111111111111111111111111111 success']),
      unitsConsumed: 150n,
      returnData: null,
      replacementBlockhash: null,
      accounts: [expect.objectContaining({ lamports: SOL })],
    })
    // Simulation changes nothing.
    expect((await rpc.getBalance(nobody).send()).value).toBe(0n)
  })

  it('simulates an unsigned transaction with a replaced blockhash', async () => {
    const payer = await funded()
    const signed = await signedTransfer({
      payer,
      to: payer.address,
      amount: 1n,
      blockhash: {
        blockhash: '11111111111111111111111111111111' as Blockhash,
        lastValidBlockHeight: 0n,
      },
    })
    const wire = getBase64EncodedWireTransaction({
      ...signed,
      signatures: { [payer.address]: null },
    })
    const { value } = await rpc
      .simulateTransaction(wire, { encoding: 'base64', replaceRecentBlockhash: true })
      .send()
    expect(value.err).toBeNull()
    expect(value.replacementBlockhash?.blockhash).toBe(
      (await rpc.getLatestBlockhash().send()).value.blockhash,
    )
    const verified = await rpc
      .simulateTransaction(wire, { encoding: 'base64', sigVerify: true })
      .send()
    expect(verified.value.err).toBe('SignatureFailure')
  })
})

describe('JSON-RPC protocol', () => {
  it('answers a batch in order, skipping notifications', async () => {
    const reply = await raw([
      { jsonrpc: '2.0', id: 1, method: 'getHealth' },
      { jsonrpc: '2.0', method: 'getSlot' },
      { jsonrpc: '2.0', id: 'two', method: 'getSlot', params: [] },
      { jsonrpc: '2.0', id: 3, method: 'nope' },
    ])
    expect(reply.status).toBe(200)
    expect(reply.json).toEqual([
      { jsonrpc: '2.0', result: 'ok', id: 1 },
      { jsonrpc: '2.0', result: expect.any(Number), id: 'two' },
      { jsonrpc: '2.0', error: { code: -32601, message: 'Method not found' }, id: 3 },
    ])
  })

  it('reports unknown methods, bad params, bad requests and bad JSON', async () => {
    expect((await raw({ jsonrpc: '2.0', id: 1, method: 'getBlockProduction' })).json).toEqual({
      jsonrpc: '2.0',
      error: { code: -32601, message: 'Method not found' },
      id: 1,
    })
    expect((await raw('{"jsonrpc":"2.0","id":1,"method":')).json).toEqual({
      jsonrpc: '2.0',
      error: { code: -32700, message: 'Parse error' },
      id: null,
    })
    expect((await raw([])).json).toEqual({
      jsonrpc: '2.0',
      error: { code: -32600, message: 'Invalid request' },
      id: null,
    })
    expect((await raw({ id: 4, method: 'getSlot' })).json.error.code).toBe(-32600)
    expect((await raw([1])).json).toEqual([
      { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid request' }, id: null },
    ])
    const badKey = await raw({ jsonrpc: '2.0', id: 5, method: 'getBalance', params: ['nope!'] })
    expect(badKey.json.error).toEqual({ code: -32602, message: 'Invalid param: Invalid' })
    const badLamports = await raw({
      jsonrpc: '2.0',
      id: 6,
      method: 'requestAirdrop',
      params: ['11111111111111111111111111111111', -1],
    })
    expect(badLamports.json.error.code).toBe(-32602)
    const tooMany = await raw({
      jsonrpc: '2.0',
      id: 8,
      method: 'getSignatureStatuses',
      params: [Array.from({ length: 257 }, () => '1'.repeat(64))],
    })
    expect(tooMany.json.error).toEqual({
      code: -32602,
      message: 'Too many inputs provided; max 256',
    })
    const garbage = await raw({
      jsonrpc: '2.0',
      id: 9,
      method: 'sendTransaction',
      params: ['AAAA', { encoding: 'base64' }],
    })
    expect(garbage.json.error.code).toBe(-32602)
  })

  it('keeps u64 numbers exact in both directions', async () => {
    const big = 9_007_199_254_740_993n // 2^53 + 1: a double would round it
    const to = (await generateKeyPairSigner()).address
    const reply = await raw(
      `{"jsonrpc":"2.0","id":1,"method":"requestAirdrop","params":["${to}",${big}]}`,
    )
    expect(typeof reply.json.result).toBe('string')
    const balance = await raw({ jsonrpc: '2.0', id: 2, method: 'getBalance', params: [to] })
    expect(balance.text).toContain(`"value":${big}`)
  })

  it('speaks plain HTTP like a validator: POST JSON only, with a body limit and CORS', async () => {
    const get = await fetch(server.url)
    expect(get.status).toBe(405)
    expect((await fetch(`${server.url}/health`)).status).toBe(200)
    const form = await raw('x', { headers: { 'Content-Type': 'text/plain' } })
    expect(form.status).toBe(415)
    const huge = await raw(`[${'1,'.repeat(600_000)}1]`)
    expect(huge.status).toBe(413)
    const preflight = await fetch(server.url, { method: 'OPTIONS' })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('listens on loopback only', async () => {
    await expect(startLocalChainRpc({ port: 0, host: '0.0.0.0' })).rejects.toThrow(/loopback/)
  })
})
