// Authorization (OWASP ASVS V8, IDOR): every endpoint that takes an id or a code answers another
// customer's id exactly like an id that does not exist, and changes nothing; every endpoint but
// the public ones refuses a request without a valid token; expired, tampered, unsigned and
// foreign-secret tokens are refused.

import { api, buildPath, MAX_ID, type RouteDef } from '@shop/contract'
import { QUICK_TIMING, sendSolTransfer, startLocalChainRpc } from '@shop/local-chain'
import {
  address,
  createSolanaRpc,
  devnet,
  generateKeyPairSigner,
  type KeyPairSigner,
  lamports as toLamports,
} from '@solana/kit'
import { eq } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, payments, tickets } from '../../src/db/schema.js'
import { seedDemo } from '../../src/db/seed/seed-demo.js'
import { AccessTokens } from '../../src/modules/auth/tokens.js'
import { DemoWallet } from '../../src/modules/payments/demo-wallet.js'
import { createTestApp, type TestApp, testConfig } from '../helpers.js'
import { type Customer, createCustomers, createProduct, fillCarts } from '../support/factories.js'
import { databaseSnapshot, snapshotDiff } from './invariants.js'
import { personalDataReport } from './personal-data.js'

/** The text with one character changed (never to itself), for a signature that cannot verify. */
function flipChar(text: string, at: number): string {
  const c = text[at] === 'A' ? 'B' : 'A'
  return `${text.slice(0, at)}${c}${text.slice(at + 1)}`
}

let t: TestApp
let chain: Awaited<ReturnType<typeof startLocalChainRpc>>
let merchant: string
let payer: KeyPairSigner
let owner: Customer
let stranger: Customer

/** What the owner has: every kind of resource that has an id or a code. */
const own = {
  confirmedPayment: '',
  pendingPayment: '',
  pendingReference: '',
  pendingLamports: 0n,
  orderId: 0,
  ticketId: 0,
  cartProductId: 0,
}
/** Ids and codes of the same shapes that belong to nobody. */
const unknown = {
  payment: 'P-ZZZZZZZZ',
  orderId: MAX_ID,
  ticketId: MAX_ID,
  cartProductId: 0, // a real product, in nobody's cart
}
const SIGNATURE = '5'.repeat(88)

function as(user: Customer | null, method: string, url: string, payload?: object) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: user ? user.headers : {},
    ...(payload ? { payload } : {}),
  })
}

beforeAll(async () => {
  chain = await startLocalChainRpc({ port: 0, chainOptions: { timing: QUICK_TIMING } })
  merchant = (await generateKeyPairSigner()).address
  t = await createTestApp({
    chain: { rpcUrl: chain.url, merchantAddress: merchant },
    deps: { demoWallet: await DemoWallet.create(chain.url) },
  })
  await seedDemo(t.database.db)
  payer = await generateKeyPairSigner()
  await createSolanaRpc(devnet(chain.url))
    .requestAirdrop(payer.address, toLamports(10_000_000_000_000n))
    .send()
  ;[owner, stranger] = (await createCustomers(t.database.db, t.services, 2, 50_000)) as [
    Customer,
    Customer,
  ]

  const productId = await createProduct(t.database.db, { stock: 50, priceCents: 1_000 })
  // A confirmed balance payment with its order.
  await fillCarts(t.database.db, [owner.id], productId)
  const paid = await as(owner, 'POST', '/api/payment/create', { payment_method: 'balance' })
  own.confirmedPayment = paid.json().payment_code
  const [order] = await t.database.db.select().from(orders).where(eq(orders.userId, owner.id))
  own.orderId = order?.id ?? 0
  // A pending SOL payment.
  await as(owner, 'POST', '/api/cart/add', { product_id: productId })
  const pending = (
    await as(owner, 'POST', '/api/payment/create', { payment_method: 'crypto' })
  ).json()
  own.pendingPayment = pending.payment_code
  own.pendingReference = pending.reference
  own.pendingLamports = BigInt(pending.lamports)
  // A ticket, and a product waiting in the cart.
  const ticket = await as(owner, 'POST', '/api/support/tickets', {
    category_id: 1,
    title: 'Where is my parcel?',
    message_text: 'It has been a week.',
  })
  own.ticketId = ticket.json().id
  own.cartProductId = await createProduct(t.database.db, { stock: 5, priceCents: 700 })
  await as(owner, 'POST', '/api/cart/add', { product_id: own.cartProductId })
  unknown.cartProductId = await createProduct(t.database.db, { stock: 5, priceCents: 800 })
}, 120_000)
afterAll(async () => {
  await t?.close()
  await chain?.close()
})

