// Authorization of the back office (back-office.md, "Staff accounts"): every /api/admin route but
// setup and sign-in refuses anonymous callers, customers' tokens and forged staff tokens with 401,
// every owner route refuses support staff with 403 before reading the body, and a staff token
// opens no customer endpoint.
import { adminApi, api, buildPath, type RouteDef } from '@shop/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AccessTokens } from '../../../src/modules/auth/tokens.js'
import {
  createTestApp,
  type SignedUpUser,
  signUp,
  type TestApp,
  testConfig,
} from '../../helpers.js'
import { invite, type StaffLogin, setUpOwner } from '../../staff/staff-support.js'
import { personalDataReport } from '../personal-data.js'

let t: TestApp
let owner: StaffLogin
let support: StaffLogin
let customer: SignedUpUser

beforeAll(async () => {
  t = await createTestApp()
  owner = await setUpOwner(t)
  support = await invite(t, owner, 'support_auth', 'support')
  customer = await signUp(t.app)
})
afterAll(async () => {
  await t.close()
})

const adminRoutes = Object.entries(adminApi) as [string, RouteDef][]
const customerRoutes = Object.entries(api) as [string, RouteDef][]

function urlOf(route: RouteDef): string {
  const params: Record<string, string | number> = {}
  for (const name of route.url.match(/:(\w+)/g) ?? []) params[name.slice(1)] = 1
  return buildPath(route.url as '/api/x', params as never)
}

function call(route: RouteDef, headers: Record<string, string>) {
  return t.app.inject({
    method: route.method,
    url: urlOf(route),
    headers,
    ...(route.body ? { payload: {} } : {}),
  })
}

describe('back-office tokens', () => {
  it('only setup and sign-in are public', () => {
    expect(adminRoutes.filter(([, r]) => !r.auth).map(([name]) => name)).toEqual([
      'setupInspect',
      'setup',
      'setupConfirm',
      'staffLogin',
      'staffRefresh',
    ])
  })

  it('refuse anonymous callers, customers and forged staff tokens with 401', async () => {
    const secret = testConfig().jwtSecret as string
    const claims = { userId: owner.id, sessionId: '00000000-0000-0000-0000-000000000000' }
    const forged: [string, string][] = [
      ['a customer token', customer.accessToken],
      [
        'a staff token of another secret',
        await new AccessTokens('x'.repeat(48), 'back-office').sign(claims),
      ],
      [
        'an expired staff token',
        await new AccessTokens(secret, 'back-office').sign(claims, Date.now() - 16 * 60_000),
      ],
      ['a customer-audience token naming the owner', await new AccessTokens(secret).sign(claims)],
    ]
    for (const [name, route] of adminRoutes.filter(([, r]) => r.auth)) {
      const anonymous = await call(route, {})
      expect(anonymous.statusCode, `${name} anonymous`).toBe(401)
      for (const [kind, token] of forged) {
        const res = await call(route, { authorization: `Bearer ${token}` })
        expect(res.statusCode, `${name} with ${kind}: ${res.body}`).toBe(401)
      }
    }
  })

  it('refuse support staff every owner route with 403, and let them reach the staff routes', async () => {
    // Signing out last: it ends the session the other calls use.
    const ordered = adminRoutes
      .filter(([, r]) => r.auth)
      .sort(([a], [b]) => Number(a === 'staffLogout') - Number(b === 'staffLogout'))
    for (const [name, route] of ordered) {
      const res = await call(route, support.headers)
      if (route.auth === 'owner') {
        expect(res.statusCode, name).toBe(403)
        expect(res.json().code, name).toBe('FORBIDDEN')
      } else {
        expect([401, 403], `${name}: ${res.body}`).not.toContain(res.statusCode)
      }
    }
  })

  it('open no customer endpoint to a staff token', async () => {
    // (The demo wallet's route exists only with the local chain.)
    const routes = customerRoutes.filter(([name, r]) => r.auth === true && name !== 'demoPay')
    for (const [name, route] of routes) {
      const res = await call(route, owner.headers)
      expect(res.statusCode, name).toBe(401)
    }
  })

  it('left no IP address, user agent, e-mail or phone number in the new tables or the log', async () => {
    expect(await personalDataReport(t.database.db, t.logs.text)).toEqual([])
  })
})
