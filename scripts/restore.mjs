// `npm run restore -- <backup file> [--force]`: builds what changed since the last build, as
// `npm start` does (build-if-stale.mjs), then runs the built server's restore command in this
// same process (apps/server/src/backup/restore-cli.ts: what it reads and what it refuses).
import { buildStale } from './build-if-stale.mjs'

try {
  buildStale()
} catch (error) {
  process.stderr.write(`Cannot restore: ${error.message}\n`)
  process.exit(1)
}
await import('../apps/server/dist/backup/restore-cli.js')
