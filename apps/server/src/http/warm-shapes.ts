// Node's HTTP objects laid out, and a tick object kept, before the shop serves anyone (decision
// 0030): two ways V8's garbage collector made a shop process slower for the rest of its life.
//
// V8 decides how many properties the objects of a constructor keep inside the object ("in-object
// slack tracking") at its 7th instance, from the layouts of the instances that are still in the
// heap. A server's first requests are answered and dropped one by one; if a full garbage
// collection runs before the 7th (a shop idles after its start, and V8's memory reducer collects
// then), the layouts of the first six are gone, V8 keeps no property inside a ServerResponse,
// and from then on every response of the process is built in dictionary mode (a hash table per
// object): about 15 % more CPU per cached answer, for as long as the process runs. Whether a
// process was struck depended on timing: that was much of the spread between shop processes
// in docs/performance.md. So the shop first sends itself WARM_REQUESTS requests on a throwaway
// server and answers them only once all have arrived: every ServerResponse, IncomingMessage,
// socket and stream state of them is alive when the 7th is built, in the layout of a real
// request, and V8 keeps room for all their properties.
//
// The same collector also takes away what an object's hidden classes ("maps") are while no
// object of them is alive. process.nextTick builds each tick object from a literal with computed
// (symbol) keys; a shop's tick objects all die between two bursts of requests, the next burst
// builds their maps anew, and after a few collections the literal's inline caches give up
// ("megamorphic"): every tick (several per request) then adds its properties through V8's
// runtime, about 7 % of a cached answer's CPU. One tick object kept for the life of the process
// keeps its maps, and the caches stay monomorphic.
import { executionAsyncResource } from 'node:async_hooks'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** More than the 7 instances after which V8 fixes a constructor's object layout. */
const WARM_REQUESTS = 8
const TIMEOUT_MS = 2_000

/** Objects kept for the life of the process so that V8 keeps their maps (see above). */
const keptForLife: object[] = []

/** Keeps a tick object: inside a tick's callback, the current async resource is that tick. */
function keepTickLayout(): Promise<void> {
  return new Promise((resolve) => {
    process.nextTick(() => {
      keptForLife.push(executionAsyncResource())
      resolve()
    })
  })
}

/**
 * Serves WARM_REQUESTS concurrent requests over loopback on a server of its own, then closes
 * it. Rejects if loopback does not answer in time: the shop then starts without it (slower
 * answers, nothing else).
 */
export async function warmHttpShapes(): Promise<void> {
  await keepTickLayout()
  const held: http.ServerResponse[] = []
  const server = http.createServer((_request, response) => {
    held.push(response)
    if (held.length === WARM_REQUESTS) for (const each of held) each.end()
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo
  try {
    await Promise.all(Array.from({ length: WARM_REQUESTS }, () => request(port)))
  } finally {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
}

function request(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const outgoing = http.get({ host: '127.0.0.1', port, agent: false }, (incoming) => {
      incoming.resume()
      incoming.once('end', resolve)
      incoming.once('error', reject)
    })
    outgoing.once('error', reject)
    outgoing.setTimeout(TIMEOUT_MS, () => outgoing.destroy(new Error('loopback did not answer')))
  })
}
