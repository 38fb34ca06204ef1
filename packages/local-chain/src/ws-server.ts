// The WebSocket endpoint of the chain's RPC (on the RPC port + 1, as solana-test-validator serves
// it and @solana/web3.js derives it): JSON-RPC messages in, subscription ids and notifications out.
// Requests without an id, such as the clients' keep-alive "ping", get no answer.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocketServer } from 'ws'
import type { LocalChain } from './chain.js'
import { stringifyJson } from './json.js'
import { answerRpc } from './rpc.js'
import { Subscriptions } from './subscriptions.js'

const MAX_MESSAGE_BYTES = 1024 * 1024

export interface PubSubServer {
  port: number
  close(): Promise<void>
}

/** Listens on `host:port`; rejects with the listen error (EADDRINUSE…) without side effects. */
export async function listenPubSub(
  chain: LocalChain,
  host: string,
  port: number,
  onError: (error: unknown) => void,
): Promise<PubSubServer> {
  const http: Server = createServer((_req, res) => {
    // Like the validator's pubsub port: WebSocket upgrades only.
    res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' })
    res.end('WebSocket connections only')
  })
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(port, host, () => {
      http.off('error', reject)
      resolve()
    })
  })
  const subscriptions = new Subscriptions(chain)
  const wss = new WebSocketServer({ server: http, maxPayload: MAX_MESSAGE_BYTES })
  wss.on('connection', (socket) => {
    const connection = subscriptions.connect((text) => {
      if (socket.readyState === socket.OPEN) socket.send(text)
    })
    // One message at a time per connection, in order, as the client sent them.
    let queue = Promise.resolve()
    socket.on('message', (data, isBinary) => {
      const text = isBinary ? '' : data.toString()
      queue = queue.then(async () => {
        const reply = await answerRpc(connection.methods, text, onError)
        if (reply !== null && socket.readyState === socket.OPEN) socket.send(stringifyJson(reply))
      })
    })
    socket.on('close', () => connection.close())
    socket.on('error', () => socket.terminate())
  })
  return {
    port: (http.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        subscriptions.close()
        for (const client of wss.clients) client.terminate()
        wss.close()
        http.close((error) => (error ? reject(error) : resolve()))
        http.closeAllConnections()
      }),
  }
}
