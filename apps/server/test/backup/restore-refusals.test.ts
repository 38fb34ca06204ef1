// What a restore refuses, with a message that says why, and before it writes anything: a changed
// or cut file (encrypted or not), a missing or wrong key, a target that holds a shop (unless
// --force), a backup of a newer schema; and an older backup is migrated forward. Both databases.
import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BackupError } from '../../src/backup/backup-error.js'
import { keyCheck } from '../../src/backup/keys.js'
import {
  applyMigrations,
  lastAppliedMigration,
  shopMigrations,
} from '../../src/backup/migrations.js'
import { restoreBackup } from '../../src/backup/restore.js'
import { type Database, queryRows } from '../../src/db/client.js'
import { createCustomers, createTestDatabase, TEST_DELIVERY_KEY, useTestApp } from '../kit/index.js'
import {
  backupLines,
  backupOf,
  bareDatabase,
  fingerprint,
  restoreOptions,
  TEST_SHOP_KEYS,
  temporaryFolder,
  writeBackupLines,
} from './backup-support.js'

const BACKUP_KEY = 'a-backup-key-of-at-least-32-characters-0123'
const t = useTestApp({ seed: true })
let target: Database
let plain: string
let encrypted: string

beforeAll(async () => {
  await createCustomers(t.database.db, t.services, 3, 1500)
  plain = (await backupOf(t.database)).file
  encrypted = (await backupOf(t.database, { backupKey: BACKUP_KEY })).file
  target = await createTestDatabase()
})

afterAll(async () => {
  await target?.close()
})

/** The restore's refusal, checking that the target was left as it was. */
async function refusal(options: Parameters<typeof restoreOptions>[1] & { file: string }) {
  const before = await fingerprint(target)
  const error = await restoreBackup(target, restoreOptions(options.file, options)).then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(BackupError)
  expect(await fingerprint(target)).toEqual(before)
  return (error as BackupError).message
}

function changedCopy(file: string, at: (size: number) => number): string {
  const bytes = fs.readFileSync(file)
  const offset = at(bytes.length)
  bytes[offset] = (bytes[offset] ?? 0) ^ 0x01
  const copy = path.join(temporaryFolder('changed'), 'shop-changed.backup')
  fs.writeFileSync(copy, bytes)
  return copy
}

