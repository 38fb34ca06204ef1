// Load runs in child processes: autocannon (load-child.mjs) and the bare node:http ceiling
// (bare-server.mjs), so neither shares a process with what it measures.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))

function runNode(script, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(here, script), ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (d) => {
      out += d
    })
    child.stderr.on('data', (d) => {
      err += d
    })
    child.once('exit', (code) => {
      if (code === 0) resolve(out)
      else reject(new Error(`${script} exited with ${code}: ${err}`))
    })
  })
}

/** autocannon in a separate process; resolves with {rps, p50, p99, non2xx, errors, ...}. */
export async function load({ url, headers = {}, connections = 50, duration = 10 }) {
  const out = await runNode('load-child.mjs', [
    JSON.stringify({ url, headers, connections, duration }),
  ])
  return JSON.parse(out.trim().split('\n').at(-1))
}

/** Starts the bare server replaying `captured`; resolves with {url, stop()}. */
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
