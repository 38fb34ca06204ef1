// The WebSocket subscriptions of the Solana RPC (agave's rpc_pubsub): accountSubscribe,
// logsSubscribe, signatureSubscribe, slotSubscribe and rootSubscribe with their unsubscribe
// methods, and the notifications the chain's events produce, in agave's shapes:
// {"jsonrpc":"2.0","method":"<kind>Notification","params":{"result":...,"subscription":<id>}}.
import type { LocalChain } from './chain.js'
import type { ChainListener } from './chain-events.js'
import { type AccountEncoding, type DataSlice, renderAccount } from './encode.js'
import { INVALID_PARAMS, JsonRpcError } from './errors.js'
import { stringifyJson } from './json.js'
import type { AccountView, LedgerEntry } from './model.js'
import {
  accountEncoding,
  base58Key,
  commitmentParam,
  config,
  dataSliceParam,
  invalid,
  type Params,
} from './params.js'
import type { MethodLookup } from './rpc.js'
import { SYSTEM_PROGRAM_ADDRESS } from './system-program.js'
import type { CommitmentLevel } from './timing.js'

type Subscription =
  | {
      kind: 'account'
      address: string
      level: CommitmentLevel
      encoding: AccountEncoding
      dataSlice: DataSlice | undefined
    }
  | { kind: 'logs'; mentions: string | null; level: CommitmentLevel }
  | { kind: 'signature'; signature: string; level: CommitmentLevel; received: boolean }
  | { kind: 'slot' }
  | { kind: 'root' }

interface Active {
  subscription: Subscription
  send(text: string): void
}

/** What a deleted or never created account looks like in a notification (agave's default). */
const NO_ACCOUNT: AccountView = {
  lamports: 0n,
  owner: SYSTEM_PROGRAM_ADDRESS,
  data: new Uint8Array(0),
  executable: false,
}

/** agave's parameter errors: "Invalid Request: Invalid <what> provided". */
function keyParam(value: unknown, size: number, what: string): string {
  const refusal = invalid(`Invalid Request: Invalid ${what} provided`)
  if (typeof value !== 'string') throw refusal
  try {
    return base58Key(value, size)
  } catch {
    throw refusal
  }
}

function logsFilter(value: unknown): string | null {
  if (value === 'all' || value === 'allWithVotes') return null // no vote transactions here
  const mentions = (value as { mentions?: unknown } | null)?.mentions
  if (!Array.isArray(mentions)) {
    throw invalid('Invalid params: expected "all", "allWithVotes" or {"mentions": [<address>]}')
  }
  if (mentions.length !== 1) throw invalid('Invalid Request: Only 1 address supported')
  return keyParam(mentions[0], 32, 'mentions')
}

function parseSubscription(method: string, params: Params): Subscription | undefined {
  switch (method) {
    case 'accountSubscribe': {
      const options = config(params, 1)
      return {
        kind: 'account',
        address: keyParam(params[0], 32, 'pubkey'),
        level: commitmentParam(options.commitment),
        encoding: accountEncoding(options.encoding, 'binary'),
        dataSlice: dataSliceParam(options.dataSlice),
      }
    }
    case 'logsSubscribe':
      return {
        kind: 'logs',
        mentions: logsFilter(params[0]),
        level: commitmentParam(config(params, 1).commitment),
      }
    case 'signatureSubscribe': {
      const options = config(params, 1)
      return {
        kind: 'signature',
        signature: keyParam(params[0], 64, 'signature'),
        level: commitmentParam(options.commitment),
        received: options.enableReceivedNotification === true,
      }
    }
    case 'slotSubscribe':
      return { kind: 'slot' }
    case 'rootSubscribe':
      return { kind: 'root' }
    default:
      return undefined
  }
}

const SUBSCRIBE = new Set([
  'accountSubscribe',
  'logsSubscribe',
  'signatureSubscribe',
  'slotSubscribe',
  'rootSubscribe',
])
const UNSUBSCRIBE = new Set([
  'accountUnsubscribe',
  'logsUnsubscribe',
  'signatureUnsubscribe',
  'slotUnsubscribe',
  'rootUnsubscribe',
])

