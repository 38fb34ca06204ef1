// Telegram Login Widget (https://core.telegram.org/widgets/login#checking-authorization): the
// widget hands the browser fields signed by Telegram with HMAC-SHA256 under SHA-256(bot token).
// Every field received except `hash` is part of the signed text, so a field added, removed or
// changed on the way fails the check. Only the Telegram id and first name are kept.
import crypto from 'node:crypto'
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '@shop/contract'
import type { Db } from '../../db/client.js'
import { AppError } from '../../http/errors.js'
import type { CounterStore } from '../../http/rate-limit.js'
import { toUserDto, type UserService } from '../users/service.js'
import type { AuthResult } from './service.js'
import type { SessionService } from './sessions.js'

/** How old a widget login may be (Telegram's own advice: reject outdated data). */
export const TELEGRAM_AUTH_MAX_AGE_SECONDS = 60 * 60
/** How far in the future auth_date may lie, for clocks that disagree a little. */
export const TELEGRAM_AUTH_CLOCK_SKEW_SECONDS = 60
/** Suffixes tried (`name_2` … `name_20`) before a random one when a username is taken. */
const USERNAME_SUFFIXES = 20

/**
 * `key=value` lines of every field but `hash`, sorted by key, joined by newlines; null when a
 * value is not something Telegram signs (it sends only strings, numbers and booleans).
 */
export function telegramDataCheckString(fields: Record<string, unknown>): string | null {
  const lines: string[] = []
  for (const key of Object.keys(fields).sort()) {
    if (key === 'hash') continue
    const value = fields[key]
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      return null
    }
    lines.push(`${key}=${String(value)}`)
  }
  return lines.join('\n')
}

export function telegramSignature(dataCheckString: string, botToken: string): string {
  const secret = crypto.createHash('sha256').update(botToken).digest()
  return crypto.createHmac('sha256', secret).update(dataCheckString).digest('hex')
}

/** Throws TELEGRAM_AUTH_INVALID or TELEGRAM_AUTH_EXPIRED unless the data is genuine and fresh. */
export function verifyTelegramLogin(
  fields: Record<string, unknown>,
  botToken: string,
  nowMs: number = Date.now(),
): void {
  const dataCheckString = telegramDataCheckString(fields)
  const received = typeof fields.hash === 'string' ? Buffer.from(fields.hash, 'hex') : null
  if (dataCheckString === null || !received || received.length !== 32) {
    throw new AppError('TELEGRAM_AUTH_INVALID')
  }
  const expected = Buffer.from(telegramSignature(dataCheckString, botToken), 'hex')
  if (!crypto.timingSafeEqual(expected, received)) throw new AppError('TELEGRAM_AUTH_INVALID')
  const authDate = fields.auth_date
  if (typeof authDate !== 'number') throw new AppError('TELEGRAM_AUTH_INVALID')
  const nowSeconds = Math.floor(nowMs / 1000)
  if (authDate > nowSeconds + TELEGRAM_AUTH_CLOCK_SKEW_SECONDS) {
    throw new AppError('TELEGRAM_AUTH_INVALID')
  }
  if (nowSeconds - authDate > TELEGRAM_AUTH_MAX_AGE_SECONDS) {
    throw new AppError('TELEGRAM_AUTH_EXPIRED')
  }
}

/**
 * The username a new Telegram customer starts with: their Telegram username made valid for our
 * rules (letters, digits, underscores, 3-50 characters), else `tg_<id>`.
 */
export function telegramUsernameBase(telegramUsername: string | undefined, id: number): string {
  const cleaned = (telegramUsername ?? '')
    .replace(/[^A-Za-z0-9_]/g, '_')
    .slice(0, USERNAME_MAX_LENGTH)
  if (cleaned.length >= USERNAME_MIN_LENGTH && /[A-Za-z0-9]/.test(cleaned)) return cleaned
  return `tg_${id}`
}

