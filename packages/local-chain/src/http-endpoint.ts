// The chain's JSON-RPC over HTTP, as a validator serves it: POST of JSON only, with a body limit,
// CORS for browser wallets and pages, and GET /health.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { LocalChain } from './chain.js'
import { stringifyJson } from './json.js'
import { handleRpcBody } from './rpc.js'

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

/** The HTTP server of the endpoint, not yet listening. */
export function createRpcHttpServer(
  chain: LocalChain,
  bodyLimit: number,
  onError: (error: unknown) => void,
): Server {
  return createServer(async (req, res) => {
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
}
