// The registration rules of specification section 5 (one definition in the contract, shared with
// the web app's form), answered here with the server's error codes and the specification's exact
// messages. The body schema only bounds the sizes, so that these messages reach the client.
import {
  type ConfirmationProblem,
  confirmationProblem,
  type PasswordProblem,
  passwordProblem,
  type Registration,
  registrationProblems,
  type UsernameProblem,
  usernameProblem as usernameRule,
} from '@shop/contract'
import { AppError } from '../../http/errors.js'

const USERNAME_MESSAGES: Record<UsernameProblem, string> = {
  required: 'Username is required',
  tooShort: 'Username must be at least 3 characters',
  tooLong: 'Username must be less than 50 characters',
  invalidCharacters: 'Username can only contain letters, numbers, and underscores',
}

const PASSWORD_MESSAGES: Record<PasswordProblem, string> = {
  required: 'Password is required',
  tooShort: 'Password must be at least 8 characters',
  tooLong: 'Password must be less than 100 characters',
}

/** Undefined: the error code's own message ("Passwords do not match"). */
const CONFIRMATION_MESSAGES: Record<ConfirmationProblem, string | undefined> = {
  required: 'Please confirm your password',
  mismatch: undefined,
}

/** The spec's message for an invalid username, or null when it is well formed. */
export function usernameProblem(username: string): string | null {
  const problem = usernameRule(username)
  return problem ? USERNAME_MESSAGES[problem] : null
}

/** Throws the first broken rule, the username's first, then the password's, then its confirmation's. */
export function checkRegistration(input: Registration): void {
  const problems = registrationProblems(input)
  if (problems.username) {
    throw new AppError('USERNAME_INVALID', USERNAME_MESSAGES[problems.username])
  }
  if (problems.password) {
    throw new AppError('PASSWORD_INVALID', PASSWORD_MESSAGES[problems.password])
  }
  if (problems.confirm_password) {
    throw new AppError('PASSWORDS_DO_NOT_MATCH', CONFIRMATION_MESSAGES[problems.confirm_password])
  }
}

/** Throws the first rule a new password breaks (a changed password): the same as at sign-up. */
export function checkNewPassword(password: string, confirmation: string): void {
  const problem = passwordProblem(password)
  if (problem) throw new AppError('PASSWORD_INVALID', PASSWORD_MESSAGES[problem])
  const mismatch = confirmationProblem(password, confirmation)
  if (mismatch) throw new AppError('PASSWORDS_DO_NOT_MATCH', CONFIRMATION_MESSAGES[mismatch])
}
