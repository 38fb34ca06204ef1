// Finds SOL payments. Each pass walks the merchant address's signatures since the cursor (the
// whole gap, however long), skips those already recorded without asking the chain, reads the
// others and hands each to the payments' settlement, which applies it at most once. A
// transaction the node cannot return yet is retried on the next pass: the cursor never moves past
// it, and neither does the "read through" time that decides when a payment may expire. As a
// backstop each pending payment is also looked up by its reference (as Solana Pay's
// findReference does), which finds a transfer however the address's history was served. With a
// USDC mint the merchant's token account for it is walked the same way, with a cursor of its own
// (a token transfer names that account, not the wallet).
import type { JobState } from '../jobs.js'
import type { Logger } from '../logger.js'
import type { PaymentQueries } from '../modules/payments/queries.js'
import type { PaymentSettlement } from '../modules/payments/settlement.js'
import type { ChainClient, SignatureInfo, WalkBound } from './chain-client.js'
import { ChainSubscription } from './subscription.js'

/** Where the last pass stopped, on which chain. */
interface Cursor {
  signature: string
  slot: string
  genesis: string
}

export interface WatcherSettings {
  /** Between passes while a payment is pending. */
  fastMs: number
  /** Between passes otherwise (each pass costs provider credits). */
  idleMs: number
  /** How often pending payments are looked up by their reference. */
  backstopMs: number
  /** A first start (no cursor) reads this far back. */
  firstLookBackMs: number
}

/** What the back office shows of the watcher. */
export interface WatcherStatus {
  lastSlot: string | null
  readThrough: string | null
  lagSeconds: number | null
  lastError: string | null
  lastPassAt: string | null
}

/** What the watching process writes for the others (see `sharedStatus`). */
interface SharedStatus {
  lastSlot: string | null
  lastError: string | null
  lastPassAt: string | null
}

const BACKSTOP_PAYMENTS = 50
/** The shared status is written at most this often, unless the last error changed. */
const SHARED_STATUS_EVERY_MS = 5_000

export class PaymentWatcher {
  readonly #cursorKey: string
  readonly #readThroughKey: string
  readonly #statusKey: string
  #statusWrittenAt = 0
  #statusWrittenError: string | null = null
  #genesis: string | null = null
  #pending = false
  /** The first lookup by reference comes one period after the start (the walk reads all first). */
  #lastBackstop = Date.now()
  #lastSlot: bigint | null = null
  #lastHeadTime: Date | null = null
  #lastError: string | null = null
  #lastPassAt: Date | null = null
  readonly #subscription: ChainSubscription | null

  constructor(
    private readonly state: JobState,
    private readonly chain: ChainClient,
    private readonly settlement: PaymentSettlement,
    private readonly payments: PaymentQueries,
    private readonly settings: WatcherSettings,
    private readonly log: Pick<Logger, 'warn' | 'info'>,
    wsUrl: string | null = null,
  ) {
    this.#cursorKey = `watcher:cursor:${chain.merchant}`
    this.#readThroughKey = `watcher:read-through:${chain.merchant}`
    this.#statusKey = `watcher:status:${chain.merchant}`
    this.#subscription = wsUrl ? new ChainSubscription(wsUrl, chain, log) : null
  }

  /** Listens to the provider's websocket (when it has one), to pass at once when money moves. */
  listen(): void {
    this.#subscription?.start()
  }

  async close(): Promise<void> {
    await this.#subscription?.stop()
  }

  /** Fast while a payment is pending, slow otherwise. */
  nextDelayMs(): number {
    return this.#pending ? this.settings.fastMs : this.settings.idleMs
  }

  /** Waits for the next pass; a notification from the subscription ends the wait early. */
  pause(ms: number, signal: AbortSignal): Promise<void> {
    return this.#subscription
      ? this.#subscription.waitForActivity(ms, signal)
      : new Promise((resolve) => {
          const timer = setTimeout(resolve, ms)
          signal.addEventListener('abort', () => {
            clearTimeout(timer)
            resolve()
          })
        })
  }

