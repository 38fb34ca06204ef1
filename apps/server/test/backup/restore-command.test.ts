// The real `npm run restore` (a child process, as the owner runs it): an encrypted backup of a
// shop whose keys it generated itself carries them, and a restore into an empty data folder (or
// PostgreSQL database) writes them back to DATA_DIR, so that the restored shop's staff sign in
// with their authenticator; a backup that needs a key nobody gave is refused before anything is
// written. Needs the build (`npm test` builds first; the command builds what is stale).
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { type Database, openDatabase } from '../../src/db/client.js'
import { resolveDeliveryKey, resolveJwtSecret } from '../../src/secrets.js'
import {
  LogCapture,
  onPostgres,
  type StaffLogin,
  setUpOwner,
  signInStaff,
  signUp,
  TEST_DELIVERY_KEY,
  useTestApp,
} from '../kit/index.js'
import { createPostgresDatabase, type PostgresTestDatabase } from '../kit/postgres.js'
import { backupOf, TEST_JWT_SECRET, temporaryFolder } from './backup-support.js'

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url))
const BACKUP_KEY = 'the-owners-backup-key-kept-apart-0123456789'

/** `npm run restore -- <args>` with `env` (and none of the shop's keys but those given). */
function npmRestore(args: string[], env: Record<string, string>) {
  const base = { ...process.env }
  for (const name of ['JWT_SECRET', 'DELIVERY_KEY', 'BACKUP_KEY', 'DATABASE_URL', 'DATA_DIR']) {
    delete base[name]
  }
  const child = spawn('npm', ['run', '--silent', 'restore', '--', ...args], {
    cwd: ROOT,
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, output })),
  )
}

const t = useTestApp({ seed: true })
let owner: StaffLogin
let customer: { username: string; password: string }
let target: PostgresTestDatabase | null = null

beforeAll(async () => {
  owner = await setUpOwner(t)
  customer = await signUp(t.app)
  if (onPostgres) target = await createPostgresDatabase({ prefix: 'restore_cmd_' })
})

afterAll(async () => {
  await target?.drop()
})

describe('npm run restore', () => {
  it('restores an encrypted backup with the keys it carries, and the staff sign in', async () => {
    const generated = {
      JWT_SECRET: { value: TEST_JWT_SECRET, generated: true },
      DELIVERY_KEY: { value: TEST_DELIVERY_KEY, generated: true },
    }
    const { file } = await backupOf(t.database, { backupKey: BACKUP_KEY, keys: generated })
    const dataDir = temporaryFolder('restore-command')
    const env = {
      DATA_DIR: dataDir,
      BACKUP_KEY,
      ...(target ? { DATABASE_URL: target.url } : {}),
    }
    const run = await npmRestore([file], env)
    expect(run.code, run.output).toBe(0)
    expect(run.output).toContain('restored the backup taken')
    expect(run.output).toContain('DELIVERY_KEY: written to DATA_DIR/delivery-key from the backup')
    expect(fs.readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(TEST_JWT_SECRET)
    expect(fs.statSync(path.join(dataDir, 'delivery-key')).mode & 0o777).toBe(0o600)

    // A second time: the database holds the shop now.
    const again = await npmRestore([file], env)
    expect(again.code).toBe(1)
    expect(again.output).toContain('Cannot restore: The target database holds a shop already')

    // The restored shop, with the keys as a start would read them from DATA_DIR.
    const base = loadConfig({
      DATA_DIR: dataDir,
      ...(target ? { DATABASE_URL: target.url, BACKUP_DIR: dataDir } : {}),
    })
    const config = {
      ...base,
      webDistDir: null,
      jwtSecret: resolveJwtSecret(base),
      deliveryKey: resolveDeliveryKey(base),
    }
    const database: Database = await openDatabase({
      url: config.databaseUrl,
      dataDir: config.databaseUrl ? null : dataDir,
    })
    const app = await buildApp(config, { database, logStream: new LogCapture() })
    try {
      const staff = await signInStaff(app, owner)
      expect(staff.statusCode, staff.body).toBe(200)
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/web/login',
        payload: { username: customer.username, password: customer.password },
      })
      expect(login.statusCode, login.body).toBe(200)
    } finally {
      await app.close()
      await database.close()
    }
  }, 480_000)

  it('refuses a backup whose keys it does not carry, before it creates anything', async () => {
    const { file } = await backupOf(t.database)
    const dataDir = path.join(temporaryFolder('refused'), 'data')
    const run = await npmRestore([file], { DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET })
    expect(run.code).toBe(1)
    expect(run.output).toMatch(/Cannot restore: This backup needs its DELIVERY_KEY/)
    expect(fs.existsSync(dataDir)).toBe(false)
    const usage = await npmRestore([], {})
    expect(usage.code).toBe(2)
    expect(usage.output).toContain('Usage: npm run restore -- <backup file> [--force]')
  }, 480_000)
})