/** Every subscription of every connection to one chain, and the notifications they get. */
export class Subscriptions {
  readonly #active = new Map<number, Active>()
  #nextId = 0
  readonly #stop: () => void

  constructor(private readonly chain: LocalChain) {
    this.#stop = chain.subscribe(this.#listener())
  }

  /** The methods of one connection; `send` delivers its notifications. */
  connect(send: (text: string) => void): { methods: MethodLookup; close(): void } {
    const own = new Set<number>()
    const methods: MethodLookup = (method) => {
      if (UNSUBSCRIBE.has(method)) {
        return ([id]) => {
          if (typeof id !== 'number' || !own.delete(id) || !this.#active.delete(id)) {
            throw new JsonRpcError(INVALID_PARAMS, 'Invalid subscription id.')
          }
          return true
        }
      }
      if (!SUBSCRIBE.has(method)) return undefined
      return (params) => {
        const subscription = parseSubscription(method, params)
        if (!subscription) throw new Error(`no parser for ${method}`)
        const id = this.#nextId++
        own.add(id)
        this.#active.set(id, { subscription, send })
        return id
      }
    }
    return {
      methods,
      close: () => {
        for (const id of own) this.#active.delete(id)
        own.clear()
      },
    }
  }

  /** Stops listening to the chain. */
  close(): void {
    this.#stop()
    this.#active.clear()
  }

  #notify(id: number, active: Active, method: string, result: unknown): void {
    active.send(stringifyJson({ jsonrpc: '2.0', method, params: { result, subscription: id } }))
  }

  #account(id: number, active: Active, slot: number, account: AccountView | null): void {
    const { subscription } = active
    if (subscription.kind !== 'account') return
    const rendered = renderAccount(
      account ?? NO_ACCOUNT,
      subscription.encoding,
      subscription.dataSlice,
    )
    const value = account ? rendered : { ...rendered, rentEpoch: 0 }
    this.#notify(id, active, 'accountNotification', { context: { slot }, value })
  }

  #committed(level: CommitmentLevel, slot: number, entries: readonly LedgerEntry[]): void {
    if (entries.length === 0) return
    for (const [id, active] of this.#active) {
      const { subscription } = active
      if (!('level' in subscription) || subscription.level !== level) continue
      if (subscription.kind === 'signature') {
        const entry = entries.find((candidate) => candidate.signature === subscription.signature)
        if (!entry) continue
        // One notification ends the subscription, as on the RPC.
        this.#active.delete(id)
        this.#notify(id, active, 'signatureNotification', {
          context: { slot },
          value: { err: entry.err },
        })
      } else if (subscription.kind === 'logs') {
        for (const entry of entries) {
          if (subscription.mentions && !entry.accountKeys.includes(subscription.mentions)) continue
          this.#notify(id, active, 'logsNotification', {
            context: { slot },
            value: { signature: entry.signature, err: entry.err, logs: entry.logMessages },
          })
        }
      } else if (entries.some((entry) => entry.writableKeys.includes(subscription.address))) {
        this.#account(id, active, slot, this.chain.accountAt(subscription.address, slot))
      }
    }
  }

  #listener(): ChainListener {
    return {
      received: (signature, slot) => {
        for (const [id, active] of this.#active) {
          const { subscription } = active
          if (subscription.kind !== 'signature' || !subscription.received) continue
          if (subscription.signature !== signature) continue
          this.#notify(id, active, 'signatureNotification', {
            context: { slot },
            value: 'receivedSignature',
          })
        }
      },
      slot: (info) => {
        for (const [id, active] of this.#active) {
          if (active.subscription.kind === 'slot') {
            this.#notify(id, active, 'slotNotification', info)
          }
        }
      },
      root: (slot) => {
        for (const [id, active] of this.#active) {
          if (active.subscription.kind === 'root') {
            this.#notify(id, active, 'rootNotification', slot)
          }
        }
      },
      committed: (level, slot, entries) => this.#committed(level, slot, entries),
      accountsSet: (addresses, slot) => {
        for (const [id, active] of this.#active) {
          const { subscription } = active
          if (subscription.kind === 'account' && addresses.includes(subscription.address)) {
            this.#account(id, active, slot, this.chain.accountAt(subscription.address, slot))
          }
        }
      },
    }
  }
}
