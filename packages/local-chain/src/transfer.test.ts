// sendSolTransfer against the local chain, and through a proxy that makes the chain misbehave the
// ways a real cluster can (a transfer that lands failed, one that never lands).
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createSolanaRpc, generateKeyPairSigner, type KeyPairSigner, lamports } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LocalChain } from './chain.js'
import { stringifyJson } from './json.js'
import { handleRpcBody } from './rpc.js'
import { type LocalChainRpc, startLocalChainRpc } from './server.js'
import { INSTANT_TIMING } from './test-support/rpc-client.js'
import { sendSolTransfer, TransferFailedError } from './transfer.js'

const SOL = 1_000_000_000n

let server: LocalChainRpc
let payer: KeyPairSigner

beforeAll(async () => {
  server = await startLocalChainRpc({ port: 0, chainOptions: { timing: INSTANT_TIMING } })
  payer = await generateKeyPairSigner()
  await createSolanaRpc(server.url)
    .requestAirdrop(payer.address, lamports(10n * SOL))
    .send()
})

afterAll(async () => {
  await server.close()
})

/** An RPC endpoint in front of `chain` whose sendTransaction is replaced by `onSend`. */
async function proxy(
  chain: LocalChain,
  onSend: (request: { id: number; params: unknown[] }) => Promise<unknown>,
): Promise<{ url: string; server: Server }> {
  const http = createServer(async (req, res) => {
    let body = ''
    for await (const chunk of req) body += chunk
    const request = JSON.parse(body) as { id: number; method: string; params: unknown[] }
    const reply =
      request.method === 'sendTransaction'
        ? { jsonrpc: '2.0', id: request.id, result: await onSend(request) }
        : await handleRpcBody(chain, body)
    res.writeHead(200, { 'Content-Type': 'application/json' })
    res.end(stringifyJson(reply))
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, server: http }
}

describe('sendSolTransfer', () => {
  it('sends a confirmed transfer that the merchant finds by its reference', async () => {
    const merchant = (await generateKeyPairSigner()).address
    const reference = (await generateKeyPairSigner()).address
    const signature = await sendSolTransfer({
      rpcUrl: server.url,
      payer,
      to: merchant,
      lamports: SOL,
      reference,
    })
    const rpc = createSolanaRpc(server.url)
    const { value } = await rpc.getSignatureStatuses([signature]).send()
    expect(value[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' })
    expect((await rpc.getSignaturesForAddress(reference).send())[0]?.signature).toBe(signature)
    expect((await rpc.getBalance(merchant).send()).value).toBe(SOL)
  })

  it('passes on the preflight refusal of a transfer the payer cannot afford', async () => {
    const merchant = (await generateKeyPairSigner()).address
    await expect(
      sendSolTransfer({ rpcUrl: server.url, payer, to: merchant, lamports: 1000n * SOL }),
    ).rejects.toThrow(/simulation failed/i)
  })

  it('throws TransferFailedError when the transfer lands but fails', async () => {
    const chain = new LocalChain()
    const poor = await generateKeyPairSigner()
    await chain.airdrop(poor.address, SOL / 100n)
    const fake = await proxy(chain, (request) => {
      const wire = Buffer.from(String(request.params[0]), 'base64')
      return chain.sendTransaction(wire, { skipPreflight: true })
    })
    try {
      const error = await sendSolTransfer({
        rpcUrl: fake.url,
        payer: poor,
        to: (await generateKeyPairSigner()).address,
        lamports: SOL,
      }).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(TransferFailedError)
      expect((error as TransferFailedError).transactionError).toEqual({
        InstructionError: [0n, { Custom: 1n }],
      })
    } finally {
      fake.server.close()
    }
  })

  it('throws TransferFailedError when the blockhash expires before the transfer lands', async () => {
    const chain = new LocalChain()
    const fake = await proxy(chain, async () => {
      // The node "forwards" it, it never lands, and the chain moves on.
      chain.advanceSlots(200)
      return '1111111111111111111111111111111111111111111111111111111111111111'
    })
    try {
      await expect(
        sendSolTransfer({
          rpcUrl: fake.url,
          payer,
          to: (await generateKeyPairSigner()).address,
          lamports: SOL,
          pollIntervalMs: 1,
        }),
      ).rejects.toThrow(/expired before it landed/)
    } finally {
      fake.server.close()
    }
  })
})
