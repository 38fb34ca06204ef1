// Privacy: after a customer's whole journey, sent from public IPv4 and IPv6 addresses with a
// user agent, proxy headers, an e-mail in `From` and a phone number in a header (and as extra
// body fields), neither the database (every text, varchar and jsonb column of every table) nor
// the server's log holds an IP address, a user agent, an e-mail or a phone number, and no column
// is named for one. The footer's claims are proved in footer-claims.test.ts.
import crypto from 'node:crypto'
import { sendSolTransfer } from '@shop/local-chain'
import { address, type KeyPairSigner } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runSteps } from '../../src/db/steps.js'
import type { TestApp } from '../kit/index.js'
import { createPaymentTestbed, createProduct, type PaymentTestbed } from '../kit/index.js'
import {
  CANARY,
  canaryHeaders,
  dumpDatabase,
  personalDataIn,
  personalDataReport,
} from './personal-data.js'
import { listen } from './released-together.js'

const BOT_TOKEN = '7000000003:AAH-privacy_bot_secret_part_0123456789'
let t: TestApp
let port: number
let bed: PaymentTestbed
let chain: PaymentTestbed['chain']
let merchant: string
let payer: KeyPairSigner

beforeAll(async () => {
  bed = await createPaymentTestbed({
    config: {
      telegramBotToken: BOT_TOKEN,
      telegramBotUsername: 'privacy_shop_bot',
      logLevel: 'trace',
    },
    deps: { authLimits: { limits: { loginPerUsername: { max: 2, windowMs: 60_000 } } } },
    extraRoutes(app) {
      app.get('/api/test/explode', async () => {
        throw new Error('an unexpected failure')
      })
    },
  })
  ;({ t, chain, merchant, payer } = bed)
  port = await listen(t.app)
}, 60_000)
afterAll(async () => {
  await bed?.close()
})

/** Alternates the public addresses the requests come from. */
let turn = 0
const addresses = [CANARY.ipv4, CANARY.ipv6, `::ffff:${CANARY.forwardedIp}`, '192.0.2.201']

function call(
  method: string,
  url: string,
  options: { token?: string; payload?: unknown; raw?: string; type?: string } = {},
) {
  const headers: Record<string, string> = { ...canaryHeaders() }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  if (options.type) headers['content-type'] = options.type
  return t.app.inject({
    method: method as 'GET',
    url,
    headers,
    remoteAddress: addresses[turn++ % addresses.length],
    ...(options.raw !== undefined
      ? { payload: options.raw }
      : options.payload !== undefined
        ? { payload: options.payload as object }
        : {}),
  })
}

