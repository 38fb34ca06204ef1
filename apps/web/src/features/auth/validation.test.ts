import { describe, expect, it } from 'vitest'
import en from '../../locales/en.json'
import i18n from '../../shared/i18n'
import { passwordStrength, STRENGTH_PERCENT } from './passwordStrength'
import { validateLogin, validateRegister } from './validation'

/** The English messages of a validation result. */
function messages(errors: Record<string, string | undefined>) {
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([, key]) => key)
      .map(([field, key]) => [field, i18n.t(key as string, { lng: 'en' })]),
  )
}

describe('login validation (specification section 5)', () => {
  it.each([
    [
      { username: '', password: '' },
      { username: 'Username is required', password: 'Password is required' },
    ],
    [
      { username: '   ', password: 'x' },
      { username: 'Username is required', password: 'Password must be at least 8 characters' },
    ],
    [
      { username: 'ab', password: '1234567' },
      {
        username: 'Username must be at least 3 characters',
        password: 'Password must be at least 8 characters',
      },
    ],
    [{ username: 'abc', password: '12345678' }, {}],
  ])('%o gives %o', (values, expected) => {
    expect(messages(validateLogin(values))).toEqual(expected)
  })
})

describe('register validation (specification section 5)', () => {
  const ok = { username: 'quiet_fox', password: 'Password123', confirmPassword: 'Password123' }

  it.each([
    [{ username: '' }, { username: 'Username is required' }],
    [{ username: 'ab' }, { username: 'Username must be at least 3 characters' }],
    [{ username: 'a'.repeat(51) }, { username: 'Username must be less than 50 characters' }],
    [
      { username: 'bad name!' },
      { username: 'Username can only contain letters, numbers, and underscores' },
    ],
    [
      { username: 'Žvėrynas' },
      { username: 'Username can only contain letters, numbers, and underscores' },
    ],
    [
      { password: '', confirmPassword: '' },
      { password: 'Password is required', confirmPassword: 'Please confirm your password' },
    ],
    [
      { password: 'short', confirmPassword: 'short' },
      { password: 'Password must be at least 8 characters' },
    ],
    [
      { password: 'p'.repeat(101), confirmPassword: 'p'.repeat(101) },
      { password: 'Password must be less than 100 characters' },
    ],
    [{ confirmPassword: '' }, { confirmPassword: 'Please confirm your password' }],
    [{ confirmPassword: 'Password124' }, { confirmPassword: 'Passwords do not match' }],
    [{}, {}],
    [{ username: 'a'.repeat(50), password: 'p'.repeat(100), confirmPassword: 'p'.repeat(100) }, {}],
  ])('%o gives %o', (change, expected) => {
    expect(messages(validateRegister({ ...ok, ...change }))).toEqual(expected)
  })

  it('uses the exact English texts of the specification', () => {
    expect(en.auth.validation).toMatchObject({
      usernameRequired: 'Username is required',
      usernameMin: 'Username must be at least 3 characters',
      usernameMax: 'Username must be less than 50 characters',
      usernamePattern: 'Username can only contain letters, numbers, and underscores',
      passwordMax: 'Password must be less than 100 characters',
      confirmRequired: 'Please confirm your password',
      passwordsDoNotMatch: 'Passwords do not match',
    })
    expect(en.auth.login.failed).toBe('Login failed. Invalid username or password.')
    expect(en.auth.register.failed).toBe('Registration failed. Please try again.')
    expect(en.apiErrors.USERNAME_TAKEN).toBe('Username is not available')
  })
})

describe('password strength (specification section 4)', () => {
  it.each([
    ['', 'none', 0],
    ['a', 'weak', 33],
    ['Abc1234', 'weak', 33],
    ['abcdefgh', 'medium', 66],
    ['Abcdefgh1', 'medium', 66], // under 12 characters
    ['abcdefghijk1', 'medium', 66], // no uppercase letter
    ['Abcdefghijkl', 'medium', 66], // no digit
    ['Abcdefghijk1', 'strong', 100],
    ['Šaltasvanduo1', 'strong', 100], // any uppercase letter counts
  ] as const)('%j is %s (%i%%)', (password, level, percent) => {
    expect(passwordStrength(password)).toBe(level)
    expect(STRENGTH_PERCENT[passwordStrength(password)]).toBe(percent)
  })
})
