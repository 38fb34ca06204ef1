// Starts the built shop (apps/server/bundle/shop.mjs, as `npm start` runs it) on a fresh data
// folder and a free port, with the server suites' process helpers, and a spec file's shop and
// browser.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { fromBuild, startServer } from '../../apps/server/test/kit/process.js'
import { launchBrowser } from './browser.js'

export interface RunningShop {
  baseUrl: string
  logs(): string
  stop(): Promise<void>
}

export async function startShop(env: Record<string, string> = {}): Promise<RunningShop> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'))
  // LOCAL_CHAIN_PORT 0: the local chain takes a free port, so shops and tests never collide.
  const server = await startServer(
    fromBuild({ LOCAL_CHAIN_PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '', ...env }),
  )
  return {
    baseUrl: server.baseUrl,
    logs: server.output,
    async stop() {
      await server.stop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * The spec file's shop (with `env`) and browser, started before its tests and closed after them:
 * the returned object is filled in by that beforeAll.
 */
export function useShopAndBrowser(env: Record<string, string> = {}): {
  shop: RunningShop
  browser: Browser
} {
  const handle = {} as { shop: RunningShop; browser: Browser }
  beforeAll(async () => {
    handle.shop = await startShop(env)
    handle.browser = await launchBrowser()
  })
  afterAll(async () => {
    await handle.browser?.close()
    await handle.shop?.stop()
  })
  return handle
}