/** Each endpoint that names a resource, as a request for a given id or code. */
const matrix: [name: string, request: (id: 'own' | 'unknown') => [string, string, object?]][] = [
  ['GET order', (w) => ['GET', `/api/orders/${w === 'own' ? own.orderId : unknown.orderId}`]],
  [
    'GET payment status (confirmed)',
    (w) => ['GET', `/api/payment/status/${w === 'own' ? own.confirmedPayment : unknown.payment}`],
  ],
  [
    'GET payment status (pending)',
    (w) => ['GET', `/api/payment/status/${w === 'own' ? own.pendingPayment : unknown.payment}`],
  ],
  [
    'DELETE payment (cancel)',
    (w) => ['DELETE', `/api/payment/cancel/${w === 'own' ? own.pendingPayment : unknown.payment}`],
  ],
  [
    'POST report problem',
    (w) => [
      'POST',
      '/api/payment/report-problem',
      {
        payment_code: w === 'own' ? own.confirmedPayment : unknown.payment,
        description: 'Never arrived',
      },
    ],
  ],
  [
    'POST submit signature',
    (w) => [
      'POST',
      `/api/payment/${w === 'own' ? own.pendingPayment : unknown.payment}/submit-signature`,
      { signature: SIGNATURE },
    ],
  ],
  [
    'POST demo-wallet pay',
    (w) => ['POST', `/api/dev/pay/${w === 'own' ? own.pendingPayment : unknown.payment}`],
  ],
  [
    'GET ticket',
    (w) => ['GET', `/api/support/tickets/${w === 'own' ? own.ticketId : unknown.ticketId}`],
  ],
  [
    'POST ticket reply',
    (w) => [
      'POST',
      `/api/support/tickets/${w === 'own' ? own.ticketId : unknown.ticketId}/reply`,
      { message_text: 'Me too' },
    ],
  ],
  [
    'DELETE cart line',
    (w) => [
      'DELETE',
      `/api/cart/remove/${w === 'own' ? own.cartProductId : unknown.cartProductId}`,
    ],
  ],
]

