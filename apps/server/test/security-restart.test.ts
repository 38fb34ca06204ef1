// Restart after a crash (issue 18): right after `kill -9`, while the dead shop is still being
// torn down or waits to be reaped by its parent, a start on the same PGlite folder takes the
// lock over at once; a live owner still makes it refuse, and a lock whose pid now belongs to
// another process is stale too.
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { acquireDataDirLock, DataDirLockedError } from '../src/db/data-dir-lock.js'
import { onPostgres } from './kit/index.js'
import { freePort, fromSource, killServers, startServer } from './kit/process.js'

const serverDir = fileURLToPath(new URL('..', import.meta.url))
const lockModule = path.join(serverDir, 'src/db/data-dir-lock.ts')

const dirs: string[] = []
const children: ChildProcess[] = []
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-restart-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})
afterAll(() => killServers())

/** A process that takes the folder's lock with the shop's own code and keeps running. */
async function lockHolder(dir: string): Promise<ChildProcess> {
  const code = `import { acquireDataDirLock } from ${JSON.stringify(lockModule)}
acquireDataDirLock(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000)`
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', '--input-type=module', '-e', code],
    { cwd: serverDir, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  children.push(child)
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve()
    })
    child.once('exit', () => reject(new Error('the lock holder exited')))
  })
  return child
}

describe('the data folder lock after kill -9', () => {
  it('is taken over in the same moment its owner is killed, before the owner is reaped', async () => {
    for (let round = 0; round < 5; round++) {
      const dir = tempDir()
      const holder = await lockHolder(dir)
      expect(() => acquireDataDirLock(dir)).toThrow(/in use by another shop process/)
      holder.kill('SIGKILL')
      // No await in between: this process has not reaped the child, which is still exiting
      // or a zombie.
      const lock = acquireDataDirLock(dir)
      expect(fs.readFileSync(path.join(dir, 'shop.lock'), 'utf8')).toMatch(
        new RegExp(`^${process.pid}( \\d+)?$`),
      )
      lock.release()
      expect(fs.existsSync(path.join(dir, 'shop.lock'))).toBe(false)
    }
  })

  it('stays refused while its owner lives, and treats a reused pid as stale', async () => {
    const dir = tempDir()
    const holder = await lockHolder(dir)
    const file = path.join(dir, 'shop.lock')
    const [pid, startTime] = fs.readFileSync(file, 'utf8').split(' ')
    expect(Number(pid)).toBe(holder.pid)
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError)
    if (startTime) {
      // The holder's pid with another start time: the process that wrote it is gone.
      fs.writeFileSync(file, `${pid} ${Number(startTime) + 1}`)
      const lock = acquireDataDirLock(dir)
      lock.release()
    }
  })
})

describe.skipIf(onPostgres)('npm start right after kill -9', () => {
  it('starts on the folder of a shop killed a moment ago that its parent has not reaped', async () => {
    const dataDir = tempDir()
    const port = await freePort()
    const env = {
      LOCAL_CHAIN_PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_DIST_DIR: 'off',
      PORT: String(port),
    }
    const { args } = fromSource(env)
    // The first shop's parent is `sleep`, which never reaps it: once killed it stays a zombie
    // holding its pid, as a shop under a parent that reaps late does.
    const quoted = [process.execPath, ...args].map((arg) => `'${arg}'`).join(' ')
    const parent = spawn('sh', ['-c', `${quoted} & echo "pid=$!"; exec sleep 600`], {
      cwd: serverDir,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.push(parent)
    let output = ''
    parent.stdout?.on('data', (chunk: Buffer) => {
      output += chunk
    })
    await expect
      .poll(() => output.includes('shop ready'), { timeout: 90_000, interval: 100 })
      .toBe(true)
    const firstPid = Number(/pid=(\d+)/.exec(output)?.[1])
    process.kill(firstPid, 'SIGKILL')
    await expect
      .poll(() => fs.readFileSync(`/proc/${firstPid}/stat`, 'utf8').split(') ')[1]?.[0])
      .toBe('Z')

    const second = await startServer({ ...fromSource(env), port })
    const health = await fetch(`${second.baseUrl}/api/health`)
    expect(await health.json()).toEqual({ status: 'ok' })
    expect(await second.stop()).toBe(0)
  }, 180_000)
})
