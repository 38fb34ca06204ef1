// Per-client limits behind the documented reverse proxy (issue 18). Behind a proxy on the same
// host every client arrives from loopback, which the limits do not count: with TRUST_PROXY
// naming the proxy, the client is the right-most X-Forwarded-For address that is not a listed
// proxy, and the sign-up and login limits hold per real client. The header is believed only
// from a listed proxy, only for the limits, and never reaches the log.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../src/config.js'
import { createTestApp, type TestApp } from './kit/index.js'

function register(
  app: FastifyInstance,
  name: string,
  remoteAddress: string,
  forwardedFor?: string,
) {
  const password = 'Passw0rd!'
  return app.inject({
    method: 'POST',
    url: '/api/auth/web/register',
    payload: { username: name, password, confirm_password: password },
    remoteAddress,
    ...(forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {}),
  })
}

function login(app: FastifyInstance, name: string, remoteAddress: string, forwardedFor: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/web/login',
    payload: { username: name, password: 'wrong password' },
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
  })
}

const statuses = (answers: { statusCode: number }[]) => answers.map((res) => res.statusCode)
const count = (list: number[], status: number) => list.filter((s) => s === status).length
let serial = 0
const name = (tag: string) => `${tag}_${process.pid}_${++serial}`

describe('TRUST_PROXY', () => {
  it('takes addresses, CIDR ranges and range names, and refuses anything else by name', () => {
    expect(loadConfig({}).trustProxy).toEqual([])
    expect(
      loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8 fd00::/8,192.168.1.0/255.255.255.0 ::1' })
        .trustProxy,
    ).toEqual(['loopback', '10.0.0.0/8', 'fd00::/8', '192.168.1.0/255.255.255.0', '::1'])
    for (const bad of ['proxy.example', '127.1', '10.0.0.0/33', '10.0.0.0/0', '10.0.0.1/x']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError)
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/^TRUST_PROXY: /)
    }
  })
})

describe('behind a reverse proxy on this machine, with TRUST_PROXY=loopback', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: ['loopback'] } })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('holds 10 sign-ups an hour per real client, whatever the client writes into the header', async () => {
    const client = '203.0.113.50'
    const answers = []
    for (let i = 0; i < 15; i++)
      answers.push(await register(t.app, name('su'), '127.0.0.1', client))
    expect(count(statuses(answers), 200)).toBe(10)
    expect(count(statuses(answers), 429)).toBe(5)
    // Addresses the client wrote itself sit left of the one the proxy appended.
    const forged = await register(t.app, name('su'), '127.0.0.1', `198.51.100.1, ${client}`)
    expect(forged.statusCode).toBe(429)
    // Over IPv6 loopback, through two listed proxies: the same client.
    const twoHops = await register(t.app, name('su'), '::1', `${client}, 127.0.0.1`)
    expect(twoHops.statusCode).toBe(429)
    // Another client behind the same proxy is not affected.
    expect((await register(t.app, name('su'), '127.0.0.1', '203.0.113.51')).statusCode).toBe(200)
  })

  it('gives a password spray 20 guesses per client, not one per username', async () => {
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => login(t.app, name('spray'), '127.0.0.1', '203.0.113.60')),
    )
    expect(count(statuses(answers), 401)).toBe(20)
    expect(count(statuses(answers), 429)).toBe(5)
  })

  it('believes the header only from a listed proxy', async () => {
    // A client connecting directly: its own address counts, whatever its header says.
    const direct = '198.51.100.70'
    const answers = []
    for (let i = 0; i < 11; i++) {
      answers.push(await register(t.app, name('direct'), direct, `203.0.113.${100 + i}`))
    }
    expect(count(statuses(answers), 200)).toBe(10)
    expect(answers.at(-1)?.statusCode).toBe(429)
  })

  it('never writes the forwarded addresses to the log', () => {
    for (const fragment of ['203.0.113', '198.51.100', 'x-forwarded-for', 'X-Forwarded-For']) {
      expect(t.logs.text).not.toContain(fragment)
    }
  })
})

describe('without TRUST_PROXY', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => {
    await t?.close()
  })

  it('believes no header, and says once that a proxy on this machine is not declared', async () => {
    const direct = '198.51.100.80'
    const answers = []
    for (let i = 0; i < 11; i++) {
      answers.push(await register(t.app, name('plain'), direct, `203.0.113.${150 + i}`))
    }
    expect(answers.at(-1)?.statusCode).toBe(429)
    expect(t.logs.text).not.toContain('TRUST_PROXY')
    for (let i = 0; i < 3; i++) {
      await t.app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      })
    }
    expect(t.logs.text.match(/TRUST_PROXY is not set/g)).toHaveLength(1)
    expect(t.logs.text).not.toContain('203.0.113')
  })
})
