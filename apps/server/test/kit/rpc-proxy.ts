// A Solana JSON-RPC provider that misbehaves on demand: it sits between the shop and the local
// chain, forwards every call, and answers some of them the way real providers do on a bad day:
// `null` for a transaction a load-balanced node does not have yet, 429 with Retry-After, "minimum
// context slot not reached" from a lagging node, history out of order, some signatures left out,
// or nothing at all (a stalled provider). It also counts the calls, by method.
import http from 'node:http'
import type { AddressInfo } from 'node:net'

interface RpcRequest {
  jsonrpc: '2.0'
  id: number | string
  method: string
  params?: unknown[]
}

/** What a fault does with one call: answer it itself, rewrite the chain's answer, or pass. */
export type Fault = (
  call: RpcRequest,
) =>
  | { reply: { status: number; headers?: Record<string, string>; body: unknown } }
  | { rewrite: (result: unknown) => unknown }
  | undefined

export interface RpcProxy {
  url: string
  /** Faults in force, tried in order; the first that acts on a call wins. */
  faults: Fault[]
  /** Calls forwarded or answered, by method. */
  calls: Map<string, number>
  close(): Promise<void>
}

const rpcError = (call: RpcRequest, code: number, message: string) => ({
  reply: { status: 200, body: { jsonrpc: '2.0', id: call.id, error: { code, message } } },
})

/** Known faults, as providers show them. */
export const faults = {
  /** getTransaction of `signature` answers null the next `times` times. */
  nullTransaction(signature: string, times: number): Fault {
    let left = times
    return (call) => {
      if (call.method !== 'getTransaction' || call.params?.[0] !== signature || left <= 0) return
      left--
      return { reply: { status: 200, body: { jsonrpc: '2.0', id: call.id, result: null } } }
    }
  },
  /** A node behind the balancer that is behind: getTransaction with minContextSlot fails. */
  laggingNode(times: number): Fault {
    let left = times
    return (call) => {
      const options = call.params?.[1] as { minContextSlot?: number } | undefined
      if (call.method !== 'getTransaction' || options?.minContextSlot === undefined) return
      if (left-- <= 0) return
      return rpcError(call, -32016, 'Minimum context slot has not been reached')
    }
  },
  /** Every call answers 429 with Retry-After (seconds) the next `times` times. */
  tooManyRequests(retryAfterSeconds: number, times: number): Fault {
    let left = times
    return () => {
      if (left-- <= 0) return
      return {
        reply: {
          status: 429,
          headers: { 'retry-after': String(retryAfterSeconds) },
          body: { jsonrpc: '2.0', error: { code: 429, message: 'Too many requests' } },
        },
      }
    }
  },
  /** A provider that is down: 503 to everything while `down()` says so. */
  stalled(down: () => boolean): Fault {
    return (call) => {
      if (!down()) return
      return { reply: { status: 503, body: { jsonrpc: '2.0', id: call.id, error: 'down' } } }
    }
  },
  /** getSignaturesForAddress answers in a shuffled order. */
  signaturesOutOfOrder(): Fault {
    return (call) => {
      if (call.method !== 'getSignaturesForAddress') return
      return {
        rewrite: (result) => (Array.isArray(result) ? [...result].reverse() : result),
      }
    }
  },
  /** getSignaturesForAddress of `account` leaves `hidden` out (a node with a gap in history). */
  historyWithout(account: string, hidden: () => readonly string[]): Fault {
    return (call) => {
      if (call.method !== 'getSignaturesForAddress' || call.params?.[0] !== account) return
      return {
        rewrite: (result) =>
          Array.isArray(result)
            ? result.filter((entry: { signature: string }) => !hidden().includes(entry.signature))
            : result,
      }
    }
  },
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk) => {
      body += chunk
    })
    req.on('end', () => resolve(body))
    req.on('error', reject)
  })
}

/** Starts a proxy in front of the JSON-RPC endpoint at `target`. */
export async function startRpcProxy(target: string): Promise<RpcProxy> {
  const proxy: Omit<RpcProxy, 'url' | 'close'> = { faults: [], calls: new Map() }
  const server = http.createServer(async (req, res) => {
    const raw = await readBody(req)
    const call = JSON.parse(raw) as RpcRequest
    proxy.calls.set(call.method, (proxy.calls.get(call.method) ?? 0) + 1)
    let rewrite: ((result: unknown) => unknown) | null = null
    for (const fault of proxy.faults) {
      const action = fault(call)
      if (!action) continue
      if ('reply' in action) {
        const { status, headers, body } = action.reply
        res.writeHead(status, { 'content-type': 'application/json', ...headers })
        res.end(JSON.stringify(body))
        return
      }
      rewrite = action.rewrite
      break
    }
    const forwarded = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: raw,
    })
    const text = await forwarded.text()
    let body = text
    if (rewrite) {
      const answer = JSON.parse(text) as { result?: unknown }
      if ('result' in answer) body = JSON.stringify({ ...answer, result: rewrite(answer.result) })
    }
    res.writeHead(forwarded.status, { 'content-type': 'application/json' })
    res.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    calls: proxy.calls,
    get faults() {
      return proxy.faults
    },
    set faults(value) {
      proxy.faults = value
    },
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