describe("another customer's ids and codes", () => {
  it('the owner reaches each of them (the ids are real)', async () => {
    for (const [name, request] of matrix) {
      if (name.startsWith('DELETE') || name.startsWith('POST')) continue // would change them
      const [method, url, body] = request('own')
      const res = await as(owner, method, url, body)
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200)
    }
  })

  it('answer a second customer exactly like unknown ones: 404, same body, nothing changed', async () => {
    const before = await databaseSnapshot(t.database.db)
    for (const [name, request] of matrix) {
      const [method, url, body] = request('own')
      const theirs = await as(stranger, method, url, body)
      const [method2, url2, body2] = request('unknown')
      const missing = await as(stranger, method2, url2, body2)
      expect(theirs.statusCode, `${name}: ${theirs.body}`).toBe(404)
      expect(theirs.body, name).toBe(missing.body)
      expect(theirs.headers['content-length'], name).toBe(missing.headers['content-length'])
      expect(Object.keys(theirs.headers).sort(), name).toEqual(Object.keys(missing.headers).sort())
    }
    expect(snapshotDiff(before, await databaseSnapshot(t.database.db))).toEqual([])
  })

  it("lists never show another customer's orders, payments, tickets, ledger or cart", async () => {
    const owned = [
      own.confirmedPayment,
      own.pendingPayment,
      own.pendingReference,
      'Where is my parcel',
    ]
    for (const url of [
      '/api/orders',
      '/api/payment/history',
      '/api/support/tickets',
      '/api/balance/history',
      '/api/cart',
      '/api/user/stats',
    ]) {
      const res = await as(stranger, 'GET', url)
      expect(res.statusCode, url).toBe(200)
      for (const value of owned) expect(res.body, url).not.toContain(value)
    }
    const cart = (await as(stranger, 'GET', '/api/cart')).json()
    expect(cart.items).toEqual([])
  })

  it("a customer cannot claim another customer's transfer", async () => {
    // The stranger starts a payment of their own, then pastes the owner's transfer signature.
    await fillCarts(t.database.db, [stranger.id], unknown.cartProductId)
    const theirs = (
      await as(stranger, 'POST', '/api/payment/create', { payment_method: 'crypto' })
    ).json()
    const signature = await sendSolTransfer({
      rpcUrl: chain.url,
      payer,
      to: address(merchant),
      lamports: own.pendingLamports,
      reference: address(own.pendingReference),
      pollIntervalMs: 100,
    })
    const claim = await as(
      stranger,
      'POST',
      `/api/payment/${theirs.payment_code}/submit-signature`,
      {
        signature,
      },
    )
    expect(claim.statusCode).toBe(409)
    expect(claim.json().code).toBe('TRANSFER_NOT_MATCHING')
    await t.services.watcher?.poll()
    const [ownerPayment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.paymentCode, own.pendingPayment))
    expect(ownerPayment?.status).toBe('confirmed')
    const status = (await as(stranger, 'GET', `/api/payment/status/${theirs.payment_code}`)).json()
    expect(status.status).toBe('pending')
    expect(status.received_sol).toBe(0)
  })

  it('the owner still has everything, untouched by the stranger', async () => {
    const ticket = (await as(owner, 'GET', `/api/support/tickets/${own.ticketId}`)).json()
    expect(ticket.messages).toHaveLength(1)
    const cart = (await as(owner, 'GET', '/api/cart')).json()
    expect(cart.items.map((i: { product_id: number }) => i.product_id)).toContain(own.cartProductId)
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, own.ticketId))
    expect(row?.userId).toBe(owner.id)
  })
})

/** A URL of the route with well-formed path parameters. */
function urlOf(route: RouteDef): string {
  const params: Record<string, string | number> = {}
  for (const name of route.url.match(/:(\w+)/g) ?? []) {
    const key = name.slice(1)
    params[key] = key === 'paymentCode' ? 'P-ABCDEFGH' : key === 'username' ? 'someone' : 1
  }
  return buildPath(route.url as '/api/x', params as never)
}

/** A body of the right shape, so that only the token decides. */
function bodyOf(route: RouteDef): object | undefined {
  if (!route.body) return undefined
  const bodies: Record<string, object> = {
    '/api/cart/add': { product_id: 1 },
    '/api/cart/coupon/apply': { coupon_code: 'WELCOME10' },
    '/api/payment/create': { payment_method: 'balance' },
    '/api/payment/report-problem': { payment_code: 'P-ABCDEFGH', description: 'x' },
    '/api/balance/topup': { minimum_amount: 10 },
    '/api/support/tickets': { category_id: 1, title: 't', message_text: 'm' },
    '/api/support/tickets/:id/reply': { message_text: 'm' },
    '/api/payment/:paymentCode/submit-signature': { signature: SIGNATURE },
  }
  return bodies[route.url] ?? {}
}

const routes = Object.entries(api) as [string, RouteDef][]
const PUBLIC = [
  'health',
  'config',
  'telegramLogin',
  'register',
  'login',
  'checkUsername',
  'refresh',
  'refreshToken',
  'faq',
]

