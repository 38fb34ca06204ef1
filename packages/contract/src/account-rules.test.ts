import { describe, expect, it } from 'vitest'
import {
  confirmationProblem,
  passwordProblem,
  registrationProblems,
  signInProblems,
  usernameProblem,
} from './account-rules.js'

describe('usernameProblem', () => {
  it.each([
    ['', 'required'],
    ['ab', 'tooShort'],
    ['a'.repeat(51), 'tooLong'],
    ['john doe', 'invalidCharacters'],
    ['john-doe', 'invalidCharacters'],
    ['jonas_ž', 'invalidCharacters'],
    ['abc', null],
    ['Quiet_Fox_7', null],
    ['B'.repeat(50), null],
  ])('%j: %s', (username, problem) => {
    expect(usernameProblem(username)).toBe(problem)
  })
})

describe('passwordProblem and confirmationProblem', () => {
  it.each([
    ['', 'required'],
    ['Short12', 'tooShort'],
    ['p'.repeat(101), 'tooLong'],
    ['p'.repeat(8), null],
    ['p'.repeat(100), null],
  ])('password %j: %s', (password, problem) => {
    expect(passwordProblem(password)).toBe(problem)
  })

  it('asks for the confirmation, then for an equal one', () => {
    expect(confirmationProblem('Passw0rd!', '')).toBe('required')
    expect(confirmationProblem('Passw0rd!', 'Passw0rd?')).toBe('mismatch')
    expect(confirmationProblem('Passw0rd!', 'Passw0rd!')).toBeNull()
  })
})

describe('registrationProblems', () => {
  it('names the first broken rule of every field', () => {
    expect(
      registrationProblems({ username: 'a b', password: 'short', confirm_password: '' }),
    ).toEqual({ username: 'invalidCharacters', password: 'tooShort', confirm_password: 'required' })
  })

  it('is empty for a valid sign-up', () => {
    expect(
      registrationProblems({
        username: 'quiet_fox',
        password: 'Password123',
        confirm_password: 'Password123',
      }),
    ).toEqual({})
  })
})

describe('signInProblems', () => {
  it('checks only presence and the minimum lengths', () => {
    expect(signInProblems({ username: '', password: '' })).toEqual({
      username: 'required',
      password: 'required',
    })
    expect(signInProblems({ username: 'ab', password: '1234567' })).toEqual({
      username: 'tooShort',
      password: 'tooShort',
    })
    // Too long or odd names and passwords are the server's to refuse (INVALID_CREDENTIALS).
    expect(signInProblems({ username: 'a b!'.repeat(20), password: 'p'.repeat(101) })).toEqual({})
  })
})
