import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.js'

const dirs: string[] = []
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lock-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

describe('data folder lock', () => {
  it('refuses a second owner while the first holds it, and frees on release', () => {
    const dir = tempDir()
    const first = acquireDataDirLock(dir)
    const stamp = fs.readFileSync(path.join(dir, 'shop.lock'), 'utf8')
    // Simulate another live process: the lock names the parent of this test process.
    fs.writeFileSync(path.join(dir, 'shop.lock'), String(process.ppid))
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError)
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by another shop process/)
    fs.writeFileSync(path.join(dir, 'shop.lock'), stamp)
    first.release()
    expect(fs.existsSync(path.join(dir, 'shop.lock'))).toBe(false)
    const second = acquireDataDirLock(dir)
    second.release()
    expect(fs.existsSync(path.join(dir, 'shop.lock'))).toBe(false)
  })

  it('takes over the lock of a process that died without releasing it', () => {
    const dir = tempDir()
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'])
    fs.writeFileSync(path.join(dir, 'shop.lock'), dead.stdout.toString())
    const lock = acquireDataDirLock(dir)
    expect(fs.readFileSync(path.join(dir, 'shop.lock'), 'utf8')).toMatch(
      new RegExp(`^${process.pid} \\d+$`),
    )
    lock.release()
  })
})
