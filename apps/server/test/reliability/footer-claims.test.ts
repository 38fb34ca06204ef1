// The footer's claims, each proved (docs/promises.md maps every claim to its test): passwords
// hashed with Argon2id, no contact details asked for, shopping from behind a Tor exit or a VPN.
import crypto from 'node:crypto'
import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import { adminApi, api, type RouteDef, successResponseSchema } from '@shop/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../src/db/schema.js'
import { createTestApp, type TestApp } from '../kit/index.js'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  const password = 'a footer claims passphrase'
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/auth/web/register',
    payload: { username: 'footer_claims', password, confirm_password: password },
  })
  expect(registered.statusCode).toBe(200)
}, 60_000)
afterAll(async () => {
  await t?.close()
})

describe("the footer's claims", () => {
  it('"Passwords hashed with Argon2id": at least m=19 MiB, t=2, p=1', async () => {
    const rows = await t.database.db.select({ hash: users.passwordHash }).from(users)
    const hashes = rows.map((row) => row.hash).filter((h): h is string => h !== null)
    expect(hashes.length).toBeGreaterThan(0)
    for (const hash of hashes) {
      const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(hash)
      expect(match, hash.slice(0, 30)).not.toBeNull()
      expect(Number(match?.[1])).toBeGreaterThanOrEqual(19_456)
      expect(Number(match?.[2])).toBeGreaterThanOrEqual(2)
      expect(Number(match?.[3])).toBeGreaterThanOrEqual(1)
    }
  })

  it('"No e-mail or phone number required": no request or response field asks for one', () => {
    const names = new Set<string>()
    const walk = (schema: unknown) => {
      if (!schema || typeof schema !== 'object') return
      const s = schema as Record<string, unknown>
      if (s.properties && typeof s.properties === 'object') {
        for (const [name, sub] of Object.entries(s.properties)) {
          names.add(name)
          walk(sub)
        }
      }
      for (const k of ['items', 'anyOf', 'oneOf', 'allOf']) {
        const v = s[k]
        if (Array.isArray(v)) v.forEach(walk)
        else walk(v)
      }
    }
    for (const route of [...Object.values(api), ...Object.values(adminApi)] as RouteDef[]) {
      walk(route.body)
      walk(route.querystring)
      walk(route.params)
      walk(successResponseSchema(route))
    }
    expect(names.size).toBeGreaterThan(50)
    expect([...names].filter((n) => /mail|phone|mobile|tel$|address$|ip$|agent/i.test(n))).toEqual([
      'wallet_address', // the shop's own Solana address, shown to pay to
    ])
    expect(Object.keys((api.register.body as { properties: object }).properties).sort()).toEqual([
      'confirm_password',
      'password',
      'username',
    ])
  })

  it('"Works over Tor and VPN": many customers behind one exit address sign in and shop', async () => {
    // A Tor exit or VPN: every customer shares one address the server has never seen, sends
    // no user agent, and its address changes between requests. Nothing depends on it.
    const exits = ['185.220.101.1', '2a0b:f4c2::1', '185.220.101.2']
    const password = 'correct horse battery'
    for (let i = 0; i < 3; i++) {
      const username = `tor_${i}_${crypto.randomBytes(2).toString('hex')}`
      const reg = await t.app.inject({
        method: 'POST',
        url: '/api/auth/web/register',
        remoteAddress: exits[0],
        payload: { username, password, confirm_password: password },
      })
      expect(reg.statusCode).toBe(200)
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/web/login',
        remoteAddress: exits[1],
        payload: { username, password },
      })
      expect(login.statusCode).toBe(200)
      const cart = await t.app.inject({
        method: 'GET',
        url: '/api/cart',
        remoteAddress: exits[2],
        headers: { authorization: `Bearer ${login.json().access_token}` },
      })
      expect(cart.statusCode).toBe(200)
    }
  })

  it('every claim of the footer is mapped to its proof in docs/promises.md', () => {
    const en = JSON.parse(
      fs.readFileSync(
        fileURLToPath(new URL('../../../web/src/locales/en.json', import.meta.url)),
        'utf8',
      ),
    ) as { footer: { claims: Record<string, string> } }
    const promises = fs.readFileSync(
      fileURLToPath(new URL('../../../../docs/promises.md', import.meta.url)),
      'utf8',
    )
    for (const [key, claim] of Object.entries(en.footer.claims)) {
      if (key === 'title') continue
      expect(
        promises,
        `footer claim "${claim}" (footer.claims.${key}) is not in docs/promises.md`,
      ).toContain(`footer.claims.${key}`)
    }
  })
})
