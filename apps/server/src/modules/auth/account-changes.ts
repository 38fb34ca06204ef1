// What a signed-in customer changes about their own account: the password (the current one
// required; every other session ends, this one stays) and deleting the account (the password
// confirms it; what the shop's books need is kept without the name, the rest is removed).
import type { ChangePasswordBody, DeleteAccountBody, PasswordChanged } from '@shop/contract'
import type { Db, Tx } from '../../db/client.js'
import { isDeadlock, retrying } from '../../db/errors.js'
import { AppError } from '../../http/errors.js'
import type { AuthContext } from '../../http/route.js'
import type { UserRow, UserService } from '../users/service.js'
import { hashPassword, verifyPassword } from './passwords.js'
import type { AuthRateLimits } from './rate-limits.js'
import type { SessionService } from './sessions.js'
import { checkNewPassword } from './validation.js'

/** What the other modules remove or close of a deleted account, in its transaction. */
export interface AccountErasurePorts {
  /** Cancels the pending SOL payments, giving back the stock and coupons they hold. */
  closePendingPayments(tx: Tx, userId: number): Promise<unknown>
  emptyCart(tx: Tx, userId: number): Promise<unknown>
  eraseTickets(tx: Tx, userId: number): Promise<unknown>
  eraseProblemReports(tx: Tx, userId: number): Promise<unknown>
}

export class AccountChanges {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      users: UserService
      sessions: SessionService
      limits: AuthRateLimits
      erasure: AccountErasurePorts
    },
  ) {}

  async changePassword(auth: AuthContext, body: ChangePasswordBody): Promise<PasswordChanged> {
    checkNewPassword(body.new_password, body.confirm_password)
    const verified = await this.#confirmed(auth.userId, body.current_password)
    // An account without a password (Telegram) has none to change.
    if (verified === null) throw new AppError('PASSWORD_WRONG')
    const next = await hashPassword(body.new_password)
    return this.db.transaction(async (tx) => {
      if (!(await this.deps.users.replacePasswordHash(tx, auth.userId, verified, next))) {
        // Changed by another request since it was checked: the current password is not this one.
        throw new AppError('PASSWORD_WRONG')
      }
      const ended = await this.deps.sessions.revokeOthers(tx, auth.userId, auth.sessionId)
      return { success: true as const, other_sessions_ended: ended }
    })
  }

  /**
   * Deletes the account in one transaction. Pending SOL payments are cancelled first (as their
   * Cancel button would), then the account is anonymised (which also refuses a sign-in racing
   * this), the cart emptied, tickets and problem reports removed and every session ended.
   */
  async deleteAccount(auth: AuthContext, body: DeleteAccountBody): Promise<{ success: true }> {
    const verified = await this.#confirmed(auth.userId, body.password)
    const { users, sessions, erasure } = this.deps
    await retrying(3, isDeadlock, () =>
      this.db.transaction(async (tx) => {
        await erasure.closePendingPayments(tx, auth.userId)
        if (!(await users.anonymise(tx, auth.userId, verified))) {
          throw new AppError('PASSWORD_WRONG')
        }
        await erasure.emptyCart(tx, auth.userId)
        await erasure.eraseTickets(tx, auth.userId)
        await erasure.eraseProblemReports(tx, auth.userId)
        await sessions.revokeAllOf(tx, auth.userId)
      }),
    )
    return { success: true }
  }

  /**
   * Checks what the caller typed under the account's limit of wrong guesses: its password, or
   * for an account without one (Telegram) its username. Answers the password hash it was checked
   * against (null for such an account); PASSWORD_WRONG otherwise.
   */
  #confirmed(userId: number, typed: string): Promise<string | null> {
    return this.deps.limits.guardPasswordCheck(userId, async () => {
      const user: UserRow = await this.deps.users.get(userId)
      const right =
        user.passwordHash === null
          ? typed.toLowerCase() === user.username.toLowerCase()
          : await verifyPassword(user.passwordHash, typed)
      if (!right) throw new AppError('PASSWORD_WRONG')
      return user.passwordHash
    })
  }
}
