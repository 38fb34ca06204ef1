// A process of its own for warm-shapes.test.ts: bursts of process.nextTick with full collections
// between them, as a shop's ticks die between bursts of requests; then prints V8's feedback of
// process.nextTick (%DebugPrint, on stdout), whose tick literal's inline caches the parent
// reads. With `warm`, warmHttpShapes runs first, as the shop's start does.
import { warmHttpShapes } from '../../src/http/warm-shapes.js'
import { collectFully, debugPrint } from './layout-probe.js'

const burst = () =>
  new Promise<void>((resolve) => {
    let ticks = 0
    const next = () => (++ticks < 20 ? process.nextTick(next) : resolve())
    process.nextTick(next)
  })

if (process.argv[2] === 'warm') await warmHttpShapes()
for (let i = 0; i < 8; i++) {
  await burst()
  collectFully()
  await new Promise((resolve) => setTimeout(resolve, 1))
}
debugPrint(process.nextTick)
