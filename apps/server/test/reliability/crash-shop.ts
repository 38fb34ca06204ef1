// The shop of the crash suite: the real server process (src/main.ts from source) on a data folder
// or a PostgreSQL database of its own, watching a local chain that lives in the test process, so
// transfers go on while the server is dead. One process at a time; each is a "life".
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type Database, openDatabase } from '../../src/db/client.js'
import { onPostgres, startTestChain, type TestChain } from '../kit/index.js'
import { createPostgresDatabase, type PostgresTestDatabase } from '../kit/postgres.js'
import { fromSource, type ServerProcess, startServer } from '../kit/process.js'

export interface Life {
  server: ServerProcess
  readyAt: number
}

export interface CrashShop {
  chain: TestChain
  /** Opens the shop's database for `run` (on PGlite only while no server process runs). */
  withDb<T>(run: (database: Database) => Promise<T>): Promise<T>
  /** Starts a server process and resolves once it is ready. */
  start(): Promise<Life>
  /** The port of the current life. */
  port(): number
  /** Resolves once a life is ready (at once while one is). */
  whenUp(): Promise<void>
  /** Kills the current life with `signal`; resolves once it has exited. */
  kill(life: Life, signal: NodeJS.Signals): Promise<number>
  /** Everything every life printed. */
  output(): string
  close(): Promise<void>
}

/** `deliveryKey`: what the server seals codes with, the key the suite seeded them under. */
export async function createCrashShop(jwtSecret: string, deliveryKey: string): Promise<CrashShop> {
  const chain = await startTestChain()
  // The merchant's play USDC account, as a real merchant's must exist (docs/usdc.md).
  await chain.chain.chain.usdc.ensureTokenAccount(chain.merchant)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-crash-'))
  const postgres: PostgresTestDatabase | null = onPostgres ? await createPostgresDatabase() : null
  const lives: Life[] = []
  let current: Life | null = null
  let up: Promise<void> = Promise.resolve()
  let markUp = () => {}

  const env = {
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: postgres?.url ?? '',
    BACKUP_DIR: path.join(dataDir, 'backups'),
    SEED_DEMO: 'false',
    JWT_SECRET: jwtSecret,
    DELIVERY_KEY: deliveryKey,
    WEB_DIST_DIR: 'off',
    LOG_LEVEL: 'info',
    SOLANA_RPC_URL: chain.chain.url,
    MERCHANT_WALLET: chain.merchant,
    USDC_MINT: chain.chain.chain.usdc.mint,
    ACCEPT_USDC: 'true',
    RATE_PROVIDER: 'fixed',
    RATE_FIXED_EUR: '150',
    PAYMENT_EXPIRY_MINUTES: '1',
    WATCH_INTERVAL_MS: '200',
    REDIS_URL: '',
  }

  return {
    chain,
    async withDb(run) {
      const database = postgres
        ? await openDatabase({ url: postgres.url, poolSize: 5 })
        : await openDatabase({ dataDir })
      try {
        return await run(database)
      } finally {
        await database.close()
      }
    },
    async start() {
      const server = await startServer(fromSource(env))
      current = { server, readyAt: Date.now() }
      lives.push(current)
      markUp()
      return current
    },
    port: () => current?.server.port ?? 0,
    whenUp: () => up,
    async kill(life, signal) {
      up = new Promise((resolve) => {
        markUp = resolve
      })
      current = null
      return (await life.server.stop(signal)) ?? -1
    },
    output: () => lives.map((life) => life.server.output()).join(''),
    async close() {
      for (const life of lives) life.server.child.kill('SIGKILL')
      await chain.close()
      await postgres?.drop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
