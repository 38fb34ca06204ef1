// Vitest global set-up of the PGlite project: one migrated PGlite data folder, dumped to a tar
// that every test file loads (about a second) instead of running initdb and the migrations
// (about three). The tar is kept in node_modules/.cache under a hash of the migrations and the
// PGlite version, so a later run with the same ones skips building it.
import crypto from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import type { TestProject } from 'vitest/node'
import { MIGRATIONS_DIR, openDatabase } from '../../src/db/client.js'

const require = createRequire(import.meta.url)

function packageVersion(name: string): string {
  let dir = path.dirname(require.resolve(name))
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir)
  return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version
}

function templateKey(): string {
  const hash = crypto.createHash('sha256').update(packageVersion('@electric-sql/pglite'))
  const files = fs.readdirSync(MIGRATIONS_DIR, { recursive: true, encoding: 'utf8' }).sort()
  for (const file of files) {
    const full = path.join(MIGRATIONS_DIR, file)
    if (fs.statSync(full).isFile()) hash.update(`\0${file}\0`).update(fs.readFileSync(full))
  }
  return hash.digest('hex').slice(0, 16)
}

async function buildTemplate(file: string): Promise<void> {
  const database = await openDatabase({ dataDir: null })
  try {
    await database.migrate()
    const client = (database.db as unknown as { $client: PGlite }).$client
    const tar = await client.dumpDataDir('none')
    // Written aside and renamed, so a concurrent run never reads half a file.
    const partial = `${file}.${process.pid}.partial`
    fs.writeFileSync(partial, Buffer.from(await tar.arrayBuffer()))
    fs.renameSync(partial, file)
  } finally {
    await database.close()
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const dir = path.resolve(MIGRATIONS_DIR, '../../../node_modules/.cache/shop-server-tests')
  fs.mkdirSync(dir, { recursive: true })
  const name = `pglite-${templateKey()}.tar`
  const file = path.join(dir, name)
  if (!fs.existsSync(file)) {
    await buildTemplate(file)
    for (const old of fs.readdirSync(dir)) {
      if (old.startsWith('pglite-') && old.endsWith('.tar') && old !== name) {
        fs.rmSync(path.join(dir, old), { force: true })
      }
    }
  }
  project.provide('pgliteTemplate', file)
}
