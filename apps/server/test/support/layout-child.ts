// A process of its own for warm-shapes.test.ts (V8's object layouts are per process): a plain
// node:http server answers six requests one after another, a full collection runs, and the
// next ones are asked whether they are in fast mode. With `warm`, warmHttpShapes runs first, as
// main.ts does. Prints the answers as JSON.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { warmHttpShapes } from '../../src/http/warm-shapes.js'
import { collectFully, hasFastProperties } from './layout-probe.js'

if (process.argv[2] === 'warm') await warmHttpShapes()
const fast: boolean[] = []
const server = http.createServer((_request, response) => {
  fast.push(hasFastProperties(response))
  response.end('ok')
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const { port } = server.address() as AddressInfo
const get = async () => (await fetch(`http://127.0.0.1:${port}/`)).text()
for (let i = 0; i < 6; i++) await get()
// Nothing of the six responses is left but their layouts, which a full collection drops.
await new Promise((resolve) => setTimeout(resolve, 50))
collectFully()
for (let i = 0; i < 3; i++) await get()
server.closeAllConnections()
server.close()
process.stdout.write(JSON.stringify(fast))
