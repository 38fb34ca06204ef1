// `npm start` builds a workspace only when its build is missing or older than its sources or the
// sources of a workspace it is built from (scripts/build-if-stale.mjs), so a restart of a built
// tree builds nothing.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { staleWorkspaces, WORKSPACES, type Workspace } from '../../../scripts/build-if-stale.mjs'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-stale-'))
const workspaces: Workspace[] = [
  { name: 'lib', dir: 'lib', inputs: ['src'], markers: ['dist/index.js'], uses: [] },
  { name: 'app', dir: 'app', inputs: ['src'], markers: ['dist/main.js'], uses: ['lib'] },
]
const stale = () => staleWorkspaces({ root, workspaces }).map((w) => w.name)

/** Writes `file` under the root with an mtime `secondsAgo` in the past. */
function write(file: string, secondsAgo: number): void {
  const full = path.join(root, file)
  fs.mkdirSync(path.dirname(full), { recursive: true })
  fs.writeFileSync(full, file)
  const when = new Date(Date.now() - secondsAgo * 1000)
  fs.utimesSync(full, when, when)
  fs.utimesSync(path.dirname(full), when, when)
}

afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

describe('build only what changed', () => {
  it('builds what was never built, then nothing while the builds are newer', () => {
    write('package-lock.json', 100)
    write('lib/src/index.ts', 90)
    write('app/src/main.ts', 90)
    expect(stale()).toEqual(['lib', 'app'])
    write('lib/dist/index.js', 50)
    write('app/dist/main.js', 50)
    expect(stale()).toEqual([])
  })

  it('rebuilds a workspace whose source changed, and those built from it', () => {
    write('app/src/main.ts', 10)
    expect(stale()).toEqual(['app'])
    write('app/dist/main.js', 5)
    write('lib/src/index.ts', 3)
    expect(stale()).toEqual(['lib', 'app'])
    write('lib/dist/index.js', 2)
    write('app/dist/main.js', 2)
    expect(stale()).toEqual([])
  })

  it('ignores tests, and rebuilds everything after an install changed the lock file', () => {
    write('lib/src/index.test.ts', 1)
    // A new file changes its folder's mtime: the folder is written back to before the build.
    const when = new Date(Date.now() - 3000)
    fs.utimesSync(path.join(root, 'lib/src'), when, when)
    expect(stale()).toEqual([])
    write('package-lock.json', 0)
    expect(stale()).toEqual(['lib', 'app'])
  })

  it('knows the repository: its four workspaces in build order', () => {
    expect(WORKSPACES.map((w) => w.name)).toEqual([
      '@shop/contract',
      '@shop/local-chain',
      '@shop/server',
      '@shop/web',
    ])
  })
})
