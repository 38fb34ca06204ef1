// Sign-up: every rule of specification section 5 with its exact message, case-insensitive
// uniqueness (also under concurrency) and the username check the register form calls.
import { describe, expect, it } from 'vitest'
import { callAs, expectProblem, signUp, useTestApp } from './kit/index.js'

const t = useTestApp()

function register(username: string, password = 'Passw0rd!', confirm = password) {
  return callAs(t.app, null, 'POST', '/api/auth/web/register', {
    username,
    password,
    confirm_password: confirm,
  })
}

describe('registration rules', () => {
  const cases: [string, string, string, string, string][] = [
    ['empty username', '', 'Passw0rd!', 'USERNAME_INVALID', 'Username is required'],
    [
      '2 characters',
      'ab',
      'Passw0rd!',
      'USERNAME_INVALID',
      'Username must be at least 3 characters',
    ],
    [
      '51 characters',
      'a'.repeat(51),
      'Passw0rd!',
      'USERNAME_INVALID',
      'Username must be less than 50 characters',
    ],
    [
      'a space',
      'john doe',
      'Passw0rd!',
      'USERNAME_INVALID',
      'Username can only contain letters, numbers, and underscores',
    ],
    [
      'a hyphen',
      'john-doe',
      'Passw0rd!',
      'USERNAME_INVALID',
      'Username can only contain letters, numbers, and underscores',
    ],
    [
      'a non-ASCII letter',
      'jonas_ž',
      'Passw0rd!',
      'USERNAME_INVALID',
      'Username can only contain letters, numbers, and underscores',
    ],
    ['empty password', 'valid_name', '', 'PASSWORD_INVALID', 'Password is required'],
    [
      '7-character password',
      'valid_name',
      'Short12',
      'PASSWORD_INVALID',
      'Password must be at least 8 characters',
    ],
    [
      '101-character password',
      'valid_name',
      'p'.repeat(101),
      'PASSWORD_INVALID',
      'Password must be less than 100 characters',
    ],
  ]

  it.each(cases)('refuses %s', async (_case, username, password, code, message) => {
    const res = await register(username, password)
    expectProblem(res, 400, code, message)
  })

  it('asks for the confirmation, then for a matching one', async () => {
    const missing = await register('confirm_user', 'Passw0rd!', '')
    expectProblem(missing, 400, 'PASSWORDS_DO_NOT_MATCH', 'Please confirm your password')
    const different = await register('confirm_user', 'Passw0rd!', 'Passw0rd?')
    expectProblem(different, 400, 'PASSWORDS_DO_NOT_MATCH', 'Passwords do not match')
  })

  it('accepts the limits themselves: 3 and 50 characters, passwords of 8 and 100', async () => {
    expect((await register('abc', 'p'.repeat(8))).statusCode).toBe(200)
    expect((await register('B'.repeat(50), 'p'.repeat(100))).statusCode).toBe(200)
  })

  it('refuses a body without the fields or with the wrong types (400, never 5xx)', async () => {
    const missing = await callAs(t.app, null, 'POST', '/api/auth/web/register', {
      username: 'someone',
      password: 'Passw0rd!',
    })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().code).toBe('VALIDATION_ERROR')
    const wrongType = await callAs(t.app, null, 'POST', '/api/auth/web/register', {
      username: 12345,
      password: 'Passw0rd!',
      confirm_password: 'Passw0rd!',
    })
    expect(wrongType.statusCode).toBe(400)
  })

  it('returns tokens and the new user, whose first name is the username', async () => {
    const res = await register('Fresh_Customer')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(typeof body.access_token).toBe('string')
    expect(typeof body.refresh_token).toBe('string')
    expect(body.user).toMatchObject({
      username: 'Fresh_Customer',
      first_name: 'Fresh_Customer',
      telegram_id: null,
      balance_eur: 0,
    })
    expect(Object.keys(body.user).sort()).toEqual(
      ['balance_eur', 'created_at', 'first_name', 'id', 'telegram_id', 'username'].sort(),
    )
  })
})

describe('unique usernames', () => {
  it('refuses a taken username in any letter case with 409 USERNAME_TAKEN', async () => {
    await signUp(t.app, 'Taken_Name')
    for (const name of ['Taken_Name', 'taken_name', 'TAKEN_NAME', 'tAkEn_NaMe']) {
      const res = await register(name)
      expectProblem(res, 409, 'USERNAME_TAKEN', 'Username is not available')
    }
  })

  it('lets exactly one of 20 simultaneous sign-ups of one name through', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => register(i % 2 ? 'race_name' : 'RACE_NAME')),
    )
    const statuses = results.map((res) => res.statusCode)
    expect(statuses.filter((status) => status === 200)).toHaveLength(1)
    expect(statuses.filter((status) => status === 409)).toHaveLength(19)
    for (const res of results.filter((r) => r.statusCode === 409)) {
      expect(res.json().code).toBe('USERNAME_TAKEN')
    }
  })
})

describe('GET /api/auth/web/check-username/:username', () => {
  function check(username: string) {
    return callAs(
      t.app,
      null,
      'GET',
      `/api/auth/web/check-username/${encodeURIComponent(username)}`,
    )
  }

  it('says a free, valid name is available', async () => {
    const res = await check('nobody_has_this')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ available: true })
  })

  it('says a taken name is not available, in any letter case', async () => {
    await signUp(t.app, 'Checked_Name')
    for (const name of ['Checked_Name', 'CHECKED_NAME']) {
      const res = await check(name)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({
        available: false,
        reason: 'taken',
        message: 'Username is not available',
      })
    }
  })

  it.each([
    ['ab', 'Username must be at least 3 characters'],
    ['x'.repeat(51), 'Username must be less than 50 characters'],
    ['with space', 'Username can only contain letters, numbers, and underscores'],
    ['semi;colon', 'Username can only contain letters, numbers, and underscores'],
    ['ąčę', 'Username can only contain letters, numbers, and underscores'],
  ])('explains why %s is invalid', async (name, message) => {
    const res = await check(name)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ available: false, reason: 'invalid', message })
  })

  it('answers an overlong name with a 400, not a 5xx', async () => {
    const res = await check('y'.repeat(101))
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('VALIDATION_ERROR')
  })
})
