// Staff accounts for the back-office tests: the first owner through the real setup link, and
// colleagues through the owner's invitations, each with their TOTP secret to make codes from.
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { totpCode } from '../../src/modules/staff/totp.js'
import type { TestApp } from './app.js'

export interface StaffLogin {
  id: number
  username: string
  password: string
  secret: string
  recoveryCodes: string[]
  accessToken: string
  refreshToken: string
  headers: { authorization: string }
}

export const STAFF_PASSWORD = 'a long staff passphrase'

export function tokenOf(link: string): string {
  const token = new URL(link).searchParams.get('token')
  if (!token) throw new Error(`no token in ${link}`)
  return token
}

export function secretOf(otpauthUri: string): string {
  const secret = new URL(otpauthUri).searchParams.get('secret')
  if (!secret) throw new Error(`no secret in ${otpauthUri}`)
  return secret
}

/** Completes a setup link: username and password, then the first code. */
export async function completeSetup(
  app: FastifyInstance,
  link: string,
  username: string,
): Promise<StaffLogin> {
  const token = tokenOf(link)
  const setup = await app.inject({
    method: 'POST',
    url: '/api/admin/setup',
    payload: { token, username, password: STAFF_PASSWORD },
  })
  expect(setup.statusCode, setup.body).toBe(201)
  const { otpauth_uri, recovery_codes } = setup.json() as {
    otpauth_uri: string
    recovery_codes: string[]
  }
  const secret = secretOf(otpauth_uri)
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/admin/setup/confirm',
    payload: { token, code: totpCode(secret) },
  })
  expect(confirmed.statusCode, confirmed.body).toBe(200)
  const body = confirmed.json() as {
    access_token: string
    refresh_token: string
    staff: { id: number }
  }
  return {
    id: body.staff.id,
    username,
    password: STAFF_PASSWORD,
    secret,
    recoveryCodes: recovery_codes,
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    headers: { authorization: `Bearer ${body.access_token}` },
  }
}

/** The shop's first owner, set up through the link a start prints. */
export async function setUpOwner(t: TestApp, username = 'owner'): Promise<StaffLogin> {
  const link = await t.services.staff.setup.ownerLinkIfNoStaff()
  if (!link) throw new Error('the shop already has staff')
  return completeSetup(t.app, link, username)
}

/** A colleague invited by `owner` with `role`, who completed the invitation. */
export async function invite(
  t: TestApp,
  owner: StaffLogin,
  username: string,
  role: 'owner' | 'support',
): Promise<StaffLogin> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/staff',
    headers: owner.headers,
    payload: { username, role },
  })
  expect(res.statusCode, res.body).toBe(201)
  return completeSetup(t.app, (res.json() as { invite_url: string }).invite_url, username)
}

/** An audit entry as the back office lists it. */
export interface AuditEntry {
  entity_id: string
  action: string
  staff_id: number
  summary: string
  params: Record<string, unknown> | null
}

/** The audit log's entries about one entity (say, `customer` 12), as the owner reads them. */
export async function auditOf(
  t: TestApp,
  owner: StaffLogin,
  entity: string,
  id: number | string,
): Promise<AuditEntry[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/audit?entity=${entity}&page_size=100`,
    headers: owner.headers,
  })
  expect(res.statusCode, res.body).toBe(200)
  return (res.json().entries as AuditEntry[]).filter((entry) => entry.entity_id === String(id))
}

/** The shop's first owner and one support colleague (`supportUsername`), as most suites need. */
export async function ownerAndSupport(
  t: TestApp,
  supportUsername: string,
): Promise<{ owner: StaffLogin; support: StaffLogin }> {
  const owner = await setUpOwner(t)
  return { owner, support: await invite(t, owner, supportUsername, 'support') }
}
