// Staff accounts for the back-office tests: the first owner through the real setup link, and
// colleagues through the owner's invitations, each with their TOTP secret to make codes from.
import type { FastifyInstance } from 'fastify'
import { beforeAll, expect } from 'vitest'
import { totpCode } from '../../src/modules/staff/totp.js'
import { call } from './api.js'
import type { TestApp } from './app.js'
import type { Place } from './factories.js'

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

/**
 * A sign-in of `staff` on `app` (say, a restored shop's) with their password and the next step's
 * code: the current one was used by their setup, and a code is refused again within its window.
 */
export function signInStaff(app: FastifyInstance, staff: StaffLogin) {
  return app.inject({
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: {
      username: staff.username,
      password: staff.password,
      code: totpCode(staff.secret, Date.now() + 30_000),
    },
  })
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

/**
 * The test file's first owner and, with `supportUsername`, a support colleague, set up before its
 * tests on `t` (a useTestApp app, whose hook runs first): the returned objects stay the same and
 * are filled in by that beforeAll.
 */
export function useStaff(
  t: TestApp,
  supportUsername?: string,
): { owner: StaffLogin; support: StaffLogin } {
  const owner = {} as StaffLogin
  const support = {} as StaffLogin
  beforeAll(async () => {
    Object.assign(owner, await setUpOwner(t))
    if (supportUsername) Object.assign(support, await invite(t, owner, supportUsername, 'support'))
  })
  return { owner, support }
}

/** A name as the back office takes it, in both languages. */
export interface BilingualName {
  name_en: string
  name_lt: string
}

/** A city with one district, created by `owner` through the back office (each must answer 201). */
export async function createPlaceAs(
  t: TestApp,
  owner: StaffLogin,
  city: BilingualName,
  district: BilingualName,
): Promise<Place> {
  const createdCity = await call(t.app, owner, 'POST /api/admin/cities', { body: city })
  expect(createdCity.status, createdCity.res.body).toBe(201)
  const cityId = createdCity.body.id
  const createdDistrict = await call(t.app, owner, 'POST /api/admin/cities/:id/districts', {
    params: { id: cityId },
    body: district,
  })
  expect(createdDistrict.status, createdDistrict.res.body).toBe(201)
  return { cityId, districtId: createdDistrict.body.id }
}