describe("a customer's whole journey leaves nothing that identifies them", () => {
  it('runs sign-up, login, Telegram, catalogue, cart, both payments, support and errors', async () => {
    const password = 'correct horse battery'
    const username = `private_${crypto.randomBytes(3).toString('hex')}`
    // Contact details offered anyway (extra fields) are not kept.
    const reg = await call('POST', '/api/auth/web/register', {
      payload: {
        username,
        password,
        confirm_password: password,
        email: CANARY.email,
        phone: CANARY.phone,
      },
    })
    expect(reg.statusCode, reg.body).toBe(200)
    let token = reg.json().access_token as string
    const userId = reg.json().user.id as number
    expect(Object.keys(reg.json().user).sort()).toEqual(
      ['balance_eur', 'created_at', 'first_name', 'id', 'telegram_id', 'username'].sort(),
    )
    await call('GET', `/api/auth/web/check-username/${username}`)
    expect(
      (
        await call('POST', '/api/auth/web/login', {
          payload: { username, password: 'wrong password' },
        })
      ).statusCode,
    ).toBe(401)
    await call('POST', '/api/auth/web/login', { payload: { username, password: 'wrong again' } })
    expect(
      (await call('POST', '/api/auth/web/login', { payload: { username, password } })).statusCode,
    ).toBe(429)
    const refreshed = await call('POST', '/api/auth/telegram/refresh', {
      payload: { refresh_token: reg.json().refresh_token },
    })
    expect(refreshed.statusCode).toBe(200)
    token = refreshed.json().access_token

    // Telegram sends a last name and a photo URL: neither is stored.
    const tg: Record<string, string | number> = {
      id: 77_000_001,
      first_name: 'Ona',
      last_name: 'Onaitė-Secret',
      username: 'ona_private',
      photo_url: 'https://t.me/i/userpic/320/secret-photo.jpg',
      auth_date: Math.floor(Date.now() / 1000),
    }
    const text = Object.keys(tg)
      .sort()
      .map((key) => `${key}=${tg[key]}`)
      .join('\n')
    const key = crypto.createHash('sha256').update(BOT_TOKEN).digest()
    const hash = crypto.createHmac('sha256', key).update(text).digest('hex')
    expect(
      (await call('POST', '/api/auth/telegram/telegram-login', { payload: { ...tg, hash } }))
        .statusCode,
    ).toBe(200)

    for (const url of [
      '/api/config',
      '/api/products?search=vilnius',
      '/api/products/grouped',
      '/api/products/cities-with-products',
      '/api/locations/cities',
      '/api/products/999999',
      '/api/support/faq?lang=lt',
      '/api/support/categories',
      '/api/user/me',
      '/api/user/stats',
    ]) {
      await call('GET', url, { token })
    }
    const productId = await createProduct(t.database.db, { stock: 10, priceCents: 1_000 })
    await t.database.db.transaction((tx) =>
      runSteps(tx, [
        t.services.balance.credit({
          userId,
          amountCents: 5_000,
          kind: 'adjustment',
          description: 'test money',
        }),
      ]),
    )
    await call('POST', '/api/cart/add', { token, payload: { product_id: productId } })
    await call('POST', '/api/cart/coupon/apply', { token, payload: { coupon_code: 'WELCOME10' } })
    await call('POST', '/api/cart/coupon/apply', { token, payload: { coupon_code: 'NOPE' } })
    const paid = await call('POST', '/api/payment/create', {
      token,
      payload: { payment_method: 'balance' },
    })
    expect(paid.statusCode, paid.body).toBe(200)
    await call('POST', '/api/cart/add', { token, payload: { product_id: productId } })
    const pending = (
      await call('POST', '/api/payment/create', { token, payload: { payment_method: 'crypto' } })
    ).json()
    const signature = await sendSolTransfer({
      rpcUrl: chain.url,
      payer,
      to: address(merchant),
      lamports: BigInt(pending.lamports),
      reference: address(pending.reference),
      pollIntervalMs: 100,
    })
    await call('POST', `/api/payment/${pending.payment_code}/submit-signature`, {
      token,
      payload: { signature },
    })
    await t.services.watcher?.poll()
    await call('GET', `/api/payment/status/${pending.payment_code}`, { token })
    await call('POST', '/api/payment/report-problem', {
      token,
      payload: { payment_code: pending.payment_code, description: 'Arrived late' },
    })
    const topup = (
      await call('POST', '/api/balance/topup', { token, payload: { minimum_amount: 7.5 } })
    ).json()
    await call('DELETE', `/api/payment/cancel/${topup.payment_code}`, { token })
    for (const url of [
      '/api/orders',
      '/api/payment/history',
      '/api/balance',
      '/api/balance/history',
    ]) {
      await call('GET', url, { token })
    }
    const ticket = (
      await call('POST', '/api/support/tickets', {
        token,
        payload: { category_id: 1, title: 'Delivery', message_text: 'Where is it?' },
      })
    ).json()
    await call('POST', `/api/support/tickets/${ticket.id}/reply`, {
      token,
      payload: { message_text: 'Any news?' },
    })
    // Errors of every kind, and an unexpected failure (its stack goes to the log).
    await call('POST', '/api/cart/add', { token, raw: '{"product_id":', type: 'application/json' })
    await call('POST', '/api/cart/add', { token, raw: '<x/>', type: 'application/xml' })
    await call('GET', '/api/no/such/route')
    await call('GET', '/api/orders', { token: 'forged.token.value' })
    expect((await call('GET', '/api/test/explode')).statusCode).toBe(500)
    // Over a real socket from 127.0.0.1 too.
    const res = await fetch(`http://127.0.0.1:${port}/api/user/me`, {
      headers: { ...canaryHeaders(), authorization: `Bearer ${token}` },
    })
    expect(res.status).toBe(200)
    expect((await call('POST', '/api/auth/logout', { token })).statusCode).toBe(200)
  }, 60_000)

  it('runs the back office: setup, sign-in, a product with a photo, a coupon, a colleague, a customer', async () => {
    const link = await t.services.staff.setup.ownerLinkIfNoStaff()
    const token = new URL(link ?? 'http://x').searchParams.get('token') ?? ''
    const setup = await call('POST', '/api/admin/setup', {
      payload: { token, username: 'private_owner', password: 'a long staff passphrase' },
    })
    expect(setup.statusCode).toBe(201)
    const secret = new URL(setup.json().otpauth_uri).searchParams.get('secret') ?? ''
    const { TOTP, Secret } = await import('otpauth')
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate()
    const signedIn = await call('POST', '/api/admin/setup/confirm', { payload: { token, code } })
    expect(signedIn.statusCode).toBe(200)
    const staff = signedIn.json().access_token as string
    const city = await call('POST', '/api/admin/cities', {
      token: staff,
      payload: { name_en: 'Nida', name_lt: 'Nida' },
    })
    const district = await call('POST', `/api/admin/cities/${city.json().id}/districts`, {
      token: staff,
      payload: { name_en: 'Dunes', name_lt: 'Kopos' },
    })
    const product = await call('POST', '/api/admin/products', {
      token: staff,
      payload: {
        name_en: 'Sand glass',
        name_lt: 'Smėlio laikrodis',
        description_en: '',
        description_lt: '',
        price_eur: 9,
        city_id: city.json().id,
        district_id: district.json().id,
        delivery: 'manual',
        active: true,
      },
    })
    expect(product.statusCode).toBe(201)
    const { default: sharp } = await import('sharp')
    // A phone photo: its camera and GPS position must not be kept.
    const photo = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#999' },
    })
      .withExif({
        IFD0: { Make: 'CanaryCam' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 18/1 0/1' },
      })
      .jpeg()
      .toBuffer()
    const upload = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${product.json().id}/image`,
      headers: {
        ...canaryHeaders(),
        authorization: `Bearer ${staff}`,
        'content-type': 'image/jpeg',
      },
      payload: photo,
      remoteAddress: CANARY.ipv4,
    })
    expect(upload.statusCode).toBe(200)
    await call('POST', '/api/admin/coupons', {
      token: staff,
      payload: { code: 'PRIVATE5', kind: 'percent', percent_off: 5, active: true },
    })
    await call('POST', '/api/admin/staff', {
      token: staff,
      payload: { username: 'private_helper', role: 'support' },
    })
    // Customers: the list, one page, a balance correction, disable and enable.
    const customers = await call('GET', '/api/admin/customers?q=private_', { token: staff })
    expect(customers.statusCode).toBe(200)
    expect(customers.json().total).toBeGreaterThan(0)
    const customerId = customers.json().customers[0]?.id as number
    const page = await call('GET', `/api/admin/customers/${customerId}`, { token: staff })
    expect(page.statusCode).toBe(200)
    expect(personalDataIn(page.body)).toEqual([])
    for (const [url, payload] of [
      [`/api/admin/customers/${customerId}/balance`, { change_eur: 1.5, reason: 'Goodwill' }],
      [`/api/admin/customers/${customerId}/disable`, undefined],
      [`/api/admin/customers/${customerId}/enable`, undefined],
    ] as const) {
      expect((await call('POST', url, { token: staff, payload })).statusCode, url).toBe(200)
    }
    await call('GET', `/api/admin/customers/${customerId}/ledger`, { token: staff })
    // The support inbox: the customer's ticket found by their name, opened, answered, closed
    // and reopened; the customer's own page of it names nothing but what the shop holds.
    const inbox = await call('GET', '/api/admin/tickets?q=private_', { token: staff })
    expect(inbox.statusCode).toBe(200)
    const ticketId = inbox.json().tickets[0]?.id as number
    const opened = await call('GET', `/api/admin/tickets/${ticketId}`, { token: staff })
    expect(opened.statusCode).toBe(200)
    expect(personalDataIn(opened.body)).toEqual([])
    for (const [action, payload] of [
      ['reply', { message_text: 'On its way.' }],
      ['close', undefined],
      ['reopen', undefined],
    ] as const) {
      const res = await call('POST', `/api/admin/tickets/${ticketId}/${action}`, {
        token: staff,
        payload,
      })
      expect(res.statusCode, action).toBe(200)
    }
    await call('POST', '/api/admin/auth/login', {
      payload: { username: 'private_owner', password: 'wrong', code: '000000' },
    })
    expect((await call('POST', '/api/admin/auth/logout', { token: staff })).statusCode).toBe(200)
  })

  it('the log is there (requests by route, the failure with its stack) and holds none of it', async () => {
    const log = t.logs.text
    expect(log).toContain('"route":"/api/auth/web/login"')
    expect(log).toContain('"statusCode":429')
    expect(log).toContain('an unexpected failure')
    expect(log.split('\n').length).toBeGreaterThan(50)
    expect(personalDataIn(log)).toEqual([])
    for (const canary of [...Object.values(CANARY), '127.0.0.1', 'localhost']) {
      expect(log).not.toContain(canary)
    }
    expect(log).not.toMatch(/user-agent|remoteAddress|x-forwarded-for|"ip"|"hostname"/i)
  })

  it('the database dump holds none of it, and no column is named for it', async () => {
    const dump = await dumpDatabase(t.database.db)
    expect(dump.values.size).toBeGreaterThan(30)
    expect(dump.addressColumns).toEqual([])
    const everything = [...dump.values.values()].join('\n')
    for (const canary of [...Object.values(CANARY), 'Onaitė-Secret', 'secret-photo', 'CanaryCam']) {
      expect(everything).not.toContain(canary)
    }
    expect(await personalDataReport(t.database.db, t.logs.text)).toEqual([])
  })

  it('the scanner itself finds what it must and ignores look-alikes', () => {
    const found = personalDataIn(
      [
        'from 203.0.113.77 and ::ffff:10.1.2.3 and [2001:db8::1]:443 and fe80::1%eth0',
        'agent Mozilla/5.0 (X11) and curl/8.5.0',
        'mail ona@example.lt, phone +37060012345',
      ].join('\n'),
    )
    expect(found).toEqual(
      expect.arrayContaining([
        'IPv4 203.0.113.77',
        'IPv4 10.1.2.3',
        'IPv6 2001:db8::1',
        'IPv6 fe80::1%eth0',
        'user agent Mozilla/5',
        'user agent curl/8',
        'e-mail ona@example.lt',
        'phone +37060012345',
      ]),
    )
    const lookAlikes = [
      'version 1.2.3 and 10.20.30',
      'time 2026-11-22T01:02:03.456Z and 12:30:00',
      'uuid 6f1c2b9e-3a4d-4e5f-8a9b-0c1d2e3f4a5b',
      'signature 5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW',
      'jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl',
      'lamports 1234567890123, Error::Foo, std::io, price 12.50 EUR, order O-ABC12345',
      'route /api/payment/:paymentCode/submit-signature',
    ].join('\n')
    expect(personalDataIn(lookAlikes)).toEqual([])
  })
})
