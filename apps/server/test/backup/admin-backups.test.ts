// The owner's backups through the API (docs/data-in-and-out.md, "Backups"): back up now (201),
// the list newest first, the download (audited), the names a download takes (no way out of
// BACKUP_DIR), who may call them, BACKUP_KEEP, a failed attempt on the dashboard, and the
// schedule. Both databases.
import fs from 'node:fs'
import path from 'node:path'
import { BACKUP_NAME_PATTERN } from '@shop/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import { isEncryptedBackup } from '../../src/backup/backup-file.js'
import { silentLogger } from '../../src/logger.js'
import { BackupService } from '../../src/modules/backups/service.js'
import {
  createTestApp,
  invite,
  type SignedUpUser,
  type StaffLogin,
  setUpOwner,
  signUp,
  useTestApp,
} from '../kit/index.js'
import { TEST_SHOP_KEYS, temporaryFolder } from './backup-support.js'

const backupDir = temporaryFolder('admin-backups')
const t = useTestApp({ seed: true, config: { backupDir, backupKeep: 2 } })
let owner: StaffLogin
let support: StaffLogin
let customer: SignedUpUser

beforeAll(async () => {
  owner = await setUpOwner(t)
  support = await invite(t, owner, 'helper', 'support')
  customer = await signUp(t.app)
})

const backUp = (headers = owner.headers) =>
  t.app.inject({ method: 'POST', url: '/api/admin/backups', headers })

describe('the owner’s backups', () => {
  it('takes one now (201), lists it newest first and sends it as an attachment, audited', async () => {
    const created = await backUp()
    expect(created.statusCode, created.body).toBe(201)
    const backup = created.json() as { name: string; size_bytes: number; created_at: string }
    expect(backup.name).toMatch(new RegExp(BACKUP_NAME_PATTERN))
    const file = path.join(backupDir, backup.name)
    expect(fs.statSync(file).size).toBe(backup.size_bytes)
    expect(await isEncryptedBackup(file)).toBe(false)
    expect(fs.readdirSync(backupDir).filter((name) => name.includes('partial'))).toEqual([])

    const list = await t.app.inject({ url: '/api/admin/backups', headers: owner.headers })
    expect(list.statusCode).toBe(200)
    expect(list.json()).toMatchObject({
      backups: [backup],
      status: { last_backup_at: backup.created_at, warning: 'none', encrypted: false },
    })

    const download = await t.app.inject({
      url: `/api/admin/backups/${backup.name}`,
      headers: owner.headers,
    })
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-type']).toBe('application/octet-stream')
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${backup.name}"`)
    expect(download.rawPayload.equals(fs.readFileSync(file))).toBe(true)

    const audit = await t.app.inject({ url: '/api/admin/audit', headers: owner.headers })
    const actions = (audit.json() as { entries: { action: string; entity_id: string }[] }).entries
    expect(actions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'backup.create', entity_id: backup.name }),
        expect.objectContaining({ action: 'backup.download', entity_id: backup.name }),
      ]),
    )
  })

  it('keeps the newest BACKUP_KEEP', async () => {
    for (let i = 0; i < 2; i++) expect((await backUp()).statusCode).toBe(201)
    const { backups } = (
      await t.app.inject({ url: '/api/admin/backups', headers: owner.headers })
    ).json() as { backups: { name: string }[] }
    expect(backups).toHaveLength(2)
    expect(fs.readdirSync(backupDir).sort().reverse()).toEqual(backups.map((b) => b.name))
  })

  it('takes one at a time: a second request meanwhile answers 409 BACKUP_IN_PROGRESS', async () => {
    const [first, second] = await Promise.all([backUp(), backUp()])
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([201, 409])
    expect([first, second].find((res) => res?.statusCode === 409)?.json().code).toBe(
      'BACKUP_IN_PROGRESS',
    )
  })

  it.each([
    ['..%2F..%2Fetc%2Fpasswd', 400],
    ['..%2Fshop-20260101T000000.000Z.backup', 400],
    // The router takes it for the parent path, which has no route.
    ['%2E%2E', 404],
    ['.shop-20260101T000000.000Z.backup.partial', 400],
    ['shop-20260101T000000.000Z.backup%00', 400],
    ['shop-20260101T000000.000Z.backup', 404],
  ])('downloads nothing outside BACKUP_DIR or unknown: %s answers %i', async (name, status) => {
    const res = await t.app.inject({ url: `/api/admin/backups/${name}`, headers: owner.headers })
    expect(res.statusCode, res.body).toBe(status)
    expect(res.headers['content-type']).toMatch(/json/)
  })

  it('refuses a customer token (401), a support colleague (403) and nobody (401)', async () => {
    const name = fs.readdirSync(backupDir)[0]
    const calls = [
      { method: 'GET' as const, url: '/api/admin/backups' },
      { method: 'POST' as const, url: '/api/admin/backups' },
      { method: 'GET' as const, url: `/api/admin/backups/${name}` },
    ]
    for (const call of calls) {
      expect((await t.app.inject({ ...call, headers: customer.headers })).statusCode).toBe(401)
      expect((await t.app.inject({ ...call, headers: support.headers })).json().code).toBe(
        'FORBIDDEN',
      )
      expect((await t.app.inject(call)).statusCode).toBe(401)
    }
  })

  it('shows the last backup on the dashboard', async () => {
    const res = await t.app.inject({ url: '/api/admin/dashboard', headers: owner.headers })
    expect(res.json().backups).toMatchObject({ warning: 'none', interval_hours: 24 })
  })
})

