// Brute-force limits on login and sign-up. Every attempt is counted before it runs (so parallel
// attempts cannot slip past the limit together) and taken back when it turns out not to be a
// failed guess. Usernames are counted under a SHA-256 of the lower-cased name (the same in every
// process, so Redis shares them); clients under ClientKeys' per-process HMAC of their network.
import crypto from 'node:crypto'
import { AppError } from '../../http/errors.js'
import {
  ClientKeys,
  type CounterStore,
  type LimitRule,
  tooManyAttempts,
} from '../../http/rate-limit.js'

export interface AuthLimits {
  /** Failed logins for one username, from anywhere. */
  loginPerUsername: LimitRule
  /** Failed logins from one client, whatever the username (the back office's counted apart). */
  loginPerClient: LimitRule
  /** Accounts created from one client. */
  registerPerClient: LimitRule
  /** Username availability checks from one client (each tells whether an account exists). */
  usernameCheckPerClient: LimitRule
  /** Wrong current passwords given by one signed-in account (change password, delete account). */
  passwordPerAccount: LimitRule
}

const MINUTE = 60_000

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  loginPerUsername: { max: 5, windowMs: 15 * MINUTE },
  loginPerClient: { max: 20, windowMs: 15 * MINUTE },
  registerPerClient: { max: 10, windowMs: 60 * MINUTE },
  // The sign-up form checks once a name is typed (on leaving the field): a few dozen an hour is
  // plenty for a person, far too few to list the customers' names (issue 33).
  usernameCheckPerClient: { max: 30, windowMs: 60 * MINUTE },
  passwordPerAccount: { max: 5, windowMs: 15 * MINUTE },
}

/**
 * What buildApp's callers (tests) may change; production uses the defaults. The clock and the
 * Redis prefix are those of the shop's one counter store, which the ticket limit shares.
 */
export interface AuthRateLimitOptions {
  limits?: Partial<AuthLimits>
  /** Clock of the in-memory counters. */
  now?: () => number
  redisKeyPrefix?: string
}

/** A username as counters name it: hashed, so no store (Redis, the counters table) holds it. */
export function usernameKey(username: string): string {
  return crypto.createHash('sha256').update(username.toLowerCase()).digest('base64url')
}

export class AuthRateLimits {
  readonly limits: AuthLimits
  readonly #clients: ClientKeys

  /** `clientKey`: the key client addresses are hashed under, the same in every process. */
  constructor(
    private readonly store: CounterStore,
    limits: Partial<AuthLimits> = {},
    clientKey?: Buffer,
  ) {
    this.limits = { ...DEFAULT_AUTH_LIMITS, ...limits }
    this.#clients = new ClientKeys(clientKey)
  }

  /**
   * Runs a login attempt under the per-client and per-username limits. Only a wrong username or
   * password counts; a successful login also clears the username's count. Past the username's
   * limit an attempt is not refused outright (anyone could lock anyone out): it must carry a
   * solved proof of work (`proven`), else 429 CHALLENGE_REQUIRED.
   */
  async guardLogin<T>(
    username: string,
    clientAddress: string | undefined,
    attempt: () => Promise<T>,
    proven: () => Promise<boolean> = async () => false,
  ): Promise<T> {
    const clientKey = this.#clients.of(clientAddress)
    const clientCounter = clientKey ? `login-client:${clientKey}` : null
    const userCounter = `login-user:${usernameKey(username)}`
    if (clientCounter) {
      const client = await this.store.increment(clientCounter, this.limits.loginPerClient.windowMs)
      if (client.count > this.limits.loginPerClient.max) throw tooManyAttempts(client.resetInMs)
    }
    const user = await this.store.increment(userCounter, this.limits.loginPerUsername.windowMs)
    if (user.count > this.limits.loginPerUsername.max && !(await proven())) {
      // Refused without checking a password: not a guess this client or name gets charged for.
      if (clientCounter) await this.store.decrement(clientCounter)
      await this.store.decrement(userCounter)
      throw new AppError('CHALLENGE_REQUIRED')
    }
    let result: T
    try {
      result = await attempt()
    } catch (error) {
      const guessedWrong = error instanceof AppError && error.code === 'INVALID_CREDENTIALS'
      if (!guessedWrong) {
        // The password was right (e.g. ACCOUNT_DISABLED) or the server failed: not a guess.
        await this.store.decrement(userCounter)
        if (clientCounter) await this.store.decrement(clientCounter)
      }
      throw error
    }
    await this.store.remove(userCounter)
    if (clientCounter) await this.store.decrement(clientCounter)
    return result
  }

