// The registration rules of specification section 5, with its exact messages, checked on the
// server too (the schema only bounds the sizes, so that these messages reach the client).
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
} from '@shop/contract'
import { AppError } from '../../http/errors.js'

const usernamePattern = new RegExp(USERNAME_PATTERN)

/** The spec's message for an invalid username, or null when it is well formed. */
export function usernameProblem(username: string): string | null {
  if (username.length === 0) return 'Username is required'
  if (username.length < USERNAME_MIN_LENGTH) return 'Username must be at least 3 characters'
  if (username.length > USERNAME_MAX_LENGTH) return 'Username must be less than 50 characters'
  if (!usernamePattern.test(username)) {
    return 'Username can only contain letters, numbers, and underscores'
  }
  return null
}

export function checkRegistration(input: {
  username: string
  password: string
  confirm_password: string
}): void {
  const usernameError = usernameProblem(input.username)
  if (usernameError) throw new AppError('USERNAME_INVALID', usernameError)
  if (input.password.length === 0) throw new AppError('PASSWORD_INVALID', 'Password is required')
  if (input.password.length < PASSWORD_MIN_LENGTH) {
    throw new AppError('PASSWORD_INVALID', 'Password must be at least 8 characters')
  }
  if (input.password.length > PASSWORD_MAX_LENGTH) {
    throw new AppError('PASSWORD_INVALID', 'Password must be less than 100 characters')
  }
  if (input.confirm_password.length === 0) {
    throw new AppError('PASSWORDS_DO_NOT_MATCH', 'Please confirm your password')
  }
  if (input.confirm_password !== input.password) throw new AppError('PASSWORDS_DO_NOT_MATCH')
}
