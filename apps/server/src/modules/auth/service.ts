// Username and password accounts: sign-up and login.
import { type CheckUsernameResponse, ERROR_MESSAGES } from '@shop/contract'
import type { Db } from '../../db/client.js'
import { isUniqueViolation } from '../../db/errors.js'
import { AppError } from '../../http/errors.js'
import { toUserDto, type UserService } from '../users/service.js'
import { hashPassword, verifyPassword } from './passwords.js'
import type { IssuedTokens, SessionService } from './sessions.js'
import { checkRegistration, usernameProblem } from './validation.js'

export interface AuthResult extends IssuedTokens {
  user: ReturnType<typeof toUserDto>
}

export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly users: UserService,
    private readonly sessions: SessionService,
  ) {}

  /** Whether a sign-up with this name would pass: the spec's message when invalid, or taken. */
  async checkUsername(username: string): Promise<CheckUsernameResponse> {
    const problem = usernameProblem(username)
    if (problem) return { available: false, reason: 'invalid', message: problem }
    if (await this.users.findByUsername(username)) {
      return { available: false, reason: 'taken', message: ERROR_MESSAGES.USERNAME_TAKEN }
    }
    return { available: true }
  }

  async register(input: {
    username: string
    password: string
    confirm_password: string
  }): Promise<AuthResult> {
    checkRegistration(input)
    if (await this.users.findByUsername(input.username)) throw new AppError('USERNAME_TAKEN')
    const passwordHash = await hashPassword(input.password)
    try {
      // The unique index on lower(username) decides races between simultaneous sign-ups.
      return await this.db.transaction(async (tx) => {
        const user = await this.users.create(tx, {
          username: input.username,
          firstName: input.username,
          passwordHash,
        })
        const tokens = await this.sessions.open(user.id, tx)
        return { ...tokens, user: toUserDto(user) }
      })
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('USERNAME_TAKEN')
      throw error
    }
  }

  async login(input: { username: string; password: string }): Promise<AuthResult> {
    const user = await this.users.findByUsername(input.username)
    // Unknown users are checked against a dummy hash: same answer, same time.
    const valid = await verifyPassword(user?.passwordHash ?? null, input.password)
    if (!user || !valid) throw new AppError('INVALID_CREDENTIALS')
    if (user.disabled) throw new AppError('ACCOUNT_DISABLED')
    const tokens = await this.sessions.open(user.id)
    return { ...tokens, user: toUserDto(user) }
  }
}
