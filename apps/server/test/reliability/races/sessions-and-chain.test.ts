// Races over a session and the chain: parallel refreshes with one refresh token, and two
// server processes watching one chain.
import { sendSolTransfer } from '@shop/local-chain'
import { address } from '@solana/kit'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../../../src/app.js'
import { queryRows } from '../../../src/db/client.js'
import {
  chainTransfers,
  payments,
  products,
  refreshTokens,
  sessions,
} from '../../../src/db/schema.js'
import { hashRefreshToken } from '../../../src/modules/auth/tokens.js'
import { openSecondProcessDatabase, testConfig } from '../../kit/index.js'
import { invariantViolations } from '../invariants.js'
import { personalDataReport } from '../personal-data.js'
import { tally } from '../released-together.js'
import * as race from './harness.js'

race.useRaceTestbed()

describe('races for sessions and transfers over many connections released together', () => {
  it(`${race.REFRESHES} parallel refreshes with one refresh token leave one live token and one session`, async () => {
    const [owner] = await race.customers(1)
    if (!owner) throw new Error('no user')
    const responses = await race.fire(
      Array.from({ length: race.REFRESHES }, () => ({
        method: 'POST' as const,
        path: '/api/auth/telegram/refresh',
        body: { refresh_token: owner.refreshToken },
      })),
    )
    const counts = tally(responses)
    // Inside the grace period a repeated token gets the same successor pair as the first
    // exchange (two tabs at once), never a pair of its own.
    expect(Object.keys(counts)).toEqual(['200'])
    const issued = responses.filter((r) => r.status === 200).map((r) => r.body)
    expect(new Set(issued).size).toBe(1)

    const userSessions = await race.t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, owner.id))
    expect(userSessions).toHaveLength(1)
    const live = await race.t.database.db
      .select({ hash: refreshTokens.tokenHash })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.sessionId, owner.sessionId), isNull(refreshTokens.rotatedAt)))
    expect(live.length).toBeLessThanOrEqual(1)
    if (issued.length > 0) {
      expect(live).toHaveLength(1)
      expect(issued.map((body) => hashRefreshToken(JSON.parse(body).refresh_token))).toContain(
        live[0]?.hash,
      )
    }

    // Once the grace period is over, any retired token revokes the whole chain.
    await race.t.database.db
      .update(refreshTokens)
      .set({ rotatedAt: sql`now() - interval '1 minute'` })
      .where(
        and(
          eq(refreshTokens.sessionId, owner.sessionId),
          sql`${refreshTokens.rotatedAt} is not null`,
        ),
      )
    const reuse = await race.t.app.inject({
      method: 'POST',
      url: '/api/auth/telegram/refresh',
      payload: { refresh_token: owner.refreshToken },
    })
    expect(reuse.statusCode).toBe(403)
    const [session] = await race.t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, owner.sessionId))
    expect(session?.revokedAt).not.toBeNull()
    for (const body of issued.slice(-3)) {
      const res = await race.t.app.inject({
        method: 'POST',
        url: '/api/auth/telegram/refresh',
        payload: { refresh_token: JSON.parse(body).refresh_token },
      })
      expect(res.statusCode).toBe(403)
    }
  }, 120_000)

  it('two server processes watching one chain confirm each payment exactly once', async () => {
    const productId = await race.product({ stock: 100, priceCents: 1_500 })
    const buyers = await race.customers(race.WATCHED_PAYMENTS)
    await race.fillCarts(
      buyers.map((b) => b.id),
      productId,
    )
    const created = await race.fire(
      buyers.map((b) => race.checkoutRequest(b.accessToken, 'crypto')),
    )
    expect(tally(created)).toEqual({ '200': race.WATCHED_PAYMENTS })
    const pays = created.map(
      (r) => r.json() as { payment_code: string; lamports: string; reference: string },
    )

    // The second process: its own app and, on PostgreSQL, its own connection pool.
    const second = await openSecondProcessDatabase(race.t.database, 10)
    const other = await buildApp(testConfig(), {
      database: second.database,
      chain: { rpcUrl: race.bed.chain.url, merchantAddress: race.bed.merchant },
    })
    try {
      // Half the transfers carry the Solana Pay reference, half only the exact amount.
      const signatures = await Promise.all(
        pays.map((p, i) =>
          sendSolTransfer({
            rpcUrl: race.bed.chain.url,
            payer: race.bed.payer,
            to: address(race.bed.merchant),
            lamports: BigInt(p.lamports),
            ...(i % 2 ? {} : { reference: address(p.reference) }),
            pollIntervalMs: 100,
          }),
        ),
      )
      const watchers = [race.t.services.watcher, other.shop.services.watcher]
      // Both watchers, both sweepers and every customer pasting their signature into the
      // other process, all at once.
      const results = await Promise.all([
        ...watchers.flatMap((w) => [w?.poll(), w?.poll()]),
        race.t.services.payments.lifecycle.expireDue(new Date()),
        other.shop.services.payments.lifecycle.expireDue(new Date()),
        ...pays.map((p, i) =>
          other.inject({
            method: 'POST',
            url: `/api/payment/${p.payment_code}/submit-signature`,
            headers: buyers[i]?.headers ?? {},
            payload: { signature: signatures[i] },
          }),
        ),
      ])
      const submitted = results.slice(6) as { statusCode: number; body: string }[]
      for (const res of submitted) expect(res.statusCode, res.body).toBe(200)
      expect(await Promise.all(watchers.map((w) => w?.poll()))).toEqual([0, 0])

      const rows = await race.t.database.db
        .select()
        .from(chainTransfers)
        .where(inArray(chainTransfers.signature, signatures))
      expect(rows).toHaveLength(race.WATCHED_PAYMENTS)
      expect(rows.every((r) => r.status === 'applied')).toBe(true)
      const confirmed = await race.t.database.db
        .select()
        .from(payments)
        .where(
          inArray(
            payments.paymentCode,
            pays.map((p) => p.payment_code),
          ),
        )
      expect(
        confirmed.every((p) => p.status === 'confirmed' && p.receivedLamports === p.lamports),
      ).toBe(true)
      const [product] = await race.t.database.db
        .select()
        .from(products)
        .where(eq(products.id, productId))
      expect(product).toMatchObject({ stock: 100 - race.WATCHED_PAYMENTS, reserved: 0 })
      const credits = await queryRows<{ n: number }>(
        race.t.database.db,
        sql`select count(*)::int as n from balance_ledger
             where user_id in (${sql.join(
               buyers.map((b) => sql`${b.id}`),
               sql`, `,
             )})`,
      )
      expect(credits[0]?.n).toBe(0) // nothing paid twice, so nothing credited back
      expect(await invariantViolations(race.t.database.db, race.baseline)).toEqual([])
    } finally {
      await other.close()
      await second.close()
    }
  }, 120_000)

  it('left no IP address, user agent, e-mail or phone number in the database or the log', async () => {
    expect(await personalDataReport(race.t.database.db, race.t.logs.text)).toEqual([])
  })
})
