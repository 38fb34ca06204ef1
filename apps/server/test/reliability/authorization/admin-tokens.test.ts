// Authorization of the back office (docs/back-office.md, "Staff accounts"): every /api/admin route but
// setup and sign-in refuses anonymous callers, customers' tokens and forged staff tokens with 401,
// every owner route refuses support staff with 403 before reading the body, and a staff token
// opens no customer endpoint. Support reads a customer but changes nothing of it; a customer the
// owner disables is refused on every customer endpoint at once.
import { adminApi, api, buildPath, type RouteDef } from '@shop/contract'
import { describe, expect, it } from 'vitest'
import { AccessTokens } from '../../../src/modules/auth/tokens.js'
import { signUp, testConfig, useCustomer, useStaff, useTestApp } from '../../kit/index.js'
import { personalDataReport } from '../personal-data.js'

const t = useTestApp()
const { owner, support } = useStaff(t, 'support_auth')
const customer = useCustomer(t)

const adminRoutes = Object.entries(adminApi) as [string, RouteDef][]
const customerRoutes = Object.entries(api) as [string, RouteDef][]

function urlOf(route: RouteDef, values: Record<string, string | number> = {}): string {
  const params: Record<string, string | number> = {}
  for (const name of route.url.match(/:(\w+)/g) ?? []) params[name.slice(1)] = 1
  return buildPath(route.url as '/api/x', { ...params, ...values } as never)
}

/** The route with every path parameter 1 (or `values`), and `payload` or an empty body. */
function call(
  route: RouteDef,
  headers: Record<string, string>,
  values: Record<string, string | number> = {},
  payload?: object,
) {
  return t.app.inject({
    method: route.method,
    url: urlOf(route, values),
    headers,
    ...(route.body ? { payload: payload ?? {} } : {}),
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

  it("keep issue 33's routes in the sweep: 401 without a session or with a customer's token", async () => {
    // The sweeps above walk the contract; this names the routes added for issue 33 so that one
    // moved out of the contract (and so out of the sweeps) fails here.
    const added = [
      [adminApi.adminCounts, 'staff'],
      [adminApi.closeAdminTickets, 'staff'],
      [adminApi.editDeliveryNote, 'staff'],
      [adminApi.deliverOrders, 'staff'],
    ] as const
    for (const [route, role] of added) {
      expect(route.auth, route.url).toBe(role)
      expect((await call(route, {})).statusCode, `${route.url} anonymous`).toBe(401)
      const asCustomer = await call(route, customer.headers)
      expect(asCustomer.statusCode, `${route.url} customer`).toBe(401)
      const asSupport = await call(route, support.headers)
      expect([401, 403], `${route.url} support: ${asSupport.body}`).not.toContain(
        asSupport.statusCode,
      )
    }
  })

  it("let support read a customer's page but change nothing: balance, access and audit stay", async () => {
    const target = await signUp(t.app)
    const read = await call(adminApi.getCustomer, support.headers, { id: target.id })
    expect(read.statusCode, read.body).toBe(200)
    const writes = [
      [adminApi.adjustCustomerBalance, { change_eur: 100, reason: 'A gift from support' }],
      [adminApi.disableCustomer, undefined],
      [adminApi.enableCustomer, undefined],
    ] as const
    for (const [route, payload] of writes) {
      const res = await call(route, support.headers, { id: target.id }, payload)
      expect(res.statusCode, route.url).toBe(403)
      expect(res.json().code).toBe('FORBIDDEN')
    }
    const after = await call(adminApi.getCustomer, owner.headers, { id: target.id })
    expect(after.json()).toMatchObject({ balance_eur: 0, disabled: false, active_sessions: 1 })
    const audit = await call(adminApi.audit, owner.headers)
    const entries = audit.json().entries as { entity: string; entity_id: string }[]
    expect(
      entries.filter((e) => e.entity === 'customer' && e.entity_id === String(target.id)),
    ).toEqual([])
  })

  it('refuse a customer disabled by the owner on every customer endpoint with 403 at once', async () => {
    const target = await signUp(t.app)
    const disabled = await call(adminApi.disableCustomer, owner.headers, { id: target.id })
    expect(disabled.statusCode, disabled.body).toBe(200)
    const routes = customerRoutes.filter(([name, r]) => r.auth === true && name !== 'demoPay')
    for (const [name, route] of routes) {
      const res = await call(route, target.headers)
      expect(res.statusCode, `${name}: ${res.body}`).toBe(403)
      expect(res.json().code, name).toBe('ACCOUNT_DISABLED')
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
