// Decision 0030: V8 lays out a constructor's objects at its 7th instance from those still in the
// heap; after six answered requests and a full collection, every later node:http response of
// the process is built in dictionary mode. And the maps of process.nextTick's tick objects,
// rebuilt after each collection, leave its inline caches megamorphic. warmHttpShapes prevents
// both, and the shop runs it.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { generateKeyPairSigner } from '@solana/kit'
import { afterAll, describe, expect, it } from 'vitest'
import { onPostgres } from './helpers.js'
import { freePort, fromSource, killServers, startServer } from './support/process.js'

const serverDir = fileURLToPath(new URL('..', import.meta.url))
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-layout-'))

/**
 * Runs test/support/`script` in a process of its own (V8's layouts and caches are per process),
 * with `warm` after warmHttpShapes as main.ts runs it; what it printed. Its stdout goes to a file:
 * %DebugPrint writes through V8's own stdout, which a pipe loses part of at exit.
 */
async function printedBy(script: string, mode: 'cold' | 'warm'): Promise<string> {
  const file = path.join(dir, `${script}-${mode}.txt`)
  const out = fs.openSync(file, 'w')
  try {
    const child = spawn(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', '--expose-gc', `test/support/${script}`, mode],
      { cwd: serverDir, stdio: ['ignore', out, 'inherit'] },
    )
    const [code] = (await once(child, 'exit')) as [number | null]
    expect(code).toBe(0)
  } finally {
    fs.closeSync(out)
  }
  return fs.readFileSync(file, 'utf8')
}

async function layoutsAfterACollection(mode: 'cold' | 'warm'): Promise<boolean[]> {
  return JSON.parse(await printedBy('layout-child.ts', mode)) as boolean[]
}

/** The states of the inline caches that add the tick literal's properties, in order. */
async function tickLiteralCaches(mode: 'cold' | 'warm'): Promise<string[]> {
  const printed = await printedBy('tick-feedback-child.ts', mode)
  return [...printed.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map(
    (match) => match[1] ?? '',
  )
}

afterAll(() => {
  killServers()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('node:http object layouts', () => {
  it('without the warm-up, responses after six answered ones and a full collection are in dictionary mode', async () => {
    const fast = await layoutsAfterACollection('cold')
    expect(fast).toEqual([true, true, true, true, true, true, false, false, false])
  })

  it('after warmHttpShapes they stay in fast mode', async () => {
    const fast = await layoutsAfterACollection('warm')
    expect(fast).toEqual(Array(9).fill(true))
  })

  it('ticks that die between collections leave process.nextTick megamorphic; one kept tick keeps it monomorphic', async () => {
    const cold = await tickLiteralCaches('cold')
    expect(cold.length).toBeGreaterThanOrEqual(4) // async id, trigger id, callback, args
    expect(cold).toContain('MEGAMORPHIC')
    const kept = await tickLiteralCaches('warm')
    expect(kept).toEqual(Array(kept.length).fill('MONOMORPHIC'))
    expect(kept.length).toBe(cold.length)
  })

  it.skipIf(onPostgres)('the shop warms them before it serves anyone', async () => {
    const out = path.join(dir, 'layouts.txt')
    const shop = await startServer(
      fromSource(
        {
          // As in production: the Solana RPC is another process (here one at which nothing
          // listens), so no local chain in the shop serves HTTP before its first customer.
          SOLANA_RPC_URL: `http://127.0.0.1:${await freePort()}`,
          MERCHANT_WALLET: (await generateKeyPairSigner()).address,
          RATE_PROVIDER: 'fixed',
          DATA_DIR: path.join(dir, 'data'),
          DATABASE_URL: '',
          WEB_DIST_DIR: 'off',
          LAYOUT_OUT: out,
        },
        ['--expose-gc', '--import', './test/support/layout-preload.ts'],
      ),
    )
    const health = async () => (await fetch(`${shop.baseUrl}/api/health`)).text()
    for (let i = 0; i < 6; i++) await health()
    await new Promise((resolve) => setTimeout(resolve, 300)) // the collections after the 6th
    for (let i = 0; i < 3; i++) await health()
    await shop.stop()
    expect(fs.readFileSync(out, 'utf8').trim().split('\n')).toEqual(Array(9).fill('true'))
  })
})