describe('tokens', () => {
  it('only the intended endpoints are public', () => {
    expect(routes.filter(([, r]) => !r.auth).map(([name]) => name)).toEqual(PUBLIC)
  })

  it('every other endpoint refuses a request without a token (401, before reading the body)', async () => {
    for (const [name, route] of routes) {
      const url = urlOf(route)
      const anonymous = await t.app.inject({
        method: route.method,
        url,
        ...(route.body ? { payload: bodyOf(route) } : {}),
      })
      if (route.auth) {
        expect(anonymous.statusCode, `${name} ${url}`).toBe(401)
        expect(anonymous.json().code, name).toBe('AUTH_REQUIRED')
        // A broken body changes nothing: the missing token is what the caller hears about.
        if (route.body) {
          const broken = await t.app.inject({
            method: route.method,
            url,
            headers: { 'content-type': 'application/json' },
            payload: '{"broken":',
          })
          expect(broken.statusCode, name).toBe(401)
        }
      } else {
        expect(anonymous.statusCode, `${name} ${url}: ${anonymous.body}`).not.toBe(401)
      }
    }
  })

  it('expired, tampered, unsigned, foreign and malformed tokens are refused with 401', async () => {
    const secret = testConfig().jwtSecret as string
    const real = new AccessTokens(secret)
    const claims = { userId: owner.id, sessionId: owner.sessionId }
    const [header, payload, signature] = owner.accessToken.split('.') as [string, string, string]
    const forgedPayload = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload, 'base64url').toString()),
        sub: String(stranger.id),
      }),
    ).toString('base64url')
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`
    const badTokens: [string, string][] = [
      ['expired', await real.sign(claims, Date.now() - 16 * 60_000)],
      [
        'other secret',
        await new AccessTokens('another-secret-that-is-long-enough-0123456789').sign(claims),
      ],
      ['tampered payload', `${header}.${forgedPayload}.${signature}`],
      ['tampered signature', `${header}.${payload}.${flipChar(signature, 10)}`],
      ['alg none', none],
      [
        'wrong issuer',
        await new SignJWT({ sid: owner.sessionId })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(String(owner.id))
          .setIssuer('someone-else')
          .setIssuedAt()
          .setExpirationTime('10m')
          .sign(new TextEncoder().encode(secret)),
      ],
      [
        'HS512 with the right secret',
        await new SignJWT({ sid: owner.sessionId })
          .setProtectedHeader({ alg: 'HS512' })
          .setSubject(String(owner.id))
          .setIssuer('privacy-shop')
          .setIssuedAt()
          .setExpirationTime('10m')
          .sign(new TextEncoder().encode(secret)),
      ],
      ['garbage', 'not-a-token'],
      ['empty', ''],
    ]
    for (const [name, route] of routes.filter(([, r]) => r.auth)) {
      const url = urlOf(route)
      for (const [kind, token] of badTokens) {
        const res = await t.app.inject({
          method: route.method,
          url,
          headers: { authorization: `Bearer ${token}` },
          ...(route.body ? { payload: bodyOf(route) } : {}),
        })
        expect(res.statusCode, `${name} with ${kind}: ${res.body}`).toBe(401)
        expect(['TOKEN_EXPIRED', 'TOKEN_INVALID', 'AUTH_REQUIRED']).toContain(res.json().code)
      }
      // Tokens are read from the Authorization header only, never from the URL or a cookie.
      const elsewhere = await t.app.inject({
        method: route.method,
        url: `${url}${url.includes('?') ? '&' : '?'}access_token=${owner.accessToken}`,
        headers: { cookie: `access_token=${owner.accessToken}` },
        ...(route.body ? { payload: bodyOf(route) } : {}),
      })
      expect(elsewhere.statusCode, name).toBe(401)
    }
  })

  it('a valid token of a session that belongs to someone else is refused', async () => {
    // Signed with the right secret but naming the stranger's user with the owner's session.
    const mixed = await new AccessTokens(testConfig().jwtSecret as string).sign({
      userId: stranger.id,
      sessionId: owner.sessionId,
    })
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/me',
      headers: { authorization: `Bearer ${mixed}` },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('SESSION_REVOKED')
  })

  it('left no IP address, user agent, e-mail or phone number in the database or the log', async () => {
    expect(await personalDataReport(t.database.db, t.logs.text)).toEqual([])
  })
})
