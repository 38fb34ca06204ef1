// The local chain's JSON-RPC endpoint beyond payments: the chain-state methods, simulation, and
// the JSON-RPC protocol itself (batches, errors, exact u64 numbers, HTTP rules).
import {
  type Blockhash,
  compileTransactionMessage,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64Decoder,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageEncoder,
  pipe,
  type Rpc,
  type SolanaRpcApi,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type TransactionMessageBytesBase64,
} from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalChainRpc, startLocalChainRpc } from './server.js'
import { INSTANT_TIMING, rpcTestClient, SOL, startTestChain } from './test-support/rpc-client.js'

let server: LocalChainRpc
let rpc: Rpc<SolanaRpcApi>

beforeAll(async () => {
  ;({ server, rpc } = await startTestChain(INSTANT_TIMING))
})

afterAll(() => server.close())

const { raw, funded, signedTransfer } = rpcTestClient(() => ({ url: server.url, rpc }))

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