  /**
   * Runs a back-office sign-in under the per-client limit of logins, counted apart from the
   * customers' (the per-username limit, with its proof of work, is the staff service's own).
   * Counted before it runs, so parallel guesses cannot slip past together, and kept only when it
   * was a wrong guess (INVALID_CREDENTIALS); past the limit 429 TOO_MANY_ATTEMPTS, unchecked.
   */
  async guardStaffLogin<T>(
    clientAddress: string | undefined,
    attempt: () => Promise<T>,
  ): Promise<T> {
    const clientKey = this.#clients.of(clientAddress)
    if (!clientKey) return attempt()
    const counter = `staff-login-client:${clientKey}`
    const rule = this.limits.loginPerClient
    const client = await this.store.increment(counter, rule.windowMs)
    if (client.count > rule.max) throw tooManyAttempts(client.resetInMs)
    const result = await this.#countedIfWrong(counter, 'INVALID_CREDENTIALS', attempt)
    await this.store.decrement(counter)
    return result
  }

  /**
   * Runs a check of a signed-in account's password (before changing it or deleting the account)
   * under the account's limit: a stolen session must not become a way to guess the password.
   * Only PASSWORD_WRONG counts; past the limit the check is refused with 429 TOO_MANY_ATTEMPTS.
   */
  async guardPasswordCheck<T>(userId: number, attempt: () => Promise<T>): Promise<T> {
    const counter = `password-user:${userId}`
    const rule = this.limits.passwordPerAccount
    const tries = await this.store.increment(counter, rule.windowMs)
    if (tries.count > rule.max) {
      await this.store.decrement(counter)
      throw tooManyAttempts(tries.resetInMs)
    }
    const result = await this.#countedIfWrong(counter, 'PASSWORD_WRONG', attempt)
    // The right password: the earlier wrong ones were the owner's typos.
    await this.store.remove(counter)
    return result
  }

  /**
   * Runs an attempt already counted on `counter`: a failure with `wrongGuess` keeps the count,
   * any other failure (the server's, or a refusal that checked nothing) takes it back.
   */
  async #countedIfWrong<T>(
    counter: string,
    wrongGuess: string,
    attempt: () => Promise<T>,
  ): Promise<T> {
    try {
      return await attempt()
    } catch (error) {
      if (!(error instanceof AppError && error.code === wrongGuess)) {
        await this.store.decrement(counter)
      }
      throw error
    }
  }

  /**
   * Runs a username availability check under the per-client limit. Every check counts: each
   * answer tells whether a name has an account, what the login's limits hide.
   */
  async guardUsernameCheck<T>(clientAddress: string | undefined, check: () => Promise<T>) {
    const clientKey = this.#clients.of(clientAddress)
    if (!clientKey) return check()
    const rule = this.limits.usernameCheckPerClient
    const client = await this.store.increment(`username-check-client:${clientKey}`, rule.windowMs)
    if (client.count > rule.max) throw tooManyAttempts(client.resetInMs)
    return check()
  }

  /** Runs a sign-up under the per-client limit; only accounts actually created count. */
  async guardRegistration<T>(
    clientAddress: string | undefined,
    attempt: () => Promise<T>,
  ): Promise<T> {
    const clientKey = this.#clients.of(clientAddress)
    if (!clientKey) return attempt()
    const counter = `register-client:${clientKey}`
    const rule = this.limits.registerPerClient
    const client = await this.store.increment(counter, rule.windowMs)
    if (client.count > rule.max) throw tooManyAttempts(client.resetInMs)
    try {
      return await attempt()
    } catch (error) {
      await this.store.decrement(counter)
      throw error
    }
  }
}
