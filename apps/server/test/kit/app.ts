// The one way a test starts a shop: an app on a fresh database (test-database.ts), driven
// through app.inject().

import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll } from 'vitest'
import { type AppDeps, buildApp } from '../../src/app.js'
import { type AppConfig, loadConfig } from '../../src/config.js'
import type { Database } from '../../src/db/client.js'
import { seedDemo } from '../../src/db/seed/seed-demo.js'
import { DEFAULT_OVERLOAD_LIMITS } from '../../src/http/overload.js'
import type { ChainSettings } from '../../src/service-options.js'
import type { Services } from '../../src/services.js'
import { createTestDatabase } from './test-database.js'

/** The key tests seal delivery codes with, in the seed and the app alike. */
export const TEST_DELIVERY_KEY = 'test-delivery-key-that-is-long-enough-0123456789'

/** Where the tests' shops write backups unless a test names its own folder: never the tree. */
const TEST_BACKUP_DIR = path.join(os.tmpdir(), `shop-test-backups-${process.pid}`)

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({}),
    backupDir: TEST_BACKUP_DIR,
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    deliveryKey: TEST_DELIVERY_KEY,
    logLevel: 'info',
    webDistDir: null,
    // Many shops share a test worker's event loop, and a loaded machine (or PGlite's longer
    // statements, which run on it) lags it for reasons no shop under test caused: the lag check
    // is off here and proved on its own in overload.test.ts. The heap check stays on.
    overload: { ...DEFAULT_OVERLOAD_LIMITS, maxEventLoopDelayMs: 0 },
    ...overrides,
  }
}

/** Collects every log line the app writes. */
export class LogCapture extends Writable {
  readonly lines: string[] = []
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.lines.push(chunk.toString('utf8'))
    done()
  }
  get text(): string {
    return this.lines.join('')
  }
}

export interface TestApp {
  app: FastifyInstance
  database: Database
  logs: LogCapture
  /** The app's services, to drive what has no route (the watcher, the sweeper). */
  services: Services
  close(): Promise<void>
}

export interface TestAppOptions {
  config?: Partial<AppConfig>
  /** Registers extra routes (e.g. one that throws) before the app is sealed. */
  extraRoutes?: (app: FastifyInstance) => void
  /** The chain to watch (a local LiteSVM RPC in tests). */
  chain?: ChainSettings
  /** Other dependencies of buildApp (rate limits, rate provider, demo wallet). */
  deps?: Omit<AppDeps, 'database' | 'logStream' | 'chain'>
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase()
  const logs = new LogCapture()
  const app = await buildApp(testConfig(options.config), {
    database,
    logStream: logs,
    ...(options.chain ? { chain: options.chain } : {}),
    ...options.deps,
  })
  options.extraRoutes?.(app)
  await app.ready()
  return {
    app,
    database,
    logs,
    services: app.shop.services,
    async close() {
      await app.close()
      await database.close()
    },
  }
}

/**
 * The test file's app, created before its tests (with the demo shop when `seed`) and closed after
 * them: the returned object is filled in by that beforeAll.
 */
export function useTestApp(options: TestAppOptions & { seed?: boolean } = {}): TestApp {
  const t = {} as TestApp
  beforeAll(async () => {
    Object.assign(t, await createTestApp(options))
    if (options.seed) await seedDemo(t.database.db, TEST_DELIVERY_KEY)
  })
  afterAll(async () => {
    await t.close?.()
  })
  return t
}
