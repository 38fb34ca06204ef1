// Serves a LocalChain like a cluster's RPC node: standard Solana JSON-RPC over HTTP on the RPC
// port and its WebSocket subscriptions on the port after it, with the slot clock running, so
// @solana/kit, @solana/web3.js, the Solana CLI or a wallet can use it like any cluster. Loopback
// only: the faucet gives anyone who can reach it unlimited play money.
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { LocalChain, type LocalChainOptions } from './chain.js'
import { createRpcHttpServer } from './http-endpoint.js'
import { listenPubSub, type PubSubServer } from './ws-server.js'

export const DEFAULT_LOCAL_CHAIN_PORT = 8899
const DEFAULT_BODY_LIMIT = 1024 * 1024
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1'])
/** Tries at pairing a free port with a free next port, when the port is chosen here. */
const PORT_PAIR_ATTEMPTS = 20

export interface LocalChainRpcOptions {
  /**
   * HTTP port; the WebSocket endpoint takes the next one. 0 picks a free pair (see `url`).
   * Default 8899 (and 8900), Solana's usual ports.
   */
  port?: number
  /** A loopback address only. Default 127.0.0.1. */
  host?: string
  /** The chain to serve (the caller closes it); a new one from `chainOptions` by default. */
  chain?: LocalChain
  chainOptions?: LocalChainOptions
  /** Largest request body in bytes. Default 1 MiB. */
  bodyLimit?: number
  /** Called with unexpected errors, which clients see as -32603 "Internal error". */
  onError?: (error: unknown) => void
}

export interface LocalChainRpc {
  /** The HTTP endpoint, e.g. http://127.0.0.1:8899 */
  url: string
  /** The WebSocket endpoint, e.g. ws://127.0.0.1:8900 */
  wsUrl: string
  chain: LocalChain
  close(): Promise<void>
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve((server.address() as AddressInfo).port)
    })
  })
}

function closeHttp(server: Server): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()))
    // Keep-alive connections of HTTP clients would otherwise hold the server open.
    server.closeAllConnections()
  })
}

function isAddressInUse(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code
  return code === 'EADDRINUSE' || code === 'EACCES' || error instanceof RangeError
}

/** Starts the endpoints and the slot clock; resolves once both ports listen. */
export async function startLocalChainRpc(
  options: LocalChainRpcOptions = {},
): Promise<LocalChainRpc> {
  const host = options.host ?? '127.0.0.1'
  if (!LOOPBACK_HOSTS.has(host)) {
    throw new Error(`the local chain RPC listens on loopback only, not on ${host}`)
  }
  const onError = options.onError ?? ((error: unknown) => console.error('local chain RPC', error))
  const ownsChain = !options.chain
  const chain = options.chain ?? new LocalChain(options.chainOptions)
  const requested = options.port ?? DEFAULT_LOCAL_CHAIN_PORT
  let http: Server | undefined
  let pubsub: PubSubServer | undefined
  try {
    for (let attempt = 0; !pubsub; attempt++) {
      http = createRpcHttpServer(chain, options.bodyLimit ?? DEFAULT_BODY_LIMIT, onError)
      const port = await listen(http, requested, host)
      try {
        pubsub = await listenPubSub(chain, host, port + 1, onError)
      } catch (error) {
        await closeHttp(http)
        if (requested !== 0 || attempt + 1 >= PORT_PAIR_ATTEMPTS || !isAddressInUse(error)) {
          throw error
        }
      }
    }
  } catch (error) {
    if (ownsChain) chain.close()
    throw error
  }
  const server = http as Server
  const port = (server.address() as AddressInfo).port
  const { slotMs } = chain.timing
  const clock =
    slotMs === null
      ? null
      : setInterval(() => {
          try {
            chain.advanceSlots(1)
          } catch (error) {
            onError(error)
          }
        }, slotMs)
  const urlHost = host === '::1' ? '[::1]' : host
  const ws = pubsub
  return {
    url: `http://${urlHost}:${port}`,
    wsUrl: `ws://${urlHost}:${ws.port}`,
    chain,
    close: async () => {
      if (clock) clearInterval(clock)
      await Promise.all([closeHttp(server), ws.close()])
      if (ownsChain) chain.close()
    },
  }
}
