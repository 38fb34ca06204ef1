// The sign-in and sign-up rules are the contract's (account-rules.ts, the ones the server and the
// app check); here each problem code becomes the app's i18n key for it, as the app's
// features/auth/validation.ts maps them.
import type {
  ConfirmationProblem,
  PasswordProblem,
  RegistrationProblems,
  SignInProblems,
  UsernameProblem,
} from '@shop/contract'
import type { Translate } from './i18n.js'

const USERNAME_KEYS: Record<UsernameProblem, string> = {
  required: 'auth.validation.usernameRequired',
  tooShort: 'auth.validation.usernameMin',
  tooLong: 'auth.validation.usernameMax',
  invalidCharacters: 'auth.validation.usernamePattern',
}

const PASSWORD_KEYS: Record<PasswordProblem, string> = {
  required: 'auth.validation.passwordRequired',
  tooShort: 'auth.validation.passwordMin',
  tooLong: 'auth.validation.passwordMax',
}

const CONFIRMATION_KEYS: Record<ConfirmationProblem, string> = {
  required: 'auth.validation.confirmRequired',
  mismatch: 'auth.validation.passwordsDoNotMatch',
}

export interface AuthFieldErrors {
  username?: string | undefined
  password?: string | undefined
  confirm_password?: string | undefined
}

export function fieldErrors(
  problems: RegistrationProblems | SignInProblems,
  t: Translate,
): AuthFieldErrors {
  const all = problems as RegistrationProblems
  return {
    username: all.username && t(USERNAME_KEYS[all.username]),
    password: all.password && t(PASSWORD_KEYS[all.password]),
    confirm_password: all.confirm_password && t(CONFIRMATION_KEYS[all.confirm_password]),
  }
}

export function hasErrors(errors: AuthFieldErrors): boolean {
  return Object.values(errors).some(Boolean)
}
