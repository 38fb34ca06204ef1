// Load runs: wrk (Debian's `wrk`, C, one thread) as the generator, pinned to a CPU of its own so
// it never competes with the server it measures, and the bare node:http ceiling
// (bare-server.mjs) in a process of its own, pinned like the shop.
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { cpuCount, cpuSeconds } from './cpu.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))

/** The server (shop or bare, and PostgreSQL's backends for the shop) runs on this CPU... */
export const SERVER_CPU = 0
/** ...and wrk on this one, when the machine has two; null: nothing is pinned. */
export const LOADER_CPU = cpuCount() >= 2 ? 1 : null

/** Pins every thread of `pid` to `cpu` (threads it starts later inherit it); false if refused. */
export function pin(pid, cpu = SERVER_CPU) {
  if (LOADER_CPU === null) return false
  try {
    execFileSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/** Whether wrk is installed (Debian: apt-get install wrk). */
export function hasWrk() {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' })
    return true
  } catch (error) {
    // wrk --version exits 1 after printing its version.
    return error.status === 1
  }
}

const UNIT_MS = { us: 0.001, ms: 1, s: 1000, m: 60_000 }
const ms = (text) => {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text ?? '')
  return match ? Number(match[1]) * UNIT_MS[match[2]] : Number.NaN
}

/** wrk's report: requests, req/s, latency percentiles, errors. */
export function parseWrk(out) {
  const number = (re) => Number(re.exec(out)?.[1] ?? 0)
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out)
  return {
    requests: number(/(\d+) requests in/),
    seconds: ms(/requests in ([\d.]+\w+),/.exec(out)?.[1]) / 1000,
    rps: number(/Requests\/sec:\s+([\d.]+)/),
    p50: ms(/^\s+50%\s+(\S+)/m.exec(out)?.[1]),
    p99: ms(/^\s+99%\s+(\S+)/m.exec(out)?.[1]),
    non2xx: number(/Non-2xx or 3xx responses: (\d+)/),
    errors: socket ? socket.slice(1, 4).reduce((t, n) => t + Number(n), 0) : 0,
    timeouts: socket ? Number(socket[4]) : 0,
  }
}

/**
 * wrk on LOADER_CPU: one thread, `connections` keep-alive connections for `duration` seconds.
 * With `script` (a Lua file) and its `scriptArgs`, the script chooses each request. Resolves with
 * parseWrk's figures and `cpuSeconds`, the CPU wrk itself used.
 */
export function load({
  url,
  headers = {},
  connections = 50,
  duration = 10,
  script = null,
  scriptArgs = [],
}) {
  const seconds = Math.max(1, Math.round(duration))
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '--timeout', '5s']
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`)
  if (script) args.push('-s', script)
  args.push(url)
  if (scriptArgs.length > 0) args.push('--', ...scriptArgs)
  const [command, argv] =
    LOADER_CPU === null ? ['wrk', args] : ['taskset', ['-c', String(LOADER_CPU), 'wrk', ...args]]
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let cpu = 0
    // taskset execs wrk in place: the pid is wrk's. Its CPU is read until it exits.
    const sampler = setInterval(() => {
      cpu = cpuSeconds(child.pid) ?? cpu
    }, 100)
    child.stdout.on('data', (d) => {
      out += d
    })
    child.stderr.on('data', (d) => {
      out += d
    })
    child.once('error', reject)
    child.once('exit', (code) => {
      clearInterval(sampler)
      if (code !== 0) reject(new Error(`wrk exited with ${code}: ${out.slice(0, 300)}`))
      else resolve({ ...parseWrk(out), cpuSeconds: cpu })
    })
  })
}

/** Starts the bare server replaying `captured`, pinned like the shop; resolves with {url, stop()}. */
export async function startBare(captured) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-bare-'))
  const file = path.join(dir, 'response.json')
  fs.writeFileSync(file, JSON.stringify(captured))
  const child = spawn(process.execPath, [path.join(here, 'bare-server.mjs'), file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const port = await new Promise((resolve, reject) => {
    let out = ''
    child.stdout.on('data', (d) => {
      out += d
      const line = out.split('\n')[0]
      if (out.includes('\n')) resolve(JSON.parse(line).port)
    })
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)))
  })
  pin(child.pid)
  const exited = new Promise((resolve) => child.once('exit', resolve))
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM')
      await exited
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
