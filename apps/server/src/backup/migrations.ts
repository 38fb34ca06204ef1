// The schema a backup was taken at and the steps to rebuild it: the shop's migrations as Drizzle
// reads them (apps/server/drizzle), the last one a database has applied, and the application of
// migrations inside a transaction of the restore's own. Drizzle's migrator opens and commits a
// transaction itself, which a restore cannot nest in the one that loads the rows (decision
// 0046); this applies the same statements and records them in Drizzle's own table the way it
// does, so that the next start's migrator finds them applied.
import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { type DbOrTx, MIGRATIONS_DIR, queryRows } from '../db/client.js'

/** One migration of the shop: its file's name, the journal's time stamp and its SQL's hash. */
export interface Migration {
  tag: string
  /** The journal's `when`, which Drizzle records as `created_at` and orders migrations by. */
  createdAt: number
  hash: string
  statements: string[]
}

/** What a backup says about its schema: the last migration its database had applied. */
export interface MigrationMark {
  tag: string
  created_at: number
  hash: string
}

/** Every migration of this shop, oldest first. */
export function shopMigrations(folder: string = MIGRATIONS_DIR): Migration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[]
  }
  const files = readMigrationFiles({ migrationsFolder: folder })
  return journal.entries.map((entry, index) => {
    const file = files[index]
    if (!file || file.folderMillis !== entry.when) throw new Error(`migration ${entry.tag} unread`)
    return {
      tag: entry.tag,
      createdAt: entry.when,
      hash: file.hash,
      statements: file.sql,
    }
  })
}

export function markOf(migration: Migration): MigrationMark {
  return { tag: migration.tag, created_at: migration.createdAt, hash: migration.hash }
}

/** The last migration the database applied (Drizzle's table), or null for a bare database. */
export async function lastAppliedMigration(
  db: DbOrTx,
): Promise<{ createdAt: number; hash: string } | null> {
  const [table] = await queryRows<{ found: string | null }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as found`,
  )
  if (!table?.found) return null
  const [row] = await queryRows<{ created_at: string; hash: string }>(
    db,
    sql`select created_at::text as created_at, hash from drizzle.__drizzle_migrations
         order by created_at desc limit 1`,
  )
  return row ? { createdAt: Number(row.created_at), hash: row.hash } : null
}

/**
 * Applies `migrations` in the caller's transaction and records each in Drizzle's table, as
 * Drizzle's own migrator does (same table, same hash and time stamp).
 */
export async function applyMigrations(tx: DbOrTx, migrations: readonly Migration[]): Promise<void> {
  await tx.execute(sql`create schema if not exists drizzle`)
  await tx.execute(sql`create table if not exists drizzle.__drizzle_migrations (
    id serial primary key, hash text not null, created_at bigint)`)
  for (const migration of migrations) {
    for (const statement of migration.statements) await tx.execute(sql.raw(statement))
    await tx.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at)
          values (${migration.hash}, ${migration.createdAt})`,
    )
  }
}
