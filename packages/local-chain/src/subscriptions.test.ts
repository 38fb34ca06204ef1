// The WebSocket endpoint driven by a raw client, on a chain whose slots the test moves by hand:
// each subscription's answer and notifications, exactly in agave's shapes, at each commitment.
import {
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  type KeyPairSigner,
  type Rpc,
  type SolanaRpcApi,
} from '@solana/kit'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { LocalChainRpc } from './server.js'
import { HAND_TIMING, rpcTestClient, SOL, startTestChain } from './test-support/rpc-client.js'
import { WsClient } from './test-support/ws-client.js'

const SYSTEM = '11111111111111111111111111111111'

let server: LocalChainRpc
let rpc: Rpc<SolanaRpcApi>
let ws: WsClient
let payer: KeyPairSigner

const { signedTransfer } = rpcTestClient(() => ({ url: server.url, rpc }))

beforeAll(async () => {
  ;({ server, rpc, payer } = await startTestChain(HAND_TIMING, { sol: 100n, settleSlots: 3 }))
})

afterAll(() => server.close())

beforeEach(async () => {
  ws = await WsClient.open(server.wsUrl)
})

afterEach(() => {
  ws.close()
})

async function subscribe(method: string, params: unknown[] = []): Promise<number> {
  const answer = await ws.call(method, params)
  expect(answer).toMatchObject({ jsonrpc: '2.0', result: expect.any(Number) })
  return answer.result as number
}

/** Sends a transfer through the HTTP endpoint; its signature and the slot it landed in. */
async function pay(to: string, amount: bigint) {
  const signed = await signedTransfer({ payer, to: to as never, amount })
  await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send()
  return { signature: getSignatureFromTransaction(signed), slot: server.chain.slot }
}

