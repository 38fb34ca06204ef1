// The shop as a process of its own, for the suites that test what `npm start` does (start-up,
// restarts, crashes, browser journeys): a free port, and a spawned server that is waited for
// until it says it is ready, from its own output, never for a fixed time.
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { SERVER_BUNDLE, serverLaunch } from '../../../../scripts/server-launch.mjs'

const serverDir = fileURLToPath(new URL('../..', import.meta.url))

/** A port nothing listens on now (the operating system's pick, released at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

export interface ServerProcess {
  child: ChildProcess
  port: number
  baseUrl: string
  /** Everything it printed so far, stdout and stderr. */
  output(): string
  /** Resolves with the exit code once it has exited. */
  exited: Promise<number | null>
  /** Resolves once it printed `text`; rejects, with its output, if it exits first or times out. */
  printed(text: string, timeoutMs?: number): Promise<void>
  /** Sends `signal` (SIGTERM by default) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

export interface SpawnServerOptions {
  /** Node's arguments: flags and the entry point. */
  args: string[]
  cwd: string
  /** Added to this process's environment; PORT is set to `port`. */
  env?: Record<string, string>
  /** A free one when absent. */
  port?: number
}

const running = new Set<ChildProcess>()

/** src/main.ts run from source (tsx), `flags` before it, as `npm run dev` runs it. */
export function fromSource(env: Record<string, string>, flags: string[] = []): SpawnServerOptions {
  return {
    args: ['--conditions=source', '--import', 'tsx', ...flags, 'src/main.ts'],
    cwd: serverDir,
    env,
  }
}

/** The built server (apps/server/bundle/shop.mjs), started as `npm start` starts it. */
export function fromBuild(env: Record<string, string>): SpawnServerOptions {
  if (!fs.existsSync(SERVER_BUNDLE))
    throw new Error('apps/server/bundle is missing: run `npm run build` first')
  const launch = serverLaunch()
  return {
    args: [...launch.flags, SERVER_BUNDLE],
    cwd: path.resolve(serverDir, '../..'),
    env: { ...launch.env, ...env },
  }
}

/** Starts the process and returns at once (see `startServer` to wait until it is ready). */
export async function spawnServer(options: SpawnServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort())
  const child = spawn(process.execPath, options.args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  let output = ''
  const listeners = new Set<() => void>()
  const collect = (chunk: Buffer) => {
    output += chunk
    for (const listener of listeners) listener()
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child)
      for (const listener of listeners) listener()
      resolve(code)
    }),
  )
  return {
    child,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    printed: (text, timeoutMs = 60_000) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          done()
          reject(new Error(`no "${text}" within ${timeoutMs} ms:\n${output.slice(-3000)}`))
        }, timeoutMs)
        const done = () => {
          clearTimeout(timer)
          listeners.delete(check)
        }
        const check = () => {
          if (output.includes(text)) {
            done()
            resolve()
          } else if (child.exitCode !== null || child.signalCode !== null) {
            done()
            reject(new Error(`exited before "${text}":\n${output.slice(-3000)}`))
          }
        }
        listeners.add(check)
        check()
      }),
    stop: (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      return exited
    },
  }
}

/** Tries with another free port when the one picked was taken before the shop listened. */
const PORT_ATTEMPTS = 3

/**
 * Starts the shop's process and waits until it logs that it is ready (it then answers). A port
 * picked here is free when picked and released at once: another suite's process can take it
 * before the shop listens (seen once in CI), and the shop then exits with EADDRINUSE; it is
 * started again on another one.
 */
export async function startServer(options: SpawnServerOptions): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    const server = await spawnServer(options)
    try {
      await server.printed('shop ready')
      return server
    } catch (error) {
      server.child.kill('SIGKILL')
      const taken = server.output().includes('EADDRINUSE')
      if (!taken || options.port !== undefined || attempt >= PORT_ATTEMPTS) throw error
      await server.exited
    }
  }
}

/** Kills every process started here that is still running (an afterAll's clean-up). */
export function killServers(): void {
  for (const child of running) child.kill('SIGKILL')
}
