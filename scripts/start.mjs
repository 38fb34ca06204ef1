// `npm start`: builds what changed since the last build (nothing when the build is current, see
// build-if-stale.mjs), then runs the built server's bundle in this same process, as
// `node apps/server/bundle/shop.mjs` would (one process: signals and memory are the server's
// own), with the variables and Node flags package.json's "start" gives (server-launch.mjs).
import { buildStale } from './build-if-stale.mjs'

try {
  buildStale()
} catch (error) {
  process.stderr.write(`Cannot start the shop: ${error.message}\n`)
  process.exit(1)
}
await import('../apps/server/bundle/shop.mjs')
