// Prints the RSS of a process that only loads the shop's modules ("modules"), or that also
// opens the PGlite folder given as the second argument with the shop's own settings ("pglite"):
// the floor under the server's peak RSS, measured rather than guessed.
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const [mode, dataDir] = process.argv.slice(2)
const dist = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../apps/server/dist')
const load = (file) => import(pathToFileURL(path.join(dist, file)).href)
const rssKb = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))[1])

const result = { node: rssKb() }
if (mode === 'pglite') {
  const { openDatabase } = await load('db/client.js')
  const database = await openDatabase({ dataDir })
  await database.db.execute('select count(*) from products')
  result.pglite = rssKb()
  await database.close()
} else {
  // What the shop loads in production (the bench's shop watches an RPC in another process):
  // the bundle's chunks that main() imports at start (apps/server/scripts/bundle.mjs).
  const bundle = path.join(dist, '../bundle')
  for (const entry of ['app', 'local-chain-mode', 'jobs']) {
    const file = fs
      .readdirSync(bundle)
      .find((name) => new RegExp(`^${entry}-\\w+\\.mjs$`).test(name))
    if (!file) throw new Error(`apps/server/bundle has no ${entry} chunk: run \`npm run build\``)
    await import(pathToFileURL(path.join(bundle, file)).href)
  }
  result.modules = rssKb()
}
process.stdout.write(`${JSON.stringify(result)}\n`)
