// `npm start`: builds what changed since the last build (nothing when the build is current, see
// build-if-stale.mjs), then runs the built server in this same process, as
// `node apps/server/dist/main.js` would (one process: signals and memory are the server's own).
import { buildStale } from './build-if-stale.mjs'

try {
  buildStale()
} catch (error) {
  process.stderr.write(`Cannot start the shop: ${error.message}\n`)
  process.exit(1)
}
await import('../apps/server/dist/main.js')
