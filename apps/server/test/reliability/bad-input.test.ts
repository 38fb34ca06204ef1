// Bad input (property-based, fast-check): every endpoint of the contract gets wrong types,
// missing and extra fields, huge strings, unicode (NUL and lone surrogates included), negative
// and huge numbers, malformed JSON, wrong content types, broken paths and query strings, with
// and without a valid token. At least 10,000 requests (RELIABILITY_HEAVY=1: 50,000): no answer
// is a 5xx, every 4xx is {code, detail, message} with detail === message and a known code, and
// a refused request changes nothing in the database (a row trigger counts every committed
// change; whole-database fingerprints are compared around each run of refused requests).
// The seed is fixed by default (random in heavy runs); FUZZ_SEED=<n> replays a run,
// FUZZ_TIMING=1 prints where the time went and FUZZ_TRACE=<url part> every matching request.

import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../src/db/client.js'
import { AccessTokens } from '../../src/modules/auth/tokens.js'
import {
  type Customer,
  createCustomers,
  createPaymentTestbed,
  fillCarts,
  type PaymentTestbed,
  setUpOwner,
  type TestApp,
  testConfig,
} from '../kit/index.js'
import { pathRequest, rawRequest } from './fuzz/raw.js'
import { send, sent, startBookkeeping, statusCounts, timeByRoute } from './fuzz/send.js'
import { structuredRequest } from './fuzz/structured.js'
import { BOT_TOKEN, known, target, tokens } from './fuzz/target.js'
import { heavy } from './heavy.js'
import { personalDataReport } from './personal-data.js'

const SEED = Number(process.env.FUZZ_SEED ?? (heavy ? Date.now() % 2 ** 31 : 20_261_122))
const SCALE = heavy ? 5 : 1
const RUNS = { structured: 6_000 * SCALE, raw: 2_000 * SCALE, paths: 2_000 * SCALE }

let t: TestApp
let bed: PaymentTestbed
let user: Customer
let other: Customer

// ------------------------------------------------------------------ setup

beforeAll(async () => {
  bed = await createPaymentTestbed({
    demoWallet: true,
    config: {
      telegramBotToken: BOT_TOKEN,
      telegramBotUsername: 'privacy_shop_bot',
      logLevel: 'warn',
    },
  })
  t = bed.t
  let spare: Customer
  ;[user, other, spare] = (await createCustomers(t.database.db, t.services, 3, 20_000)) as [
    Customer,
    Customer,
    Customer,
  ]
  const secret = testConfig().jwtSecret as string
  tokens.valid = user.accessToken
  tokens.staff = (await setUpOwner(t)).accessToken
  tokens.other = other.accessToken
  tokens.garbage = 'garbage'
  tokens.expired = await new AccessTokens(secret).sign(
    { userId: user.id, sessionId: user.sessionId },
    Date.now() - 20 * 60_000,
  )
  const revoked = await t.services.sessions.open(user.id)
  tokens.revoked = revoked.access_token
  await t.services.sessions.revoke(
    JSON.parse(Buffer.from(revoked.access_token.split('.')[1] ?? '', 'base64url').toString()).sid,
  )
  tokens.foreign = await new AccessTokens('a-different-secret-of-enough-length-0123456789').sign({
    userId: user.id,
    sessionId: user.sessionId,
  })
  // Real ids and codes: payments (one confirmed, one pending), an order, a ticket, a cart line.
  for (const who of [user, other]) {
    await fillCarts(t.database.db, [who.id], 1)
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/payment/create',
      headers: who.headers,
      payload: { payment_method: 'balance' },
    })
    const codes = who === user ? known.ownCodes : known.otherCodes
    codes.push(paid.json().payment_code)
    await t.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: who.headers,
      payload: { product_id: 2 },
    })
    const pending = await t.app.inject({
      method: 'POST',
      url: '/api/payment/create',
      headers: who.headers,
      payload: { payment_method: 'crypto' },
    })
    codes.push(pending.json().payment_code)
    const ticket = await t.app.inject({
      method: 'POST',
      url: '/api/support/tickets',
      headers: who.headers,
      payload: { category_id: 1, title: 'Help', message_text: 'Please' },
    })
    known.ints.push(ticket.json().id)
  }
  known.ints.push(
    ...(await queryRows<{ id: number }>(t.database.db, 'select id from orders')).map((r) => r.id),
  )
  target.t = t
  target.user = user
  target.other = other
  target.spare = spare
  await startBookkeeping()
}, 120_000)
afterAll(async () => {
  await bed?.close()
})

// ------------------------------------------------------------------ properties

const options = (numRuns: number) => ({
  numRuns,
  seed: SEED,
  verbose: 1 as const,
  // Shrinking a failure re-sends requests; it stops after this long with what it has.
  interruptAfterTimeLimit: (heavy ? 30 : 5) * 60_000,
  markInterruptAsFailure: true,
})

describe(`fuzzing every endpoint (seed ${SEED})`, () => {
  it(`${RUNS.structured} structured requests: wrong types, missing and extra fields, huge and unicode values`, async () => {
    await fc.assert(fc.asyncProperty(structuredRequest, send), options(RUNS.structured))
  }, 600_000)

  it(`${RUNS.raw} raw bodies: malformed JSON, invalid UTF-8, wrong content types`, async () => {
    await fc.assert(fc.asyncProperty(rawRequest, send), options(RUNS.raw))
  }, 600_000)

  it(`${RUNS.paths} broken paths, query strings, methods and headers`, async () => {
    await fc.assert(fc.asyncProperty(pathRequest, send), options(RUNS.paths))
  }, 600_000)

  it('sent at least 10,000 requests, with answers of many kinds and no 5xx', async () => {
    if (process.env.FUZZ_TIMING) {
      for (const [route, ms] of Object.entries(timeByRoute)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 12)) {
        console.log(`TIMING ${Math.round(ms)} ms ${route}`)
      }
      console.log(statusCounts)
    }
    expect(sent).toBeGreaterThanOrEqual(10_000)
    // The fuzzed customer stayed signed in, so "valid token" requests reached the handlers.
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: user.headers })
    expect(me.statusCode).toBe(200)
    expect(statusCounts[403] ?? 0).toBeLessThan(sent / 10) // revoked-session tokens only
    expect(Object.keys(statusCounts).filter((s) => Number(s) >= 500)).toEqual([])
    // The fuzz reached the handlers, not only the validators.
    for (const status of [200, 400, 401, 403, 404, 409, 413, 415]) {
      expect(
        statusCounts[status] ?? 0,
        `status ${status} in ${JSON.stringify(statusCounts)}`,
      ).toBeGreaterThan(0)
    }
  })

  it('left no IP address, user agent, e-mail or phone number in the log', async () => {
    // The database holds the fuzz's random text (ticket bodies, names), which may by chance
    // look like anything, so only the log is scanned here; the other suites scan both.
    expect(
      await personalDataReport(t.database.db, t.logs.text).then((r) =>
        r.filter((line) => line.startsWith('log:') || line.startsWith('column')),
      ),
    ).toEqual([])
  })
})