describe('a restore refuses, writing nothing', () => {
  it('a file with one byte changed, plain or encrypted, or cut short', async () => {
    const middle = (size: number) => Math.floor(size / 2)
    expect(await refusal({ file: changedCopy(plain, middle) })).toMatch(/damaged or was changed/)
    // Wherever the byte is: a row can be read before the checksums at the end are compared.
    for (const tenth of [1, 3, 6, 8, 9]) {
      const at = (size: number) => Math.floor((size * tenth) / 10)
      expect(await refusal({ file: changedCopy(plain, at) })).toMatch(/damaged or was changed/)
    }
    expect(await refusal({ file: changedCopy(encrypted, middle), backupKey: BACKUP_KEY })).toMatch(
      /damaged or was changed/,
    )
    // In the age header's MAC.
    expect(
      await refusal({ file: changedCopy(encrypted, () => 120), backupKey: BACKUP_KEY }),
    ).toMatch(/damaged or was changed|does not open/)
    const cut = path.join(temporaryFolder('cut'), 'shop-cut.backup')
    fs.writeFileSync(cut, fs.readFileSync(plain).subarray(0, -40))
    expect(await refusal({ file: cut })).toMatch(/damaged or was changed/)
  })

  it('a manifest whose counts are not the rows, even with its checksum made right', async () => {
    const lines = backupLines(plain)
    const manifest = JSON.parse(lines.at(-1) ?? '{}')
    manifest.manifest.tables.users += 1
    lines[lines.length - 1] = JSON.stringify(manifest)
    const file = path.join(temporaryFolder('counts'), 'shop-counts.backup')
    writeBackupLines(file, lines)
    expect(await refusal({ file })).toMatch(/not the ones its manifest counts/)
  })

  it('an encrypted file without BACKUP_KEY, or with another key, naming the variable', async () => {
    expect(await refusal({ file: encrypted })).toMatch(/encrypted: set BACKUP_KEY/)
    expect(await refusal({ file: encrypted, backupKey: 'x'.repeat(40) })).toMatch(
      /BACKUP_KEY does not open this backup/,
    )
  })

  it('without the DELIVERY_KEY or JWT_SECRET it was taken with, naming the key', async () => {
    const keys = { JWT_SECRET: TEST_SHOP_KEYS.JWT_SECRET.value, DELIVERY_KEY: null }
    expect(await refusal({ file: plain, keys })).toMatch(
      /needs its DELIVERY_KEY, which opens the delivery codes/,
    )
    expect(
      await refusal({
        file: plain,
        keys: { JWT_SECRET: 'w'.repeat(40), DELIVERY_KEY: TEST_DELIVERY_KEY },
      }),
    ).toMatch(/JWT_SECRET is not the key this backup was taken with/)
  })

  it('into a database that holds a shop, unless --force replaces it', async () => {
    const first = await restoreBackup(target, restoreOptions(plain))
    expect(first.replaced).toEqual([])
    expect(await refusal({ file: plain })).toMatch(/holds a shop already.*--force/)
    const forced = await restoreBackup(
      target,
      restoreOptions(encrypted, { force: true, backupKey: BACKUP_KEY }),
    )
    expect(forced.replaced).toContain('users')
    expect(await fingerprint(target)).toEqual(await fingerprint(t.database))
  })

  it('a backup of a newer shop, with the schema it needs', async () => {
    const lines = backupLines(plain)
    const latest = shopMigrations().at(-1)
    const newer = {
      tag: '9999_from_the_future',
      created_at: (latest?.createdAt ?? 0) + 1,
      hash: 'f'.repeat(64),
    }
    for (const index of [0, lines.length - 1]) {
      const record = JSON.parse(lines[index] ?? '{}')
      ;(record.header ?? record.manifest).migration = newer
      lines[index] = JSON.stringify(record)
    }
    const file = path.join(temporaryFolder('newer'), 'shop-newer.backup')
    writeBackupLines(file, lines)
    const message = await refusal({ file, force: true })
    expect(message).toMatch(/newer shop: its schema is at migration 9999_from_the_future/)
    expect(message).toContain(`up to ${latest?.tag}`)
  })
})

describe('a backup of an older schema', () => {
  it('is restored at its schema and migrated forward to this shop’s', async () => {
    const all = shopMigrations()
    const olderIndex = all.findIndex((m) => m.tag.startsWith('0005_'))
    const older = await bareDatabase()
    try {
      // A shop that stopped at migration 0005: no account deletion (users.deleted_at) yet.
      await older.db.transaction((tx) => applyMigrations(tx, all.slice(0, olderIndex + 1)))
      await older.db.execute(sql`insert into users (username, first_name, balance_cents, created_at)
        values ('old_timer', 'Old', 1234, '2024-03-31 23:59:59.999999+03')`)
      await older.db.execute(sql`insert into balance_ledger (user_id, amount_cents, kind, description)
        select id, 1234, 'adjustment', 'before the upgrade' from users`)
      const { file, manifest } = await backupOf(older)
      expect(manifest.migration.tag).toBe(all[olderIndex]?.tag)
      const report = await restoreBackup(target, restoreOptions(file, { force: true }))
      expect(report.migratedForward).toEqual(all.slice(olderIndex + 1).map((m) => m.tag))
      expect(await lastAppliedMigration(target.db)).toMatchObject({
        createdAt: all.at(-1)?.createdAt,
      })
      const rows = await queryRows<{
        username: string
        balance: string
        created: string
        deleted: string | null
      }>(
        target.db,
        sql`select username, balance_cents::text as balance, deleted_at as deleted,
                   to_char(created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') as created from users`,
      )
      expect(rows).toEqual([
        {
          username: 'old_timer',
          balance: '1234',
          created: '2024-03-31 20:59:59.999999',
          deleted: null,
        },
      ])
    } finally {
      await older.close()
    }
  }, 180_000)
})

describe('key check values', () => {
  it('tell keys apart without being the key', () => {
    expect(keyCheck(TEST_DELIVERY_KEY)).not.toContain(TEST_DELIVERY_KEY.slice(0, 8))
    expect(keyCheck(TEST_DELIVERY_KEY)).not.toBe(keyCheck(`${TEST_DELIVERY_KEY}x`))
  })
})
