// A shop started with SOLANA_RPC_URL (production) never loads the local chain or LiteSVM, and one
// on PGlite never loads the PostgreSQL driver: the real entry point runs in a child process whose
// module loader records every module it resolves. The same recorder on a local-mode start sees
// the chain, so the check can fail.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { generateKeyPairSigner } from '@solana/kit'
import { afterAll, describe, expect, it } from 'vitest'
import { onPostgres } from './helpers.js'
import { freePort, fromSource, killServers, startServer } from './support/process.js'

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-modules-'))

// Runs in Node's loader thread: appends the URL every import resolves to, to the given file.
const HOOKS = `import fs from 'node:fs'
let file
export function initialize(data) { file = data.file }
export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context)
  fs.appendFileSync(file, result.url + '\\n')
  return result
}
`
const hooksFile = path.join(workDir, 'record-hooks.mjs')
const registerFile = path.join(workDir, 'record-imports.mjs')
fs.writeFileSync(hooksFile, HOOKS)
fs.writeFileSync(
  registerFile,
  `import { register } from 'node:module'
register(${JSON.stringify(pathToFileURL(hooksFile).href)}, {
  data: { file: process.env.RECORD_IMPORTS_FILE },
})
`,
)

// The chain's package, except its lock-owner rule (a few lines of /proc reading, which the data
// folder's lock shares).
const CHAIN_MODULES =
  /\/packages\/local-chain\/(?!(src|dist)\/lock-owner\.[jt]s$)|\/node_modules\/litesvm\/|demo-wallet\.[jt]s$/

const POSTGRES_DRIVER = /\/node_modules\/pg\/|\/drizzle-orm\/node-postgres\/|open-postgres\.[jt]s$/

/** Starts src/main.ts with `env`, waits until it is ready, stops it; the modules it resolved. */
async function modulesLoadedBy(name: string, env: Record<string, string>): Promise<string[]> {
  const record = path.join(workDir, `${name}.txt`)
  const dataDir = path.join(workDir, `${name}-data`)
  const shop = await startServer(
    fromSource(
      {
        LOCAL_CHAIN_PORT: '0',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        WEB_DIST_DIR: 'off',
        RATE_PROVIDER: 'fixed',
        RECORD_IMPORTS_FILE: record,
        ...env,
      },
      ['--import', registerFile],
    ),
  )
  expect(await shop.stop()).toBe(0)
  return fs.readFileSync(record, 'utf8').split('\n').filter(Boolean)
}

afterAll(() => {
  killServers()
  fs.rmSync(workDir, { recursive: true, force: true })
})

describe.skipIf(onPostgres)('which modules a start loads', () => {
  it('with SOLANA_RPC_URL: no local chain, no LiteSVM, no demo wallet', async () => {
    const merchant = (await generateKeyPairSigner()).address
    // Nothing listens there: the watcher's polls fail, which does not stop the start.
    const rpcUrl = `http://127.0.0.1:${await freePort()}`
    const modules = await modulesLoadedBy('production', {
      SOLANA_RPC_URL: rpcUrl,
      MERCHANT_WALLET: merchant,
    })
    expect(modules.some((url) => url.endsWith('/src/local-chain-mode.ts'))).toBe(true)
    expect(modules.some((url) => url.includes('/node_modules/fastify/'))).toBe(true)
    expect(modules.filter((url) => CHAIN_MODULES.test(url))).toEqual([])
    // db/client.ts loads each driver only when it is used.
    expect(modules.some((url) => url.includes('/node_modules/@electric-sql/pglite/'))).toBe(true)
    expect(modules.filter((url) => POSTGRES_DRIVER.test(url))).toEqual([])
  }, 90_000)

  it('without it: the local chain and LiteSVM are loaded (the recorder sees them)', async () => {
    const modules = await modulesLoadedBy('local', {})
    expect(modules.some((url) => url.includes('/packages/local-chain/src/'))).toBe(true)
    expect(modules.some((url) => url.includes('/node_modules/litesvm/'))).toBe(true)
  }, 90_000)
})
