// Reads the merchant's incoming transfers through any Solana JSON-RPC endpoint. The shop holds
// no private key: it lists the signatures that touch its public address (or a payment's
// reference) and reads what each transaction paid it. A provider that asks to slow down (HTTP
// 429) is answered with a RetryLater carrying its Retry-After; a node that has not caught up yet
// (`minContextSlot` not reached, or a transaction it cannot return) answers null, never "failed".
import {
  address,
  type Commitment,
  createSolanaRpc,
  isSolanaError,
  type Slot,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_MIN_CONTEXT_SLOT_NOT_REACHED,
  SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR,
  signature as toSignature,
} from '@solana/kit'
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { RetryLater } from '../jobs.js'
import {
  type ReadTransaction,
  type TransactionJson,
  transfersToMerchant,
} from './transfers-in-transaction.js'

export type WatchCommitment = Extract<Commitment, 'confirmed' | 'finalized'>

export interface SignatureInfo {
  signature: string
  slot: bigint
  blockTime: Date | null
  failed: boolean
}

/** Where a walk back through an address's history stops (both are exclusive). */
export interface WalkBound {
  /** The newest signature already handled. */
  until?: string | null
  /** Older than this slot is already handled, or was never ours to watch. */
  afterSlot?: bigint
  /** Older than this block time likewise. */
  afterTime?: Date
}

/** The most getSignaturesForAddress returns at once. */
const PAGE_LIMIT = 1000
const DEFAULT_RETRY_AFTER_MS = 5_000
/** How many slots back `head` looks for a block time (mainnet skips a few percent of slots). */
const BLOCK_TIME_LOOK_BACK = 8n

/** Retry-After in milliseconds: seconds, or an HTTP date. */
function retryAfterMs(value: string | null): number {
  if (!value) return DEFAULT_RETRY_AFTER_MS
  const seconds = Number(value)
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000
  const date = Date.parse(value)
  return Number.isNaN(date) ? DEFAULT_RETRY_AFTER_MS : Math.max(0, date - Date.now())
}

export class ChainClient {
  readonly #rpc: ReturnType<typeof createSolanaRpc>

  readonly #pageLimit: number

  constructor(
    readonly rpcUrl: string,
    readonly merchant: string,
    readonly commitment: WatchCommitment,
    /**
     * Signatures asked for per page (tests make it small to walk many pages), and the mint
     * counted as USDC (null: every token paid to the merchant is an unknown one).
     */
    options: { pageLimit?: number; usdcMint?: string | null } = {},
  ) {
    this.#rpc = createSolanaRpc(rpcUrl)
    this.#pageLimit = options.pageLimit ?? PAGE_LIMIT
    this.usdcMint = options.usdcMint ?? null
  }

  readonly usdcMint: string | null
  #usdcAccount: Promise<string> | null = null

