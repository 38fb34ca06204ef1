// A customer signed up through the real endpoint, for the suites that need one as a step.
import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { beforeAll } from 'vitest'
import type { TestApp } from './app.js'

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
