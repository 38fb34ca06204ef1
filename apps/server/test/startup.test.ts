// The real entry point (from source, `source` export condition) as a newcomer runs it: start, refuse a second process on the same data
// folder, keep the data across a restart.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase, queryRows } from '../src/db/client.js'
import { CodeVault } from '../src/modules/delivery/code-vault.js'
import { onPostgres } from './kit/index.js'
import { fromSource, killServers, spawnServer, startServer } from './kit/process.js'
import { personalDataIn } from './reliability/personal-data.js'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-start-'))

const shop = (port?: number) => ({
  ...fromSource({
    LOCAL_CHAIN_PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    WEB_DIST_DIR: 'off',
    LOG_LEVEL: 'info',
  }),
  ...(port ? { port } : {}),
})

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
  killServers()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe.skipIf(onPostgres)('npm start on the embedded database', () => {
  it('serves health, refuses a second process, and keeps data across a restart', async () => {
    const first = await startServer(shop())
    const health = await fetch(`${first.baseUrl}/api/health`)
    expect(await health.json()).toEqual({ status: 'ok' })

    const second = await spawnServer(shop())
    expect(await second.exited).toBe(1)
    expect(second.output()).toContain('in use by another shop process')

    expect(await first.stop()).toBe(0)
    expect(await countCities()).toBe(5)

    // At LOG_LEVEL=warn, which hides the ready line, the setup link is still printed.
    const quiet = shop(first.port)
    const third = await spawnServer({ ...quiet, env: { ...quiet.env, LOG_LEVEL: 'warn' } })
    await third.printed('back office: create the owner account at')
    expect(await third.stop()).toBe(0)
    expect(await countCities()).toBe(5) // seeded once, kept, not seeded again
    // One start line naming the address it really listens on, and the owner's setup link as a
    // plain line on that same origin (issue 33); no other address anywhere.
    const origin = `http://127.0.0.1:${first.port}`
    const setupLine = new RegExp(
      `^back office: create the owner account at ${origin}/admin/setup\\?token=([\\w-]{43}) `,
    )
    const links = [first.output(), third.output()].map((output) => {
      const lines = output.split('\n').filter((line) => line.includes('127.0.0.1'))
      expect(
        lines.filter((line) => setupLine.test(line)),
        output,
      ).toHaveLength(1)
      expect(personalDataIn(output)).toEqual([])
      return lines.map((line) => setupLine.exec(line)?.[1]).find(Boolean)
    })
    const ready = first
      .output()
      .split('\n')
      .filter((line) => line.includes('127.0.0.1'))
    expect(ready).toHaveLength(2)
    expect(ready.join('\n')).toContain(`shop ready: ${origin} (database: PGlite in`)
    // Before the ready line: a script that waits for it finds the link as well.
    expect(first.output().indexOf('back office: create the owner account')).toBeLessThan(
      first.output().indexOf('shop ready'),
    )
    // A restart prints the same link: the one printed before still works.
    expect(links[1]).toBe(links[0])
  }, 120_000)

  it('refuses a SHOP_TIME_ZONE the database does not know, naming it', async () => {
    const refused = await spawnServer({
      ...shop(),
      env: { ...shop().env, SHOP_TIME_ZONE: 'Mars/Olympus_Mons' },
    })
    expect(await refused.exited).toBe(1)
    expect(refused.output()).toContain(
      'Cannot start the shop: SHOP_TIME_ZONE "Mars/Olympus_Mons" is not a time zone the database knows',
    )
  }, 60_000)

  it('re-seals the delivery codes under a new DELIVERY_KEY, given the one before', async () => {
    // The first start generated the key and kept it in the folder (no DELIVERY_KEY was set).
    const before = fs.readFileSync(path.join(dataDir, 'delivery-key'), 'utf8').trim()
    const after = 'a-new-delivery-key-for-the-rotation-0123456789'
    const rotating = await startServer({
      ...shop(),
      env: { ...shop().env, DELIVERY_KEY: after, DELIVERY_KEY_PREVIOUS: before },
    })
    expect(await rotating.stop()).toBe(0)
    const said = /delivery codes: (\d+) re-sealed under the new DELIVERY_KEY/.exec(
      rotating.output(),
    )
    const sealed = await sealedCodes()
    expect(sealed.length).toBeGreaterThan(0)
    expect(Number(said?.[1])).toBe(sealed.length)
    // Every code, sold or not, now opens under the new key alone, and its fingerprint is the new one.
    const vault = new CodeVault(after)
    for (const row of sealed) {
      const code = vault.open(row.sealed)
      expect(code).not.toBeNull()
      expect(row.fingerprint).toBe(vault.fingerprint(row.product_id, code ?? ''))
    }
    expect(sealed.every((row) => new CodeVault(before).open(row.sealed) === null)).toBe(true)
  }, 120_000)
})

async function sealedCodes() {
  const database = await openDatabase({ dataDir })
  try {
    return await queryRows<{ product_id: number; sealed: string; fingerprint: string }>(
      database.db,
      'select product_id, sealed, fingerprint from delivery_codes',
    )
  } finally {
    await database.close()
  }
}
