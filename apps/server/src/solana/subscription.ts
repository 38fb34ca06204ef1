// The provider's websocket, where it has one: `logsSubscribe` for transactions that mention the
// merchant address (and its USDC token account). A notification only wakes the watcher for a
// pass at once; polling stays the backstop (a websocket can drop a notification or the
// connection), so nothing depends on it.
import { address, createSolanaRpcSubscriptions } from '@solana/kit'
import { sleep } from '../jobs.js'
import type { Logger } from '../logger.js'
import type { ChainClient } from './chain-client.js'

const RECONNECT_MIN_MS = 1_000
const RECONNECT_MAX_MS = 60_000

/** The websocket URL a client derives from an RPC URL (as @solana/web3.js does: port + 1). */
export function websocketUrlOf(rpcUrl: string): string {
  const url = new URL(rpcUrl)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  if (url.port) url.port = String(Number(url.port) + 1)
  return url.toString()
}

export class ChainSubscription {
  #stopping: AbortController | null = null
  #running: Promise<void> | null = null
  #waiters = new Set<() => void>()
  #activity = false

  constructor(
    private readonly wsUrl: string,
    private readonly chain: ChainClient,
    private readonly log: Pick<Logger, 'info' | 'warn'>,
  ) {}

  start(): void {
    if (this.#running) return
    const stopping = new AbortController()
    this.#stopping = stopping
    // One subscription per address (logsSubscribe mentions one): the merchant's wallet, and its
    // USDC token account, which a token transfer names instead.
    this.#running = (async () => {
      const usdc = await this.chain.usdcAccount()
      const accounts = usdc ? [this.chain.merchant, usdc] : [this.chain.merchant]
      await Promise.all(accounts.map((account) => this.#run(stopping.signal, account)))
    })()
  }

  async stop(): Promise<void> {
    this.#stopping?.abort()
    await this.#running
    this.#running = null
  }

  /** Resolves after `ms`, or as soon as a notification came (or had come since the last wait). */
  waitForActivity(ms: number, signal: AbortSignal): Promise<void> {
    if (this.#activity) {
      this.#activity = false
      return Promise.resolve()
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer)
        this.#waiters.delete(done)
        signal.removeEventListener('abort', done)
        this.#activity = false
        resolve()
      }
      const timer = setTimeout(done, ms)
      this.#waiters.add(done)
      signal.addEventListener('abort', done, { once: true })
    })
  }

  #notify(): void {
    this.#activity = true
    for (const wake of [...this.#waiters]) wake()
  }

  async #run(signal: AbortSignal, account: string): Promise<void> {
    let delay = RECONNECT_MIN_MS
    while (!signal.aborted) {
      try {
        const subscriptions = createSolanaRpcSubscriptions(this.wsUrl)
        const notifications = await subscriptions
          .logsNotifications(
            { mentions: [address(account)] },
            {
              commitment: this.chain.commitment,
            },
          )
          .subscribe({ abortSignal: signal })
        delay = RECONNECT_MIN_MS
        for await (const _notification of notifications) this.#notify()
      } catch (error) {
        if (signal.aborted) return
        this.log.warn({ err: error }, 'chain subscription failed, polling meanwhile')
      }
      await sleep(delay, signal)
      delay = Math.min(delay * 2, RECONNECT_MAX_MS)
    }
  }
}
