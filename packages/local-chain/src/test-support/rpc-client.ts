// The JSON-RPC test client the rpc-*.test.ts files share: raw calls, funded payers, signed
// transfers built with the official System Program client, and waiting for confirmation.
import {
  AccountRole,
  type Address,
  appendTransactionMessageInstruction,
  type Blockhash,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  type KeyPairSigner,
  lamports,
  pipe,
  type Rpc,
  type Signature,
  type SolanaRpcApi,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { expect } from 'vitest'
import { startLocalChainRpc } from '../server.js'
import type { ChainTiming } from '../timing.js'

export const SOL = 1_000_000_000n

/**
 * A chain that stands still unless a test moves it, where whatever lands is final at once: what
 * the shape and flow tests want. The slot clock and the commitment lags have tests of their own.
 */
export const INSTANT_TIMING = { slotMs: null, confirmationDepth: 0, finalizationDepth: 0 }

/** Slots moved by hand, confirmed a slot later and finalized three slots later. */
export const HAND_TIMING = { slotMs: null, confirmationDepth: 1, finalizationDepth: 3 }

/**
 * A chain's JSON-RPC endpoint on a free port, a kit client for it, and a payer; with `funding`,
 * the payer holds `sol` SOL from the faucet, `settleSlots` slots deep (a test file's beforeAll).
 */
export async function startTestChain(
  timing: Partial<ChainTiming>,
  funding?: { sol: bigint; settleSlots: number },
) {
  const server = await startLocalChainRpc({ port: 0, chainOptions: { timing } })
  const rpc: Rpc<SolanaRpcApi> = createSolanaRpc(server.url)
  const payer = await generateKeyPairSigner()
  if (funding) {
    await server.chain.airdrop(payer.address, funding.sol * SOL)
    server.chain.advanceSlots(funding.settleSlots)
  }
  return { server, rpc, payer }
}

export interface TransferInput {
  payer: KeyPairSigner
  to: Address
  amount: bigint
  reference?: Address
  version?: 'legacy' | 0
  blockhash?: { blockhash: Blockhash; lastValidBlockHeight: bigint }
}

/** Helpers bound to an endpoint that a test file starts in beforeAll. */
export function rpcTestClient(endpoint: () => { url: string; rpc: Rpc<SolanaRpcApi> }) {
  /** A raw JSON-RPC call, to see exactly what goes over the wire. */
  async function raw(body: unknown, init: RequestInit = {}) {
    const response = await fetch(endpoint().url, {
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
    const signature = await endpoint().rpc.requestAirdrop(signer.address, lamports(amount)).send()
    await waitFor(signature)
    return signer
  }

  /** Confirms by polling getSignatureStatuses (no websocket subscriptions on this endpoint). */
  async function waitFor(signature: Signature) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const { value } = await endpoint().rpc.getSignatureStatuses([signature]).send()
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

  /** A signed system transfer built with the official System Program client. */
  async function signedTransfer(input: TransferInput) {
    const lifetime = input.blockhash ?? (await endpoint().rpc.getLatestBlockhash().send()).value
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
    const signature = await endpoint()
      .rpc.sendTransaction(getBase64EncodedWireTransaction(signed), {
        encoding: 'base64',
        ...(input.skipPreflight ? { skipPreflight: true } : {}),
      })
      .send()
    expect(signature).toBe(getSignatureFromTransaction(signed))
    return signature
  }

  return { raw, funded, waitFor, signedTransfer, pay }
}
