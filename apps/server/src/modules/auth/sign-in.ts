// A customer's sign-in, as the API's login route and the basic shop's sign-in form both run it:
// a name sign-up would refuse is refused before any lookup or count (a spelling PostgreSQL's
// lower() folds onto a real name, `İ` -> `i`, gets no guesses of its own), then the limits, with
// a solved proof of work or (the basic shop, decision 0050) a ripe wait ticket past the name's.
import { AppError } from '../../http/errors.js'
import type { LoginChallenges } from './login-challenge.js'
import type { LoginWaits } from './login-wait.js'
import type { AuthRateLimits } from './rate-limits.js'
import type { AccountService, AuthResult } from './service.js'
import { usernameProblem } from './validation.js'

export interface SignInServices {
  accounts: AccountService
  authLimits: AuthRateLimits
  loginChallenges: LoginChallenges
  loginWaits: LoginWaits
}

export interface SignInAttempt {
  username: string
  password: string
  /** A solved ALTCHA challenge (the app solves it in the browser). */
  proof?: string | undefined
  /** A wait ticket (login-wait.ts), the basic shop's way past the limit. */
  waitTicket?: string | undefined
}

export function signIn(
  { accounts, authLimits, loginChallenges, loginWaits }: SignInServices,
  attempt: SignInAttempt,
  clientAddress: string | undefined,
): Promise<AuthResult> {
  if (usernameProblem(attempt.username)) throw new AppError('INVALID_CREDENTIALS')
  const { username, password } = attempt
  return authLimits.guardLogin(
    username,
    clientAddress,
    () => accounts.login({ username, password }),
    async () =>
      (await loginChallenges.accepts(attempt.proof)) ||
      (await loginWaits.accepts(attempt.waitTicket, username)),
  )
}