describe('a backup that cannot be written', () => {
  it('answers 503 BACKUP_FAILED with why, and the dashboard warns of it', async () => {
    const blocked = path.join(temporaryFolder('blocked'), 'a-file-not-a-folder')
    fs.writeFileSync(blocked, '')
    const other = await createTestApp({ config: { backupDir: blocked } })
    try {
      const boss = await setUpOwner(other)
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/admin/backups',
        headers: boss.headers,
      })
      expect(res.statusCode, res.body).toBe(503)
      expect(res.json()).toMatchObject({ code: 'BACKUP_FAILED' })
      expect(res.json().message).toMatch(/^The backup could not be written: E[A-Z]+/)
      expect(res.json().message).not.toContain(blocked)
      const board = await other.app.inject({ url: '/api/admin/dashboard', headers: boss.headers })
      expect(board.json().backups).toMatchObject({ warning: 'failed', last_backup_at: null })
      expect(board.json().backups.last_failure).toMatch(/^E[A-Z]+/)
    } finally {
      await other.close()
    }
  })
})

describe('the schedule', () => {
  it('backs up an interval after it first ran, then an interval after the last, and warns past two', async () => {
    const dir = temporaryFolder('scheduled')
    const other = await createTestApp()
    let clock = Date.parse('2027-01-10T08:00:00Z')
    const service = new BackupService(
      other.database,
      { dir, backupKey: 'k'.repeat(40), intervalHours: 6, keep: 5, keys: TEST_SHOP_KEYS },
      other.services.audit,
      silentLogger,
      () => new Date(clock),
    )
    try {
      const names = () => fs.readdirSync(dir).sort()
      await service.runIfDue()
      expect(names()).toEqual([])
      expect((await service.health()).warning).toBe('never')
      clock += 5 * 3_600_000
      await service.runIfDue()
      expect(names()).toEqual([])
      clock += 3_600_000
      await service.runIfDue()
      expect(names()).toEqual(['shop-20270110T140000.000Z.backup'])
      expect(await isEncryptedBackup(path.join(dir, names()[0] ?? ''))).toBe(true)
      clock += 3_600_000
      await service.runIfDue()
      expect(names()).toHaveLength(1)
      clock += 5 * 3_600_000
      await service.runIfDue()
      expect(names()).toHaveLength(2)
      expect((await service.health()).warning).toBe('none')
      clock += 13 * 3_600_000
      expect((await service.health()).warning).toBe('stale')
    } finally {
      await other.close()
    }
  })
})
