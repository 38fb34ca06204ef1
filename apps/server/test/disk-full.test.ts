// A full data-folder disk gives clean errors and passes (issue 33, decision 0036): PGlite out of
// space while PostgreSQL starts a WAL segment froze for good, so below a reserve every write is
// refused with 503, /api/health says "disk full", reads go on, and all resumes once space is
// freed; the log and the dashboard warn before. The disk is filled here by the shop's own
// reading of its free space (the test's `freeSpace`), not by a real disk.
import { describe, expect, it } from 'vitest'
import { createTestApp, setUpOwner } from './kit/index.js'

const GIB = 1024 ** 3
const MIB = 1024 ** 2

// PGlite's own folder: a shop on PostgreSQL has no data folder disk to watch.
describe.skipIf(process.env.TEST_DB === 'postgres')('the data folder disk filling up', () => {
  it('warns, then refuses writes with 503 and says so in health, then recovers by itself', async () => {
    let free = 50 * GIB
    const total = 100 * GIB
    const t = await createTestApp({ deps: { freeSpace: async () => ({ free, total }) } })
    try {
      const disk = t.services.disk
      if (!disk) throw new Error('a PGlite shop watches its disk')
      const owner = await setUpOwner(t)
      const dashboard = async () =>
        (await t.app.inject({ url: '/api/admin/dashboard', headers: owner.headers })).json()
      const register = (username: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/web/register',
          payload: { username, password: 'Passw0rd!', confirm_password: 'Passw0rd!' },
        })

      await disk.check()
      expect((await dashboard()).disk).toMatchObject({ low: false, full: false })

      free = 1 * GIB
      await disk.check()
      expect((await dashboard()).disk).toMatchObject({ free_bytes: free, low: true, full: false })
      expect(t.logs.text).toContain("data folder's disk is nearly full")
      expect((await register('before_full')).statusCode).toBe(200)

      free = 20 * MIB
      await disk.check()
      const refused = await register('while_full')
      expect(refused.statusCode).toBe(503)
      expect(refused.headers['retry-after']).toBeDefined()
      expect(refused.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' })
      expect(refused.json().detail).toContain('disk is full')
      const health = await t.app.inject({ url: '/api/health' })
      expect(health.statusCode).toBe(503)
      expect(health.json().detail).toContain('disk is full')
      expect((await dashboard()).disk).toMatchObject({ full: true })
      expect(t.logs.text).toContain("data folder's disk is full")

      free = 10 * GIB
      await disk.check()
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200)
      expect((await register('after_full')).statusCode).toBe(200)
    } finally {
      await t.close()
    }
  })
})
