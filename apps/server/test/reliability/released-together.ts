// HTTP requests released together over many connections, the "last-byte synchronisation" of
// single-packet race attacks, against the app listening on a loopback port.
import net from 'node:net'
import type { FastifyInstance } from 'fastify'

/** Listens on a free loopback port; the log line names no address (as main.ts does). */
export async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1', listenTextResolver: () => 'listening' })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  return address.port
}

export interface RawRequest {
  method: 'GET' | 'POST' | 'DELETE'
  path: string
  headers?: Record<string, string>
  /** Sent as JSON. */
  body?: unknown
}

export interface RawResponse {
  status: number
  headers: Record<string, string>
  body: string
  // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies loosely
  json(): any
}

function requestBytes(port: number, request: RawRequest): Buffer {
  const body = request.body === undefined ? '' : JSON.stringify(request.body)
  const lines = [
    `${request.method} ${request.path} HTTP/1.1`,
    `host: 127.0.0.1:${port}`,
    'connection: close',
    ...Object.entries(request.headers ?? {}).map(([k, v]) => `${k}: ${v}`),
  ]
  if (request.body !== undefined) {
    lines.push('content-type: application/json', `content-length: ${Buffer.byteLength(body)}`)
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}`)
}

function decodeChunked(raw: Buffer): Buffer {
  const parts: Buffer[] = []
  let at = 0
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at)
    if (lineEnd < 0) break
    const size = Number.parseInt(raw.subarray(at, lineEnd).toString(), 16)
    if (!size) break
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size))
    at = lineEnd + 2 + size + 2
  }
  return Buffer.concat(parts)
}

function parseResponse(raw: Buffer): RawResponse {
  const split = raw.indexOf('\r\n\r\n')
  if (split < 0) throw new Error(`incomplete HTTP response: ${raw.toString().slice(0, 200)}`)
  const [statusLine = '', ...headerLines] = raw.subarray(0, split).toString('latin1').split('\r\n')
  const status = Number(statusLine.split(' ')[1])
  const headers: Record<string, string> = {}
  for (const line of headerLines) {
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  let bodyBytes = raw.subarray(split + 4)
  if (headers['transfer-encoding']?.includes('chunked')) bodyBytes = decodeChunked(bodyBytes)
  const body = bodyBytes.toString('utf8')
  return { status, headers, body, json: () => JSON.parse(body) }
}

/**
 * Sends every request on its own TCP connection and releases them together, the "last-byte
 * synchronisation" of single-packet race attacks: each connection first sends its request
 * except the final byte, and once the server has accepted every connection and begun every
 * request that has a body (its headers are complete), the final bytes go out in one loop, so no
 * request can finish before the others have arrived.
 */
export async function fireTogether(
  server: net.Server,
  requests: readonly RawRequest[],
): Promise<RawResponse[]> {
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('the server is not listening')
  const port = address.port
  const begun = serverBegins(
    server,
    requests.length,
    requests.filter((request) => request.body !== undefined).length,
  )
  const sockets: net.Socket[] = []
  try {
    for (let start = 0; start < requests.length; start += 100) {
      sockets.push(
        ...(await Promise.all(
          requests.slice(start, start + 100).map(
            () =>
              new Promise<net.Socket>((resolve, reject) => {
                const socket = net.connect({ port, host: '127.0.0.1', noDelay: true })
                socket.once('connect', () => resolve(socket))
                socket.once('error', reject)
              }),
          ),
        )),
      )
    }
    const payloads = requests.map((request) => requestBytes(port, request))
    const responses = sockets.map(
      (socket) =>
        new Promise<RawResponse>((resolve, reject) => {
          const chunks: Buffer[] = []
          socket.on('data', (chunk: Buffer) => chunks.push(chunk))
          socket.once('error', reject)
          socket.once('end', () => {
            try {
              resolve(parseResponse(Buffer.concat(chunks)))
            } catch (error) {
              reject(error)
            }
          })
        }),
    )
    const bytes = (i: number) => payloads[i] ?? Buffer.alloc(0)
    await Promise.all(
      sockets.map(
        (socket, i) =>
          new Promise<void>((resolve) => socket.write(bytes(i).subarray(0, -1), () => resolve())),
      ),
    )
    await begun
    for (const [i, socket] of sockets.entries()) socket.write(bytes(i).subarray(-1))
    return await Promise.all(responses)
  } finally {
    for (const socket of sockets) socket.destroy()
  }
}

/** Counts responses by "status code" or "status code/error code". */
export function tally(responses: readonly RawResponse[]): Record<string, number> {
  const out: Record<string, number> = {}
  for (const res of responses) {
    let key = String(res.status)
    if (res.status >= 400) {
      try {
        key += `/${res.json().code}`
      } catch {
        key += '/unparseable'
      }
    }
    out[key] = (out[key] ?? 0) + 1
  }
  return out
}

/** Resolves once `server` has accepted `connections` new connections and begun `requests`. */
function serverBegins(server: net.Server, connections: number, requests: number): Promise<void> {
  return new Promise((resolve) => {
    let accepted = 0
    let begun = 0
    const check = () => {
      if (accepted < connections || begun < requests) return
      server.off('connection', onConnection)
      server.off('request', onRequest)
      resolve()
    }
    const onConnection = () => {
      accepted++
      check()
    }
    const onRequest = () => {
      begun++
      check()
    }
    server.on('connection', onConnection)
    server.on('request', onRequest)
    check()
  })
}