/** `base`, then `base_2` … with the base cut so the name stays within the length limit. */
export function usernameCandidates(base: string): string[] {
  const names = [base]
  for (let n = 2; n <= USERNAME_SUFFIXES; n++) {
    const suffix = `_${n}`
    names.push(base.slice(0, USERNAME_MAX_LENGTH - suffix.length) + suffix)
  }
  return names
}

export interface TelegramLoginData {
  id: number
  first_name: string
  username?: string
  auth_date: number
  hash: string
}

/** How long a used widget payload is remembered: as long as it could still be accepted. */
const USED_PAYLOAD_MS = (TELEGRAM_AUTH_MAX_AGE_SECONDS + TELEGRAM_AUTH_CLOCK_SKEW_SECONDS) * 1000

export class TelegramLoginService {
  readonly #botToken: string | null

  /**
   * `usedPayloads`: the shop's shared counter store (memory, Redis, or PostgreSQL), where each
   * accepted payload's signature is counted, so that a captured payload opens one session, not
   * one per replay in its hour of validity, in any server process.
   */
  constructor(
    private readonly db: Db,
    private readonly users: UserService,
    private readonly sessions: SessionService,
    botToken: string | null,
    private readonly usedPayloads: CounterStore,
  ) {
    this.#botToken = botToken
  }

  get enabled(): boolean {
    return this.#botToken !== null
  }

  /**
   * Logs in (creating the account on the first login) with widget data. `fields` is the body as
   * received, unknown fields included, since they are part of what Telegram signed.
   */
  async login(data: TelegramLoginData, fields: Record<string, unknown>): Promise<AuthResult> {
    if (this.#botToken === null) throw new AppError('TELEGRAM_DISABLED')
    verifyTelegramLogin(fields, this.#botToken)
    // PostgreSQL text cannot hold NUL: refuse it rather than fail the insert with a 500 (found
    // by test/reliability/bad-input.test.ts; Telegram itself never signs such a name).
    if (data.first_name.includes('\u0000')) {
      throw new AppError('VALIDATION_ERROR', 'body.first_name must not contain NUL characters')
    }
    const used = await this.usedPayloads.increment(`telegram-login:${data.hash}`, USED_PAYLOAD_MS)
    if (used.count > 1) throw new AppError('TELEGRAM_AUTH_EXPIRED')
    // A lost race (the same Telegram user, or the chosen username, created meanwhile) is
    // settled by the unique indexes and simply tried again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const existing = await this.#loginExisting(data)
      if (existing) return existing
      const created = await this.#create(data)
      if (created) return created
    }
    throw new Error('Telegram login: could not create the account after three attempts')
  }

  async #loginExisting(data: TelegramLoginData): Promise<AuthResult | null> {
    const user = await this.users.renameTelegramAccount(data.id, data.first_name)
    if (!user) return null
    if (user.disabled) throw new AppError('ACCOUNT_DISABLED')
    return { ...(await this.sessions.open(user.id)), user: toUserDto(user) }
  }

  async #create(data: TelegramLoginData): Promise<AuthResult | null> {
    const username = await this.#freeUsername(telegramUsernameBase(data.username, data.id))
    return this.db.transaction(async (tx) => {
      const user = await this.users.createIfFree(tx, {
        username,
        firstName: data.first_name,
        telegramId: data.id,
      })
      if (!user) return null
      return { ...(await this.sessions.open(user.id, tx)), user: toUserDto(user) }
    })
  }

  /** The first candidate nobody holds (in any letter case), found with one query. */
  async #freeUsername(base: string): Promise<string> {
    const candidates = usernameCandidates(base)
    const lowered = candidates.map((name) => name.toLowerCase())
    const takenNames = await this.users.takenUsernames(lowered)
    const free = candidates.find((name) => !takenNames.has(name.toLowerCase()))
    if (free) return free
    const suffix = `_${crypto.randomBytes(4).toString('hex')}`
    return base.slice(0, USERNAME_MAX_LENGTH - suffix.length) + suffix
  }
}