describe('the WebSocket endpoint', () => {
  it('listens on the RPC port + 1, as @solana/web3.js derives it', () => {
    expect(Number(new URL(server.wsUrl).port)).toBe(Number(new URL(server.url).port) + 1)
  })

  it('notifies a signature once at each commitment asked for, then ends the subscription', async () => {
    const merchant = (await generateKeyPairSigner()).address
    const signed = await signedTransfer({ payer, to: merchant, amount: SOL })
    const signature = getSignatureFromTransaction(signed)
    const ids = {
      processed: await subscribe('signatureSubscribe', [
        signature,
        { commitment: 'processed', enableReceivedNotification: true },
      ]),
      confirmed: await subscribe('signatureSubscribe', [signature, { commitment: 'confirmed' }]),
      // No commitment: finalized, the RPC's default.
      finalized: await subscribe('signatureSubscribe', [signature]),
    }
    await rpc
      .sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' })
      .send()
    const slot = server.chain.slot
    await ws.settle()
    expect(ws.received).toContainEqual({
      jsonrpc: '2.0',
      method: 'signatureNotification',
      params: {
        result: { context: { slot }, value: 'receivedSignature' },
        subscription: ids.processed,
      },
    })
    expect(ws.notifications(ids.processed)).toEqual([
      { context: { slot }, value: 'receivedSignature' },
      { context: { slot }, value: { err: null } },
    ])
    expect(ws.notifications(ids.confirmed)).toEqual([])

    server.chain.advanceSlots(1)
    await ws.settle()
    expect(ws.notifications(ids.confirmed)).toEqual([{ context: { slot }, value: { err: null } }])
    expect(ws.notifications(ids.finalized)).toEqual([])

    server.chain.advanceSlots(2)
    await ws.settle()
    expect(ws.notifications(ids.finalized)).toEqual([{ context: { slot }, value: { err: null } }])
    // Each ended with its notification: nothing more, and nothing left to unsubscribe.
    server.chain.advanceSlots(3)
    await ws.settle()
    expect(ws.notifications(ids.processed)).toHaveLength(2)
    expect(await ws.call('signatureUnsubscribe', [ids.confirmed])).toMatchObject({
      error: { code: -32602, message: 'Invalid subscription id.' },
    })
  })

  it('reports a failed transaction with its error', async () => {
    const poor = await generateKeyPairSigner()
    await server.chain.airdrop(poor.address, SOL / 100n)
    const signed = await signedTransfer({ payer: poor, to: payer.address, amount: SOL })
    const signature = getSignatureFromTransaction(signed)
    const id = await subscribe('signatureSubscribe', [signature, { commitment: 'processed' }])
    await rpc
      .sendTransaction(getBase64EncodedWireTransaction(signed), {
        encoding: 'base64',
        skipPreflight: true,
      })
      .send()
    const message = await ws.next((m) => m.params?.subscription === id)
    expect(message.params?.result).toEqual({
      context: { slot: server.chain.slot },
      value: { err: { InstructionError: [0, { Custom: 1 }] } },
    })
  })

  it('notifies an account when a transaction at the commitment wrote it', async () => {
    const merchant = (await generateKeyPairSigner()).address
    const processed = await subscribe('accountSubscribe', [
      merchant,
      { commitment: 'processed', encoding: 'base64' },
    ])
    const confirmed = await subscribe('accountSubscribe', [
      merchant,
      { commitment: 'confirmed', encoding: 'base64' },
    ])
    const { slot } = await pay(merchant, 2n * SOL)
    await pay(payer.address, 1n) // writes other accounts only
    await ws.settle()
    const account = {
      data: ['', 'base64'],
      executable: false,
      lamports: 2 * Number(SOL),
      owner: SYSTEM,
      rentEpoch: expect.any(Number),
      space: 0,
    }
    expect(ws.notifications(processed)).toEqual([{ context: { slot }, value: account }])
    expect(ws.notifications(confirmed)).toEqual([])
    server.chain.advanceSlots(1)
    await ws.settle()
    expect(ws.notifications(confirmed)).toEqual([{ context: { slot }, value: account }])
    expect(await ws.call('accountUnsubscribe', [confirmed])).toMatchObject({ result: true })
    await pay(merchant, 1n)
    server.chain.advanceSlots(1)
    await ws.settle()
    expect(ws.notifications(confirmed)).toHaveLength(1)
    expect(ws.notifications(processed)).toHaveLength(2)
  })

  it('sends the logs of transactions that mention an address, or of all', async () => {
    const merchant = (await generateKeyPairSigner()).address
    const mentions = await subscribe('logsSubscribe', [
      { mentions: [merchant] },
      { commitment: 'processed' },
    ])
    const all = await subscribe('logsSubscribe', ['all', { commitment: 'processed' }])
    const toMerchant = await pay(merchant, SOL)
    const elsewhere = await pay(payer.address, 2n)
    await ws.settle()
    const logs = (signature: string, slot: number) => ({
      context: { slot },
      value: {
        signature,
        err: null,
        logs: [`Program ${SYSTEM} invoke [1]`, `Program ${SYSTEM} success`],
      },
    })
    expect(ws.notifications(mentions)).toEqual([logs(toMerchant.signature, toMerchant.slot)])
    expect(ws.notifications(all)).toEqual([
      logs(toMerchant.signature, toMerchant.slot),
      logs(elsewhere.signature, elsewhere.slot),
    ])
  })

  it('announces each new slot and each new root', async () => {
    const slots = await subscribe('slotSubscribe')
    const roots = await subscribe('rootSubscribe')
    const before = server.chain.slot
    server.chain.advanceSlots(2)
    await ws.settle()
    expect(ws.notifications(slots)).toEqual([
      { parent: before, root: before + 1 - 3, slot: before + 1 },
      { parent: before + 1, root: before + 2 - 3, slot: before + 2 },
    ])
    expect(ws.notifications(roots)).toEqual([before + 1 - 3, before + 2 - 3])
    expect(await ws.call('slotUnsubscribe', [slots])).toMatchObject({ result: true })
    server.chain.advanceSlots(1)
    await ws.settle()
    expect(ws.notifications(slots)).toHaveLength(2)
  })

  it("answers bad requests with the RPC's errors, and keep-alive pings with nothing", async () => {
    expect(await ws.call('accountSubscribe', ['nope'])).toMatchObject({
      error: { code: -32602, message: 'Invalid Request: Invalid pubkey provided' },
    })
    expect(await ws.call('signatureSubscribe', ['1'.repeat(10)])).toMatchObject({
      error: { code: -32602, message: 'Invalid Request: Invalid signature provided' },
    })
    expect(
      await ws.call('logsSubscribe', [{ mentions: [payer.address, payer.address] }]),
    ).toMatchObject({
      error: { code: -32602, message: 'Invalid Request: Only 1 address supported' },
    })
    expect(
      await ws.call('accountSubscribe', [payer.address, { commitment: 'soon' }]),
    ).toMatchObject({ error: { code: -32602 } })
    expect(await ws.call('blockSubscribe', ['all'])).toMatchObject({
      error: { code: -32601, message: 'Method not found' },
    })
    expect(await ws.call('slotUnsubscribe', [123_456])).toMatchObject({
      error: { code: -32602, message: 'Invalid subscription id.' },
    })
    // A subscription belongs to its connection.
    const other = await WsClient.open(server.wsUrl)
    try {
      const id = (await other.call('slotSubscribe')).result
      expect(await ws.call('slotUnsubscribe', [id])).toMatchObject({ error: { code: -32602 } })
    } finally {
      other.close()
    }
    const count = ws.received.length
    ws.sendRaw('{"jsonrpc":"2.0","method":"ping"}')
    await ws.settle()
    expect(ws.received).toHaveLength(count + 1) // only the answer to settle()
    ws.sendRaw('{"jsonrpc":')
    expect(await ws.next((m) => m.error?.code === -32700)).toMatchObject({ id: null })
  })
})