  /** Up to which block time every transfer to the merchant has been seen; null before any. */
  async readThrough(): Promise<Date | null> {
    const value = await this.state.get(this.#readThroughKey)
    return value ? new Date(value) : null
  }

  status(): WatcherStatus {
    return {
      lastSlot: this.#lastSlot?.toString() ?? null,
      readThrough: this.#lastHeadTime?.toISOString() ?? null,
      lagSeconds: this.#lastHeadTime
        ? Math.max(0, Math.round((Date.now() - this.#lastHeadTime.getTime()) / 1000))
        : null,
      lastError: this.#lastError,
      lastPassAt: this.#lastPassAt?.toISOString() ?? null,
    }
  }

  /** One pass; returns how many transfers were applied to payments. */
  async poll(): Promise<number> {
    try {
      const applied = await this.#pass()
      this.#lastError = null
      return applied
    } catch (error) {
      this.#lastError = error instanceof Error ? error.message : String(error)
      throw error
    } finally {
      this.#lastPassAt = new Date()
      await this.#shareStatus()
    }
  }

  /**
   * The status as the watching process last wrote it: with several server processes only one
   * watches, and the back office may ask any of them. The lag is how far behind the clock the
   * chain has been read through, so a watcher that stopped shows a growing lag.
   */
  async sharedStatus(now = Date.now()): Promise<WatcherStatus> {
    const [raw, readThrough] = await Promise.all([
      this.state.get(this.#statusKey),
      this.readThrough(),
    ])
    let shared: SharedStatus = { lastSlot: null, lastError: null, lastPassAt: null }
    try {
      if (raw) shared = JSON.parse(raw) as SharedStatus
    } catch {
      // A status that does not parse is as good as none.
    }
    return {
      ...shared,
      readThrough: readThrough?.toISOString() ?? null,
      lagSeconds: readThrough
        ? Math.max(0, Math.round((now - readThrough.getTime()) / 1000))
        : null,
    }
  }

  /** Writes what `sharedStatus` reads; a failed write must not fail the pass. */
  async #shareStatus(): Promise<void> {
    const now = Date.now()
    const errorChanged = this.#lastError !== this.#statusWrittenError
    if (!errorChanged && now - this.#statusWrittenAt < SHARED_STATUS_EVERY_MS) return
    this.#statusWrittenAt = now
    this.#statusWrittenError = this.#lastError
    const status: SharedStatus = {
      lastSlot: this.#lastSlot?.toString() ?? null,
      lastError: this.#lastError,
      lastPassAt: this.#lastPassAt?.toISOString() ?? null,
    }
    await this.state.set(this.#statusKey, JSON.stringify(status)).catch((error: unknown) => {
      this.log.warn({ err: error }, 'watcher status not written')
    })
  }

  async #pass(): Promise<number> {
    const head = await this.chain.head()
    this.#lastSlot = head.slot
    this.#genesis ??= await this.chain.genesisHash()
    // The merchant's wallet, and its USDC token account: a token transfer names only the latter.
    let applied = 0
    let through: Date | null = head.time
    for (const account of await this.#watchedAccounts()) {
      const walked = await this.#walk(account, head)
      applied += walked.applied
      through =
        walked.through && through ? (walked.through < through ? walked.through : through) : null
    }
    if (through) await this.#advanceReadThrough(through)
    if (head.time) this.#lastHeadTime = head.time

    const pending = await this.payments.pendingCrypto(BACKSTOP_PAYMENTS)
    this.#pending = pending.length > 0
    return applied + (await this.#backstop(pending))
  }

  async #watchedAccounts(): Promise<string[]> {
    const usdc = await this.chain.usdcAccount()
    return usdc ? [this.chain.merchant, usdc] : [this.chain.merchant]
  }

  /**
   * Reads `account`'s signatures since its cursor and moves the cursor; answers up to which
   * block time it has been read through (null: not even the head, a transaction is missing).
   */
  async #walk(
    account: string,
    head: { slot: bigint; time: Date | null },
  ): Promise<{ applied: number; through: Date | null }> {
    const key = account === this.chain.merchant ? this.#cursorKey : `watcher:cursor:${account}`
    const cursor = await this.#cursor(key)
    const bound: WalkBound = cursor
      ? { until: cursor.signature, afterSlot: BigInt(cursor.slot) - 1n }
      : { afterTime: new Date(Date.now() - this.settings.firstLookBackMs) }
    const signatures = (await this.chain.signaturesSince(account, bound)).filter(
      (entry) => entry.slot <= head.slot,
    )
    const { applied, firstUnread } = await this.#handle(signatures)

    const handled = firstUnread ? signatures.slice(0, signatures.indexOf(firstUnread)) : signatures
    const last = handled.at(-1)
    if (last && this.#genesis) {
      const next: Cursor = {
        signature: last.signature,
        slot: last.slot.toString(),
        genesis: this.#genesis,
      }
      await this.state.set(key, JSON.stringify(next))
    }
    // Read through the head, or to just before the first transaction that could not be read.
    const through = firstUnread?.blockTime
      ? new Date(firstUnread.blockTime.getTime() - 1000)
      : firstUnread
        ? null
        : head.time
    return { applied, through }
  }

  /** Applies the new ones among `signatures`, oldest first; notes the first it could not read. */
  async #handle(
    signatures: SignatureInfo[],
  ): Promise<{ applied: number; firstUnread: SignatureInfo | null }> {
    const known = await this.settlement.known(signatures.map((entry) => entry.signature))
    let applied = 0
    let firstUnread: SignatureInfo | null = null
    for (const entry of signatures) {
      if (known.has(entry.signature)) continue
      const read = entry.failed
        ? {
            signature: entry.signature,
            slot: entry.slot,
            blockTime: entry.blockTime,
            failed: true,
            transfers: [],
          }
        : await this.chain.readTransaction(entry.signature, entry.slot)
      if (!read) {
        // The node behind the provider's load balancer does not have it yet: never skip it.
        firstUnread ??= entry
        this.log.info({ signature: entry.signature }, 'transaction not available yet, retrying')
        continue
      }
      const result = await this.settlement.applyTransaction(read)
      if (result.kind === 'recorded') {
        applied += result.transfers.filter((transfer) => transfer.kind === 'applied').length
      }
    }
    return { applied, firstUnread }
  }

  /** Looks up pending payments by their references, at most every `backstopMs`. */
  async #backstop(pending: { reference: string; createdAt: Date }[]): Promise<number> {
    if (pending.length === 0 || Date.now() - this.#lastBackstop < this.settings.backstopMs) return 0
    this.#lastBackstop = Date.now()
    let applied = 0
    for (const payment of pending) {
      const found = await this.chain.signaturesSince(payment.reference, {
        afterTime: new Date(payment.createdAt.getTime() - 60_000),
      })
      applied += (await this.#handle(found)).applied
    }
    return applied
  }

  async #cursor(key: string): Promise<Cursor | null> {
    const raw = await this.state.get(key)
    if (!raw) return null
    try {
      const cursor = JSON.parse(raw) as Cursor
      // A cursor of another chain (the local chain started afresh) names nothing here.
      if (cursor.genesis !== this.#genesis) {
        this.log.warn({}, 'the chain changed since the last pass: reading it from the start')
        return null
      }
      return cursor
    } catch {
      return null
    }
  }

  async #advanceReadThrough(time: Date): Promise<void> {
    const before = await this.readThrough()
    if (before && before >= time) return
    await this.state.set(this.#readThroughKey, time.toISOString())
  }
}
