// Starts the built shop (apps/server/bundle/shop.mjs, with npm start's Node flags) as a real
// process, the way `npm start` does, and talks to it over HTTP. Everything here is plain Node.js: the bench needs no build step.
import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { SERVER_BUNDLE, serverLaunch } from '../../scripts/server-launch.mjs'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const SERVER_DIST = path.join(ROOT, 'apps/server/dist')

/** A port nobody listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** SIGTERM to a child process, SIGKILL if it has not exited after `graceMs`; resolves on exit. */
export async function stopChild(child, exited, graceMs) {
  if (child.exitCode !== null) return
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
  await exited
  clearTimeout(timer)
}

/** A JWT secret the bench shares with the shop, so it can open sessions for prepared users. */
export const BENCH_JWT_SECRET = crypto.randomBytes(48).toString('base64url')

// Settings of the developer's shell that would change what is measured.
const CLEARED_ENV = [
  'DATABASE_URL',
  'SOLANA_RPC_URL',
  'MERCHANT_WALLET',
  'REDIS_URL',
  'TELEGRAM_BOT_TOKEN',
  'TELEGRAM_BOT_USERNAME',
  'RATE_PROVIDER',
  'WATCH_INTERVAL_MS',
  'WEB_DIST_DIR',
  'SOLANA_COMMITMENT',
  'SOLANA_WS_URL',
  'RATE_FIXED_EUR',
  'NODE_OPTIONS',
]

/** Reads a /proc/<pid>/status field in kB (VmRSS, VmHWM). */
export function procStatusKb(pid, field) {
  try {
    const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)
    return match ? Number(match[1]) : null
  } catch {
    return null
  }
}

/**
 * Starts the shop on a PGlite folder (`dataDir`) or a PostgreSQL database (`databaseUrl`), with
 * the demo seed and LOG_LEVEL=warn, and waits for /api/health. With `chain` (lib/chain.mjs) it
 * runs as in production, watching that RPC (a fixed rate: nothing leaves the machine); without,
 * as the demo of `npm start`, with its own local chain inside. `readyMs` is the time from spawn
 * to the first 200 from /api/health.
 */
export async function startShop({
  dataDir,
  databaseUrl = '',
  env = {},
  chain = null,
  timeoutMs = 60_000,
}) {
  // e.g. BENCH_SHOP_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile every shop run.
  const nodeArgs = (process.env.BENCH_SHOP_NODE_ARGS ?? '').split(' ').filter(Boolean)
  if (!fs.existsSync(SERVER_BUNDLE))
    throw new Error('apps/server/bundle is missing: run `npm run build`')
  const port = await freePort()
  const chainPort = await freePort()
  const baseEnv = { ...process.env }
  for (const name of CLEARED_ENV) delete baseEnv[name]
  const started = performance.now()
  const launch = serverLaunch()
  const child = spawn(process.execPath, [...launch.flags, ...nodeArgs, SERVER_BUNDLE], {
    cwd: ROOT,
    env: {
      ...baseEnv,
      ...launch.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOCAL_CHAIN_PORT: String(chainPort),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      BACKUP_DIR: path.join(dataDir, 'backups'),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      JWT_SECRET: BENCH_JWT_SECRET,
      ...(chain
        ? {
            SOLANA_RPC_URL: chain.url,
            SOLANA_WS_URL: chain.wsUrl,
            MERCHANT_WALLET: chain.merchant,
            RATE_PROVIDER: 'fixed',
          }
        : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (d) => {
    output += d
  })
  child.stderr.on('data', (d) => {
    output += d
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const url = `http://127.0.0.1:${port}`
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop did not start:\n${output}`)
    if (performance.now() - started > timeoutMs) {
      child.kill('SIGKILL')
      throw new Error(`the shop did not answer /api/health in time:\n${output}`)
    }
    try {
      const res = await fetch(`${url}/api/health`)
      await res.arrayBuffer()
      if (res.status === 200) break
    } catch {
      // not listening yet
    }
    await sleep(5)
  }
  const readyMs = performance.now() - started
  return {
    url,
    pid: child.pid,
    chainUrl: chain ? chain.url : `http://127.0.0.1:${chainPort}`,
    readyMs,
    logs: () => output,
    stop: () => stopChild(child, exited, 15_000),
  }
}

/** One JSON request to the shop; throws on an unexpected status. */
export async function api(shop, method, url, { token, body, expect = [200] } = {}) {
  const res = await fetch(`${shop.url}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  const text = await res.text()
  if (!expect.includes(res.status)) {
    throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`)
  }
  return { status: res.status, json: text ? JSON.parse(text) : null }
}

let users = 0

/** Registers a customer through the real endpoint; returns the access token. */
export async function signUp(shop, prefix = 'bench') {
  const username = `${prefix}_${process.pid}_${++users}`
  const password = 'correct horse battery staple'
  const { json } = await api(shop, 'POST', '/api/auth/web/register', {
    body: { username, password, confirm_password: password },
  })
  return { id: json.user.id, token: json.access_token }
}

/** Captures one full response (status, headers, body) for the bare server to replay. */
export async function captureResponse(url, headers) {
  const res = await fetch(url, { headers })
  const body = Buffer.from(await res.arrayBuffer())
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body.toString().slice(0, 200)}`)
  const kept = {}
  for (const [name, value] of res.headers) {
    // The server's own framing headers; node:http adds its own.
    if (!['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)) {
      kept[name] = value
    }
  }
  return { status: res.status, headers: kept, body: body.toString('base64') }
}
