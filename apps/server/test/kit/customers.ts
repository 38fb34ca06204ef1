// A customer signed up through the real endpoint, for the suites that need one as a step, and one
// who came through Telegram (no password).
import crypto from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { beforeAll } from 'vitest'
import { sessions } from '../../src/db/schema/auth.js'
import { users } from '../../src/db/schema/users.js'
import type { TestApp } from './app.js'
import { type Customer, createCustomers } from './factories.js'

let userCounter = 0

export interface SignedUpUser {
  id: number
  username: string
  password: string
  accessToken: string
  refreshToken: string
  /** `{ authorization: 'Bearer …' }`, for app.inject(). */
  headers: { authorization: string }
}

/** Registers a new customer through the real endpoint and returns their tokens. */
export async function signUp(app: FastifyInstance, username?: string): Promise<SignedUpUser> {
  const name =
    username ?? `user_${process.pid}_${++userCounter}_${crypto.randomBytes(3).toString('hex')}`
  const password = 'correct horse battery'
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/web/register',
    payload: { username: name, password, confirm_password: password },
  })
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`)
  const body = res.json() as { access_token: string; refresh_token: string; user: { id: number } }
  return {
    id: body.user.id,
    username: name,
    password,
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    headers: { authorization: `Bearer ${body.access_token}` },
  }
}

/**
 * A customer of the test file, signed up before its tests on `t` (a useTestApp app): the returned
 * object stays the same and is filled in by that beforeAll.
 */
export function useCustomer(t: TestApp): SignedUpUser {
  const customer = {} as SignedUpUser
  beforeAll(async () => {
    Object.assign(customer, await signUp(t.app))
  })
  return customer
}

/** A sign-in through the real endpoint (the answer, whatever it is). */
export function signIn(app: FastifyInstance, user: { username: string; password: string }) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/web/login',
    payload: { username: user.username, password: user.password },
  })
}

/** A refresh of a session through the real endpoint (the answer, whatever it is). */
export function refreshSession(app: FastifyInstance, refreshToken: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/telegram/refresh',
    payload: { refresh_token: refreshToken },
  })
}

/** Headers that carry `accessToken`, for callAs. */
export function bearer(accessToken: string): { headers: { authorization: string } } {
  return { headers: { authorization: `Bearer ${accessToken}` } }
}

/** A customer who signed up through Telegram: a Telegram id of their own, and no password. */
export async function createTelegramCustomer(t: TestApp): Promise<Customer> {
  const [customer] = await createCustomers(t.database.db, t.services, 1)
  if (!customer) throw new Error('no customer')
  await t.database.db
    .update(users)
    .set({ telegramId: 800_000_000 + customer.id })
    .where(eq(users.id, customer.id))
  return customer
}

/** How many of the customer's sessions are still open (not revoked). */
export async function liveSessions(t: TestApp, userId: number): Promise<number> {
  const rows = await t.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
  return rows.length
}
