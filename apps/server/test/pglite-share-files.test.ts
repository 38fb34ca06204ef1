// PGlite's share files read on first use (src/db/pglite-share-files.ts): PostgreSQL still finds
// every file with its real bytes, on a new database (initdb) and on one that exists, while the
// files it does not open are never read into memory.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, describe, expect, it } from 'vitest'
import { SHARE_FILES, shareFilesReadOnFirstUse } from '../src/db/pglite-share-files.js'
import { onPostgres } from './kit/test-database.js'

interface Fs {
  readdir(dir: string): string[]
  stat(file: string): { mode: number }
  isDir(mode: number): boolean
  readFile(file: string): Uint8Array
  lookupPath(file: string): { node: object }
}
const fsOf = (pg: PGlite): Fs => (pg as unknown as { mod: { FS: Fs } }).mod.FS

/** Whether a file's bytes are still to be read from pglite.data (its contents an accessor). */
const unread = (pg: PGlite, file: string): boolean =>
  typeof Object.getOwnPropertyDescriptor(fsOf(pg).lookupPath(file).node, 'contents')?.get ===
  'function'

/** The files under `dir`, but for PGlite's database folder, which pglite.data does not hold. */
function filesUnder(files: Fs, dir: string): string[] {
  return files
    .readdir(dir)
    .filter((name) => name !== '.' && name !== '..' && `${dir}/${name}` !== '/pglite/data')
    .flatMap((name) => {
      const full = `${dir}/${name}`
      return files.isDir(files.stat(full).mode) ? filesUnder(files, full) : [full]
    })
}

const ZONE = '/pglite/share/postgresql/timezone/Pacific/Chatham'
const folders: string[] = []
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true })
})

describe.skipIf(onPostgres)("PGlite's share files, read on first use", () => {
  it('give PostgreSQL each file when it first opens it, and leave the others unread', async () => {
    const pg = await PGlite.create(shareFilesReadOnFirstUse())
    try {
      expect(unread(pg, ZONE)).toBe(true)
      expect(unread(pg, '/pglite/share/postgresql/postgres.bki')).toBe(true)
      // Chatham is UTC+13:45 in January: PostgreSQL read the zone's real rules.
      const { rows } = await pg.query<{ local: string }>(
        `select ('2026-01-01 00:00Z'::timestamptz at time zone 'Pacific/Chatham')::text as local`,
      )
      expect(rows[0]?.local).toBe('2026-01-01 13:45:00')
      expect(unread(pg, ZONE)).toBe(false)
    } finally {
      await pg.close()
    }
  }, 120_000)

  it('hold the very bytes PGlite would have read from pglite.data, every one of them', async () => {
    const mine = await PGlite.create(shareFilesReadOnFirstUse())
    const stock = await PGlite.create()
    try {
      const dirs = ['/home/postgres', '/pglite']
      const files = dirs.flatMap((dir) => filesUnder(fsOf(stock), dir))
      expect(files.length).toBeGreaterThan(600)
      expect(dirs.flatMap((dir) => filesUnder(fsOf(mine), dir))).toEqual(files)
      let bytes = 0
      for (const file of files) {
        const expected = fsOf(stock).readFile(file)
        expect(Buffer.from(fsOf(mine).readFile(file)).equals(Buffer.from(expected)), file).toBe(
          true,
        )
        bytes += expected.length
      }
      // pglite.data is these files end to end: none was left out of the comparison.
      expect(bytes).toBe(fs.statSync(SHARE_FILES).size)
    } finally {
      await Promise.all([mine.close(), stock.close()])
    }
  }, 120_000)

  it('run initdb for a new folder, then open the folder again', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'share-files-'))
    folders.push(folder)
    const first = await PGlite.create(folder, shareFilesReadOnFirstUse())
    await first.exec(`create table t (zone text); insert into t values ('Europe/Vilnius')`)
    await first.close()
    const again = await PGlite.create(folder, shareFilesReadOnFirstUse())
    try {
      const { rows } = await again.query<{ offset: string }>(
        `select ('2026-07-01 00:00Z'::timestamptz at time zone zone)::text as offset from t`,
      )
      expect(rows[0]?.offset).toBe('2026-07-01 03:00:00')
    } finally {
      await again.close()
    }
  }, 120_000)
})
