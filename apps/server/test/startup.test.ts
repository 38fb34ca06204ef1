// The real entry point (from source, `source` export condition) as a newcomer runs it: start, refuse a second process on the same data
// folder, keep the data across a restart.
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase, queryRows } from '../src/db/client.js'
import { onPostgres } from './helpers.js'

const serverDir = fileURLToPath(new URL('..', import.meta.url))
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-start-'))
const children: ChildProcess[] = []

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

interface Started {
  child: ChildProcess
  output: () => string
  exited: Promise<number | null>
}

function start(port: number): Started {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      LOCAL_CHAIN_PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_DIST_DIR: 'off',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let output = ''
  child.stdout?.on('data', (d) => {
    output += d
  })
  child.stderr?.on('data', (d) => {
    output += d
  })
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  )
  return { child, output: () => output, exited }
}

async function waitFor(check: () => boolean, what: string, ms = 45_000) {
  const until = Date.now() + ms
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

async function countCities(): Promise<number> {
  const database = await openDatabase({ dataDir })
  try {
    const rows = await queryRows<{ n: number }>(
      database.db,
      'select count(*)::int as n from cities',
    )
    return rows[0]?.n ?? -1
  } finally {
    await database.close()
  }
}

afterAll(() => {
  for (const child of children) child.kill('SIGKILL')
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe.skipIf(onPostgres)('npm start on the embedded database', () => {
  it('serves health, refuses a second process, and keeps data across a restart', async () => {
    const port = await freePort()
    const first = start(port)
    await waitFor(() => first.output().includes('shop ready'), 'the first start')
    const health = await fetch(`http://127.0.0.1:${port}/api/health`)
    expect(await health.json()).toEqual({ status: 'ok' })

    const second = start(await freePort())
    expect(await second.exited).toBe(1)
    expect(second.output()).toContain('in use by another shop process')

    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)
    expect(await countCities()).toBe(5)

    const third = start(port)
    await waitFor(() => third.output().includes('shop ready'), 'the restart')
    third.child.kill('SIGTERM')
    expect(await third.exited).toBe(0)
    expect(await countCities()).toBe(5) // seeded once, kept, not seeded again
    expect(first.output() + third.output()).not.toContain('127.0.0.1')
  }, 120_000)
})
