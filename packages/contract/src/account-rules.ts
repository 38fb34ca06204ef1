// The account rules of specification section 5, written once for the web app's register and login
// forms and for the server (payment-rules.ts holds the payment ones). Each check answers with a
// problem code, never a sentence: the web app turns the code into its i18n message (English or
// Lithuanian), the server into its error code and the specification's English message.

import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
} from './constants.js'

export type UsernameProblem = 'required' | 'tooShort' | 'tooLong' | 'invalidCharacters'
export type PasswordProblem = 'required' | 'tooShort' | 'tooLong'
export type ConfirmationProblem = 'required' | 'mismatch'

const usernamePattern = new RegExp(USERNAME_PATTERN)

/** The first rule a username breaks: required, 3 to 50 characters, letters, digits and `_`. */
export function usernameProblem(username: string): UsernameProblem | null {
  if (username.length === 0) return 'required'
  if (username.length < USERNAME_MIN_LENGTH) return 'tooShort'
  if (username.length > USERNAME_MAX_LENGTH) return 'tooLong'
  if (!usernamePattern.test(username)) return 'invalidCharacters'
  return null
}

/** The first rule a new password breaks: required, 8 to 100 characters. */
export function passwordProblem(password: string): PasswordProblem | null {
  if (password.length === 0) return 'required'
  if (password.length < PASSWORD_MIN_LENGTH) return 'tooShort'
  if (password.length > PASSWORD_MAX_LENGTH) return 'tooLong'
  return null
}

/** The confirmation of a new password: required, and equal to the password. */
export function confirmationProblem(
  password: string,
  confirmation: string,
): ConfirmationProblem | null {
  if (confirmation.length === 0) return 'required'
  if (confirmation !== password) return 'mismatch'
  return null
}

/** The fields of a sign-up, as `POST /api/auth/web/register` takes them. */
export interface Registration {
  username: string
  password: string
  confirm_password: string
}

/** What is wrong with each field of a sign-up (absent where the field is fine). */
export interface RegistrationProblems {
  username?: UsernameProblem
  password?: PasswordProblem
  confirm_password?: ConfirmationProblem
}

/** Every field's first broken rule; an empty object when the sign-up may be sent. */
export function registrationProblems(input: Registration): RegistrationProblems {
  const problems: RegistrationProblems = {}
  const username = usernameProblem(input.username)
  if (username) problems.username = username
  const password = passwordProblem(input.password)
  if (password) problems.password = password
  const confirmation = confirmationProblem(input.password, input.confirm_password)
  if (confirmation) problems.confirm_password = confirmation
  return problems
}

/** What is wrong with each field of a sign-in (absent where the field is fine). */
export interface SignInProblems {
  username?: Extract<UsernameProblem, 'required' | 'tooShort'>
  password?: Extract<PasswordProblem, 'required' | 'tooShort'>
}

/**
 * A sign-in is only checked for what no account can lack: a username of at least 3 characters
 * and a password of at least 8. Anything else reaches the server, which answers a wrong name or
 * password with INVALID_CREDENTIALS and tells nothing about the account.
 */
export function signInProblems(input: { username: string; password: string }): SignInProblems {
  const problems: SignInProblems = {}
  const username = usernameProblem(input.username)
  if (username === 'required' || username === 'tooShort') problems.username = username
  const password = passwordProblem(input.password)
  if (password === 'required' || password === 'tooShort') problems.password = password
  return problems
}
