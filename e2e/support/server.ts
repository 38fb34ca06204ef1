// Starts the built shop (apps/server/dist/main.js) on a fresh data folder and a free port.
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

export interface RunningShop {
  baseUrl: string
  logs(): string
  stop(): Promise<void>
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

export async function startShop(env: Record<string, string> = {}): Promise<RunningShop> {
  const main = path.join(repoRoot, 'apps/server/dist/main.js')
  if (!fs.existsSync(main))
    throw new Error('apps/server/dist is missing: run `npm run build` first')
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'))
  const port = await freePort()
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: repoRoot,
    // LOCAL_CHAIN_PORT 0: the local chain takes a free port, so shops and tests never collide.
    env: {
      ...process.env,
      PORT: String(port),
      LOCAL_CHAIN_PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (d) => {
    output += d
  })
  child.stderr?.on('data', (d) => {
    output += d
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const until = Date.now() + 60_000
  while (!output.includes('shop ready')) {
    if (child.exitCode !== null) throw new Error(`the shop did not start:\n${output}`)
    if (Date.now() > until) throw new Error(`the shop did not start in time:\n${output}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    logs: () => output,
    async stop() {
      child.kill('SIGTERM')
      await exited
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
