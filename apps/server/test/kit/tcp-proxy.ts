// A TCP proxy between the shop and PostgreSQL, to cut, refuse or stall the database's
// connections in tests as a restart, a failover or a frozen server would (docs/decisions/0035).
import net from 'node:net'

export interface TcpProxy {
  /** The target's URL with this proxy's address in it. */
  url: string
  /** Resets every open connection, as a server that restarts does. */
  cut(): void
  /** While true, a new connection is reset at once (a server not up yet). */
  refusing: boolean
  /** Stops passing bytes either way, the connections left open (a server stopped by SIGSTOP). */
  pause(): void
  resume(): void
  close(): Promise<void>
}

export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl)
  const pairs = new Set<[net.Socket, net.Socket]>()
  let paused = false
  const server = net.createServer((client) => {
    if (proxy.refusing) {
      client.resetAndDestroy()
      return
    }
    const upstream = net.connect(Number(target.port || 5432), target.hostname)
    const pair: [net.Socket, net.Socket] = [client, upstream]
    pairs.add(pair)
    for (const [from, to] of [pair, [upstream, client] as const]) {
      from.on('data', (chunk) => to.write(chunk))
      from.on('error', () => to.destroy())
      from.on('close', () => {
        to.destroy()
        pairs.delete(pair)
      })
      if (paused) from.pause()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  const url = new URL(targetUrl)
  url.hostname = '127.0.0.1'
  url.port = String(port)
  const proxy: TcpProxy = {
    url: url.toString(),
    refusing: false,
    cut() {
      for (const [client, upstream] of pairs) {
        client.resetAndDestroy()
        upstream.destroy()
      }
      pairs.clear()
    },
    pause() {
      paused = true
      for (const pair of pairs) for (const socket of pair) socket.pause()
    },
    resume() {
      paused = false
      for (const pair of pairs) for (const socket of pair) socket.resume()
    },
    async close() {
      proxy.cut()
      await new Promise((resolve) => server.close(resolve))
    },
  }
  return proxy
}
