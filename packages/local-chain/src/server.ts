// Serves a LocalChain over standard Solana JSON-RPC 2.0 on HTTP POST, so @solana/kit, web3.js,
// the Solana CLI or a wallet can use it like any cluster's RPC endpoint. Loopback only: the
// faucet gives anyone who can reach it unlimited play money.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { LocalChain, type LocalChainOptions } from './chain.js'
import { stringifyJson } from './json.js'
import { handleRpcBody } from './rpc.js'

export const DEFAULT_LOCAL_CHAIN_PORT = 8899
const DEFAULT_BODY_LIMIT = 1024 * 1024
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1'])

export interface LocalChainRpcOptions {
  /** TCP port; 0 picks a free one (see `url`). Default 8899, Solana's usual RPC port. */
  port?: number
  /** A loopback address only. Default 127.0.0.1. */
  host?: string
  /** The chain to serve; a new one by default. */
  chain?: LocalChain
  chainOptions?: LocalChainOptions
  /** Largest request body in bytes. Default 1 MiB. */
  bodyLimit?: number
  /** Called with unexpected errors, which clients see as -32603 "Internal error". */
  onError?: (error: unknown) => void
}

export interface LocalChainRpc {
  /** The endpoint URL, e.g. http://127.0.0.1:8899 */
  url: string
  chain: LocalChain
  close(): Promise<void>
}

function send(res: ServerResponse, status: number, body: string, type = 'text/plain') {
  res.writeHead(status, {
    'Content-Type': `${type}; charset=utf-8`,
    'Content-Length': Buffer.byteLength(body),
  })
  res.end(body)
}

function readBody(req: IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        resolve(null)
        req.removeAllListeners('data')
        req.resume()
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

/** Starts the JSON-RPC endpoint; resolves once it listens. */
export async function startLocalChainRpc(
  options: LocalChainRpcOptions = {},
): Promise<LocalChainRpc> {
  const host = options.host ?? '127.0.0.1'
  if (!LOOPBACK_HOSTS.has(host)) {
    throw new Error(`the local chain RPC listens on loopback only, not on ${host}`)
  }
  const chain = options.chain ?? new LocalChain(options.chainOptions)
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT
  const onError = options.onError ?? ((error: unknown) => console.error('local chain RPC', error))

  const server = createServer(async (req, res) => {
    // Browser wallets and web pages call RPC endpoints cross-origin, as real nodes allow.
    res.setHeader('Access-Control-Allow-Origin', '*')
    try {
      if (req.method === 'OPTIONS') {
        res.setHeader('Access-Control-Allow-Methods', 'POST, OPTIONS')
        res.setHeader('Access-Control-Allow-Headers', 'Content-Type, solana-client')
        res.setHeader('Access-Control-Max-Age', '86400')
        res.writeHead(204).end()
        return
      }
      const path = (req.url ?? '/').split('?')[0]
      if (req.method === 'GET' && path === '/health') {
        send(res, 200, 'ok')
        return
      }
      if (req.method !== 'POST') {
        send(res, 405, 'Used HTTP Method is not allowed. POST or OPTIONS is required')
        return
      }
      if (path !== '/') {
        send(res, 404, 'Not Found')
        return
      }
      const type = req.headers['content-type'] ?? ''
      if (!type.toLowerCase().startsWith('application/json')) {
        send(
          res,
          415,
          'Supplied content type is not allowed. Content-Type: application/json is required',
        )
        return
      }
      const body = await readBody(req, bodyLimit)
      if (body === null) {
        res.setHeader('Connection', 'close')
        send(res, 413, 'Payload Too Large')
        return
      }
      const reply = await handleRpcBody(chain, body, onError)
      if (reply === null) {
        res.writeHead(200).end()
        return
      }
      send(res, 200, stringifyJson(reply), 'application/json')
    } catch (error) {
      onError(error)
      if (!res.headersSent) send(res, 500, 'Internal Server Error')
      else res.destroy()
    }
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? DEFAULT_LOCAL_CHAIN_PORT, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  const urlHost = host === '::1' ? '[::1]' : host
  return {
    url: `http://${urlHost}:${port}`,
    chain,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        // Keep-alive connections of HTTP clients would otherwise hold the server open.
        server.closeAllConnections()
      }),
  }
}