  /**
   * The merchant's associated token account for the USDC mint, where a Solana Pay transfer with
   * `spl-token` lands: a transaction paying it need not name the merchant's wallet at all, so the
   * watcher walks this address's history too. Null without a USDC mint.
   */
  usdcAccount(): Promise<string> | null {
    const mint = this.usdcMint
    if (!mint) return null
    this.#usdcAccount ??= findAssociatedTokenPda({
      owner: address(this.merchant),
      mint: address(mint),
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    }).then(([pda]) => pda)
    return this.#usdcAccount
  }

  /** Whether an account exists at `account` (the start's check of the USDC token account). */
  async accountExists(account: string): Promise<boolean> {
    const info = await this.#send(
      this.#rpc.getAccountInfo(address(account), {
        commitment: this.commitment,
        encoding: 'base64',
      }),
    )
    return info.value !== null
  }

  /** Sends one call; a 429 becomes RetryLater with the provider's Retry-After. */
  async #send<T>(request: { send(): Promise<T> }): Promise<T> {
    try {
      return await request.send()
    } catch (error) {
      if (
        isSolanaError(error, SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR) &&
        error.context.statusCode === 429
      ) {
        const headers = error.context.headers as Headers | undefined
        throw new RetryLater(
          'the Solana RPC provider asks to slow down',
          retryAfterMs(headers?.get('retry-after') ?? null),
        )
      }
      throw error
    }
  }

  /** The chain's identity: a cursor kept from another chain (a reset local chain) is void. */
  genesisHash(): Promise<string> {
    return this.#send(this.#rpc.getGenesisHash())
  }

  /**
   * The newest slot at the commitment, and a block time no later than that slot's: how far the
   * chain can be read. A slot may have no block (skipped, or not sealed yet on a node that
   * confirms at once), so the time is taken from the newest of the last few slots that has one;
   * an earlier time only makes the watcher's read-through more careful.
   */
  async head(): Promise<{ slot: bigint; time: Date | null }> {
    const slot = BigInt(await this.#send(this.#rpc.getSlot({ commitment: this.commitment })))
    for (let back = 0n; back < BLOCK_TIME_LOOK_BACK && back <= slot; back++) {
      try {
        const seconds = await this.#send(this.#rpc.getBlockTime((slot - back) as Slot))
        if (seconds !== null) return { slot, time: new Date(Number(seconds) * 1000) }
      } catch (error) {
        if (error instanceof RetryLater) throw error
        // Skipped or not available: the slot before may have a block.
      }
    }
    return { slot, time: null }
  }

  /**
   * The signatures of `account` newer than `bound`, oldest first, the whole gap however long: a
   * page ends the walk only when it is short or reaches the bound. A cursor the node does not
   * know makes `until` useless, so the slot and time bounds end the walk too.
   */
  async signaturesSince(account: string, bound: WalkBound): Promise<SignatureInfo[]> {
    const found: SignatureInfo[] = []
    let before: string | undefined
    for (;;) {
      const page = await this.#send(
        this.#rpc.getSignaturesForAddress(address(account), {
          commitment: this.commitment,
          limit: this.#pageLimit,
          ...(bound.until ? { until: toSignature(bound.until) } : {}),
          ...(before ? { before: toSignature(before) } : {}),
        }),
      )
      let reachedBound = false
      for (const entry of page) {
        const slot = BigInt(entry.slot)
        const blockTime = entry.blockTime === null ? null : new Date(Number(entry.blockTime) * 1000)
        const older =
          (bound.afterSlot !== undefined && slot <= bound.afterSlot) ||
          (bound.afterTime !== undefined && blockTime !== null && blockTime < bound.afterTime)
        if (entry.signature === bound.until || older) {
          reachedBound = true
          break
        }
        found.push({ signature: entry.signature, slot, blockTime, failed: entry.err !== null })
      }
      const last = page.at(-1)
      if (reachedBound || page.length < this.#pageLimit || !last) break
      before = last.signature
    }
    // Oldest first. By slot, not by the page's order: a provider may answer out of order.
    return found.reverse().sort((a, b) => (a.slot < b.slot ? -1 : a.slot > b.slot ? 1 : 0))
  }

  /**
   * The transaction with what it paid the merchant, or null when the node cannot return it yet
   * (a load-balanced provider's node may lag: asked with `minContextSlot`, it says so).
   */
  async readTransaction(
    signature: string,
    minContextSlot?: bigint,
  ): Promise<ReadTransaction | null> {
    let tx: unknown
    try {
      tx = await this.#send(
        this.#rpc.getTransaction(toSignature(signature), {
          commitment: this.commitment,
          encoding: 'json',
          maxSupportedTransactionVersion: 0,
          ...(minContextSlot !== undefined ? { minContextSlot: minContextSlot as Slot } : {}),
        }),
      )
    } catch (error) {
      if (isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_MIN_CONTEXT_SLOT_NOT_REACHED)) {
        return null
      }
      throw error
    }
    if (!tx) return null
    return transfersToMerchant(signature, tx as TransactionJson, this.merchant, this.usdcMint)
  }
}
