// POST /api/user/change-password: the current password is required, the new one follows the
// sign-up rules, every other session of the account ends while the one that changed it stays,
// wrong guesses are limited per account, and of two changes racing with the same old password
// exactly one wins.
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { users } from '../src/db/schema.js'
import {
  callAs,
  createTelegramCustomer,
  expectProblem,
  liveSessions,
  type SignedUpUser,
  signUp,
  useTestApp,
} from './kit/index.js'

const t = useTestApp()

const NEW_PASSWORD = 'a brand new passphrase'

function changePassword(
  user: { headers: { authorization: string } } | null,
  current: string,
  next = NEW_PASSWORD,
  confirmation = next,
) {
  return callAs(t.app, user, 'POST', '/api/user/change-password', {
    current_password: current,
    new_password: next,
    confirm_password: confirmation,
  })
}

function login(username: string, password: string) {
  return callAs(t.app, null, 'POST', '/api/auth/web/login', { username, password })
}

/** Signs the user in once more: another device, with its own tokens. */
async function anotherDevice(user: SignedUpUser, password = user.password) {
  const res = await login(user.username, password)
  expect(res.statusCode, res.body).toBe(200)
  const body = res.json() as { access_token: string; refresh_token: string }
  return {
    refreshToken: body.refresh_token,
    headers: { authorization: `Bearer ${body.access_token}` },
  }
}

function refresh(refreshToken: string) {
  return callAs(t.app, null, 'POST', '/api/auth/telegram/refresh', {
    refresh_token: refreshToken,
  })
}

describe('POST /api/user/change-password', () => {
  let user: SignedUpUser
  beforeAll(async () => {
    user = await signUp(t.app)
  })

  it('refuses a wrong current password with 400 PASSWORD_WRONG and changes nothing', async () => {
    const other = await anotherDevice(user)
    expectProblem(
      await changePassword(user, 'not my password'),
      400,
      'PASSWORD_WRONG',
      'The password is not correct.',
    )
    expect((await login(user.username, user.password)).statusCode).toBe(200)
    expect((await callAs(t.app, other, 'GET', '/api/user/me')).statusCode).toBe(200)
  })

  it('checks the new password as sign-up does', async () => {
    expectProblem(await changePassword(user, user.password, 'short'), 400, 'PASSWORD_INVALID')
    expectProblem(
      await changePassword(user, user.password, NEW_PASSWORD, 'something else'),
      400,
      'PASSWORDS_DO_NOT_MATCH',
    )
    expect((await changePassword(user, '')).statusCode).toBe(400)
    expect((await login(user.username, user.password)).statusCode).toBe(200)
  })

  it('needs a signed-in caller', async () => {
    expectProblem(await changePassword(null, user.password), 401, 'AUTH_REQUIRED')
  })

  it('changes the password, ends every other session and keeps this one', async () => {
    const owner = await signUp(t.app)
    const laptop = await anotherDevice(owner)
    const phone = await anotherDevice(owner)

    const res = await changePassword(owner, owner.password)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ success: true, other_sessions_ended: 2 })

    for (const device of [laptop, phone]) {
      expectProblem(await callAs(t.app, device, 'GET', '/api/user/me'), 403, 'SESSION_REVOKED')
      expectProblem(await refresh(device.refreshToken), 403, 'SESSION_REVOKED')
    }
    // The session that changed it goes on, and refreshes.
    expect((await callAs(t.app, owner, 'GET', '/api/user/me')).statusCode).toBe(200)
    expect((await refresh(owner.refreshToken)).statusCode).toBe(200)
    expect(await liveSessions(t, owner.id)).toBe(1)

    expectProblem(await login(owner.username, owner.password), 401, 'INVALID_CREDENTIALS')
    expect((await login(owner.username, NEW_PASSWORD)).statusCode).toBe(200)
  })

  it('lets exactly one of two changes racing with the same old password through', async () => {
    const racer = await signUp(t.app)
    const answers = await Promise.all([
      changePassword(racer, racer.password, 'first new password'),
      changePassword(racer, racer.password, 'second new password'),
    ])
    const statuses = answers.map((res) => res.statusCode).sort()
    expect(statuses).toEqual([200, 400])
    const winner = answers[0]?.statusCode === 200 ? 'first new password' : 'second new password'
    const loser = winner === 'first new password' ? 'second new password' : 'first new password'
    expect((await login(racer.username, winner)).statusCode).toBe(200)
    expect((await login(racer.username, loser)).statusCode).toBe(401)
  })

  it('limits wrong guesses per account: past 5, even the right password waits (429)', async () => {
    const guessed = await signUp(t.app)
    for (let i = 0; i < 5; i++) {
      expectProblem(await changePassword(guessed, `guess number ${i}`), 400, 'PASSWORD_WRONG')
    }
    const refused = await changePassword(guessed, guessed.password)
    expectProblem(refused, 429, 'TOO_MANY_ATTEMPTS')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect((await login(guessed.username, guessed.password)).statusCode).toBe(200)
    // Another account is not affected.
    const fresh = await signUp(t.app)
    expect((await changePassword(fresh, fresh.password)).statusCode).toBe(200)
  })

  it('an account without a password (Telegram) has none to change', async () => {
    const telegramUser = await createTelegramCustomer(t)
    expectProblem(await changePassword(telegramUser, telegramUser.username), 400, 'PASSWORD_WRONG')
    const [row] = await t.database.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, telegramUser.id))
    expect(row?.hash).toBeNull()
  })
})
