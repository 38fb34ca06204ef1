// The bench and the tests start the built shop as `npm start` does: with the variables and Node
// flags of package.json's "start" script, read by scripts/server-launch.mjs.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { SERVER_BUNDLE, serverLaunch } from '../../../scripts/server-launch.mjs'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-launch-'))
const withStart = (start: string) => {
  fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ scripts: { start } }))
  return () => serverLaunch(root)
}

afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

/** Runs `script` in a node with this repository's start variables and flags, then `traceFlags`. */
function runWithStartFlags(traceFlags: string[], script: string) {
  const { flags, env } = serverLaunch()
  return spawnSync(process.execPath, [...flags, ...traceFlags, '-e', script], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  })
}

describe('how the shop is started', () => {
  it("is read from package.json's start script: its variables and Node flags", () => {
    const launch = withStart('A_B_=131072 C=x node --one=2 --two scripts/start.mjs')()
    expect(launch).toEqual({ env: { A_B_: '131072', C: 'x' }, flags: ['--one=2', '--two'] })
    expect(withStart('node scripts/start.mjs')()).toEqual({ env: {}, flags: [] })
  })

  it('refuses a start script of another form, rather than start the shop otherwise', () => {
    expect(withStart('node scripts/start.mjs --port=1')).toThrow(/is not/)
    expect(withStart('tsx src/main.ts')).toThrow(/is not/)
  })

  it('of this repository keeps malloc from holding freed memory and caps the heap', () => {
    const launch = serverLaunch()
    expect(launch.flags).toContain('--max-old-space-size=256')
    expect(launch.env.MALLOC_MMAP_THRESHOLD_).toBe('131072')
    expect(launch.env.MALLOC_ARENA_MAX).toBe('2')
    expect(SERVER_BUNDLE.endsWith(path.join('apps', 'server', 'bundle', 'shop.mjs'))).toBe(true)
  })

  // Decision 0031: Node 24's optimizing compiler for WebAssembly took the shop to about 680 MB for
  // seconds at every start while it compiled PGlite's largest functions. With the start flags,
  // V8 compiles PGlite's WebAssembly with its baseline compiler only; without them it also runs
  // the optimizing one (hundreds of functions in this script, on Node 20, 22 and 24 alike).
  it("of this repository compiles PGlite's WebAssembly with V8's baseline compiler only", () => {
    const pglite = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
    const script = `
      const { PGlite } = await import(${JSON.stringify(pglite.href)})
      const db = await PGlite.create()
      await db.exec("create table t(v text); insert into t select md5(g::text) from generate_series(1, 20000) g")
      for (let i = 0; i < 5; i++) await db.query("select count(*) from t where v ilike '%ab%'")
      await db.close()`
    const run = runWithStartFlags(['--trace-wasm-compilation-times', '--input-type=module'], script)
    expect(run.status, run.stderr).toBe(0)
    const compiled = (tier: string) => run.stdout.split(`using ${tier}`).length - 1
    expect(compiled('Liftoff')).toBeGreaterThan(100)
    expect(compiled('TurboFan')).toBe(0)
  }, 60_000)
})
