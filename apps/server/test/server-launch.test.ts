// The bench and the tests start the built shop as `npm start` does: with the variables and Node
// flags of package.json's "start" script, read by scripts/server-launch.mjs.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { SERVER_BUNDLE, serverLaunch } from '../../../scripts/server-launch.mjs'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-launch-'))
const withStart = (start: string) => {
  fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ scripts: { start } }))
  return () => serverLaunch(root)
}

afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

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

  it("of this repository limits V8's young generation and keeps malloc from holding freed memory", () => {
    const launch = serverLaunch()
    expect(launch.flags).toContain('--max-semi-space-size=2')
    expect(launch.env.MALLOC_MMAP_THRESHOLD_).toBe('131072')
    expect(launch.env.MALLOC_ARENA_MAX).toBe('2')
    expect(SERVER_BUNDLE.endsWith(path.join('apps', 'server', 'bundle', 'shop.mjs'))).toBe(true)
  })
})
