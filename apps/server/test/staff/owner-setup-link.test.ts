// The first owner's setup link (issue 33): every start prints the same one until it is used or a
// day old, on the origin it is asked for; an older one stops working and a new one is made.
import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { tokenOf, useTestApp } from '../kit/index.js'

const t = useTestApp()

const inspect = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/setup/inspect', payload: { token } })

it('stays the same through restarts, until it is a day old', async () => {
  const setup = t.services.staff.setup
  const first = await setup.ownerLinkIfNoStaff('http://127.0.0.1:4123')
  expect(first).toMatch(/^http:\/\/127\.0\.0\.1:4123\/admin\/setup\?token=[\w-]{43}$/)
  const token = tokenOf(first ?? '')
  // A restart: the same token, the earlier link still works.
  expect(tokenOf((await setup.ownerLinkIfNoStaff()) ?? '')).toBe(token)
  expect((await inspect(token)).json()).toEqual({ kind: 'owner', username: null, role: 'owner' })

  // A day later it no longer works, and the next start makes a new one.
  await t.database.db.execute(
    sql`update staff_setup_tokens set created_at = created_at - interval '24 hours 1 second'`,
  )
  expect((await inspect(token)).json()).toMatchObject({ code: 'SETUP_TOKEN_INVALID' })
  const next = tokenOf((await setup.ownerLinkIfNoStaff()) ?? '')
  expect(next).not.toBe(token)
  expect((await inspect(next)).statusCode).toBe(200)
  expect((await inspect(token)).statusCode).toBe(404)
})
