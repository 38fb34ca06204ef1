// Reads the merchant's incoming transfers through any Solana JSON-RPC endpoint. The shop holds
// no private key: it only lists the signatures that touch its public address and reads what each
// transaction credited to it.
import { address, type Commitment, createSolanaRpc, signature as toSignature } from '@solana/kit'
import type { ObservedTransfer } from '../modules/payments/settlement.js'

export type WatchCommitment = Extract<Commitment, 'confirmed' | 'finalized'>

export interface SignatureInfo {
  signature: string
  failed: boolean
}

export class ChainClient {
  readonly #rpc: ReturnType<typeof createSolanaRpc>

  constructor(
    rpcUrl: string,
    readonly merchant: string,
    readonly commitment: WatchCommitment,
  ) {
    this.#rpc = createSolanaRpc(rpcUrl)
  }

  /**
   * Signatures for the merchant address newer than `until`, oldest first. Pages back through
   * `before` so a burst of more than one page is not skipped.
   */
  async signaturesSince(until: string | null, pageLimit = 1000): Promise<SignatureInfo[]> {
    const found: SignatureInfo[] = []
    let before: string | undefined
    for (let page = 0; page < 10; page++) {
      const batch = await this.#rpc
        .getSignaturesForAddress(address(this.merchant), {
          commitment: this.commitment,
          limit: pageLimit,
          ...(until ? { until: toSignature(until) } : {}),
          ...(before ? { before: toSignature(before) } : {}),
        })
        .send()
      for (const entry of batch)
        found.push({ signature: entry.signature, failed: entry.err !== null })
      const last = batch.at(-1)
      // Without a cursor (first start) one page is enough: older history was never ours to watch.
      if (batch.length < pageLimit || !last || !until) break
      before = last.signature
    }
    return found.reverse()
  }

  /**
   * The transfer a successful transaction made to the merchant, or null when the transaction is
   * unknown at the commitment, failed, or did not credit the merchant.
   */
  async fetchTransfer(sig: string): Promise<ObservedTransfer | null> {
    const tx = await this.#rpc
      .getTransaction(toSignature(sig), {
        commitment: this.commitment,
        encoding: 'json',
        maxSupportedTransactionVersion: 0,
      })
      .send()
    if (!tx?.meta || tx.meta.err !== null) return null
    const keys: string[] = [
      ...tx.transaction.message.accountKeys,
      ...(tx.meta.loadedAddresses?.writable ?? []),
      ...(tx.meta.loadedAddresses?.readonly ?? []),
    ]
    const index = keys.indexOf(this.merchant)
    if (index < 0) return null
    const pre = tx.meta.preBalances[index]
    const post = tx.meta.postBalances[index]
    if (pre === undefined || post === undefined || post <= pre) return null
    return {
      signature: sig,
      slot: tx.slot,
      blockTime: tx.blockTime === null ? null : new Date(Number(tx.blockTime) * 1000),
      lamports: post - pre,
      accountKeys: keys.filter((key) => key !== this.merchant),
    }
  }
}
