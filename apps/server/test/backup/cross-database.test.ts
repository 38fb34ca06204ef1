// The path from the embedded database to a server, and back (docs/data-in-and-out.md, "Backups"):
// a PGlite shop's backup restores into PostgreSQL with every row equal, and that shop's backup
// restores into PGlite again. Runs in the PostgreSQL project, where both databases are at hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.js'
import { restoreBackup } from '../../src/backup/restore.js'
import { type Database, openDatabase } from '../../src/db/client.js'
import { seedDemo } from '../../src/db/seed/seed-demo.js'
import {
  addToCart,
  callAs,
  createCodeProduct,
  createTestDatabase,
  giveBalance,
  LogCapture,
  onPostgres,
  signUp,
  TEST_DELIVERY_KEY,
  testConfig,
} from '../kit/index.js'
import { invariantViolations } from '../reliability/invariants.js'
import { backupOf, bareDatabase, fingerprint, restoreOptions } from './backup-support.js'

describe.runIf(onPostgres)('a backup between PGlite and PostgreSQL', () => {
  let pglite: Database
  let postgres: Database
  let pgliteAgain: Database

  beforeAll(async () => {
    pglite = await openDatabase({ dataDir: null })
    await pglite.migrate()
    await seedDemo(pglite.db, TEST_DELIVERY_KEY)
    const app = await buildApp(testConfig(), { database: pglite, logStream: new LogCapture() })
    try {
      const buyer = await signUp(app)
      const services = app.shop.services
      await giveBalance(pglite.db, services, buyer.id, 50_000)
      const { productId } = await createCodeProduct(pglite.db, TEST_DELIVERY_KEY, 2)
      await addToCart(app, buyer, productId)
      const paid = await callAs(app, buyer, 'POST', '/api/payment/create', {
        payment_method: 'balance',
      })
      expect(paid.json(), paid.body).toMatchObject({ status: 'confirmed' })
    } finally {
      await app.close()
    }
    postgres = await createTestDatabase()
    pgliteAgain = await bareDatabase('pglite')
  }, 240_000)

  afterAll(async () => {
    await Promise.all([pglite?.close(), postgres?.close(), pgliteAgain?.close()])
  })

  it('restores a PGlite backup into PostgreSQL, every row equal', async () => {
    const { file, manifest } = await backupOf(pglite)
    expect(manifest.database).toBe('pglite')
    await restoreBackup(postgres, restoreOptions(file))
    expect(await fingerprint(postgres)).toEqual(await fingerprint(pglite))
    expect(await invariantViolations(postgres.db)).toEqual([])
  }, 120_000)

  it('restores that PostgreSQL shop’s backup into PGlite again', async () => {
    const { file, manifest } = await backupOf(postgres, { backupKey: 'k'.repeat(40) })
    expect(manifest.database).toBe('postgres')
    await restoreBackup(pgliteAgain, restoreOptions(file, { backupKey: 'k'.repeat(40) }))
    expect(await fingerprint(pgliteAgain)).toEqual(await fingerprint(pglite))
  }, 120_000)
})
