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
import { SERVER_BUNDLE } from '../../../scripts/server-launch.mjs'
import { onPostgres } from './kit/index.js'
import { freePort, fromBuild, fromSource, killServers, startServer } from './kit/process.js'

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

const BASE_ENV = {
  LOCAL_CHAIN_PORT: '0',
  DATA_DIR: '',
  DATABASE_URL: '',
  WEB_DIST_DIR: 'off',
  RATE_PROVIDER: 'fixed',
}

/**
 * Starts the server with `env`, src/main.ts (or with `built`, the production bundle as
 * `npm start` runs it), waits until it is ready, stops it; the modules it resolved.
 */
async function modulesLoadedBy(
  name: string,
  env: Record<string, string>,
  built = false,
): Promise<string[]> {
  const record = path.join(workDir, `${name}.txt`)
  const started = { ...BASE_ENV, DATA_DIR: path.join(workDir, `${name}-data`), ...env }
  const recorder = ['--import', registerFile]
  const options = built ? fromBuild(started) : fromSource(started, recorder)
  // The recorder goes before the bundle's path (the last argument).
  if (built) options.args.splice(-1, 0, ...recorder)
  const shop = await startServer({
    ...options,
    env: { ...options.env, RECORD_IMPORTS_FILE: record },
  })
  expect(await shop.stop()).toBe(0)
  return fs.readFileSync(record, 'utf8').split('\n').filter(Boolean)
}

/** A production start: a merchant address, and an RPC at which nothing listens. */
async function productionEnv(): Promise<Record<string, string>> {
  const merchant = (await generateKeyPairSigner()).address
  // The watcher's polls fail, which does not stop the start.
  return { SOLANA_RPC_URL: `http://127.0.0.1:${await freePort()}`, MERCHANT_WALLET: merchant }
}

/** The bundle's files (apps/server/bundle) holding any source `source` matches. */
function bundleFilesHolding(source: RegExp): string[] {
  const meta = JSON.parse(
    fs.readFileSync(path.join(path.dirname(SERVER_BUNDLE), 'meta.json'), 'utf8'),
  )
  const outputs = meta.outputs as Record<string, { inputs: Record<string, unknown> }>
  return Object.entries(outputs)
    .filter(([, output]) => Object.keys(output.inputs).some((input) => source.test(`/${input}`)))
    .map(([file]) => path.basename(file))
}

afterAll(() => {
  killServers()
  fs.rmSync(workDir, { recursive: true, force: true })
})

describe.skipIf(onPostgres)('which modules a start loads', () => {
  it('with SOLANA_RPC_URL: no local chain, no LiteSVM, no demo wallet', async () => {
    const modules = await modulesLoadedBy('production', await productionEnv())
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

describe.skipIf(onPostgres)('which files the production bundle loads', () => {
  it('as the sources do: no local chain, no LiteSVM, no demo wallet, no PostgreSQL driver', async () => {
    const modules = await modulesLoadedBy('bundle', await productionEnv(), true)
    const loaded = (file: string) => modules.some((url) => url.endsWith(`/bundle/${file}`))
    expect(modules.some((url) => url.endsWith('/bundle/shop.mjs'))).toBe(true)
    expect(modules.some((url) => url.includes('/node_modules/@electric-sql/pglite/'))).toBe(true)
    expect(modules.filter((url) => CHAIN_MODULES.test(url) || POSTGRES_DRIVER.test(url))).toEqual(
      [],
    )
    // What the bundle holds of them, in chunks of their own that the start never loaded.
    const chain = bundleFilesHolding(CHAIN_MODULES)
    const postgres = bundleFilesHolding(POSTGRES_DRIVER)
    expect(chain.length).toBeGreaterThan(0)
    expect(postgres.length).toBeGreaterThan(0)
    expect([...chain, ...postgres].filter(loaded)).toEqual([])
    // Nothing of the server is loaded from dist/ or src/: all of it comes from the bundle.
    expect(modules.filter((url) => /\/apps\/server\/(?:dist|src)\//.test(url))).toEqual([])
  }, 90_000)

  it('without SOLANA_RPC_URL: loads the chunk with the demo wallet (the recorder sees chunks)', async () => {
    const modules = await modulesLoadedBy('bundle-local', {}, true)
    const wallet = bundleFilesHolding(/demo-wallet\.js$/)
    expect(wallet.length).toBeGreaterThan(0)
    expect(modules.some((url) => wallet.some((file) => url.endsWith(`/bundle/${file}`)))).toBe(true)
    expect(modules.some((url) => url.includes('/node_modules/litesvm/'))).toBe(true)
  }, 90_000)
})
