// The fuzzed app and what the requests of the bad-input suite are built from: its customers,
// their tokens of every kind, real ids and codes, and the contract's routes.
import crypto from 'node:crypto'
import { adminApi, api, type RouteDef } from '@shop/contract'
import type { Customer, TestApp } from '../../kit/index.js'

export const BOT_TOKEN = '7000000004:AAH-fuzz_bot_secret_part_0123456789'

/**
 * Filled in by the suite's set-up. `spare`: the customer a disable of `user` or `other` is
 * sent to instead (send.ts), so that the fuzzed customers stay signed in.
 */
export const target = {} as { t: TestApp; user: Customer; other: Customer; spare: Customer }
/** Access tokens by kind (valid, other, garbage, expired, revoked, foreign; staff: the owner's). */
export const tokens: Record<string, string> = {}
/** Real ids and codes (the fuzzed customer's and another's), so requests reach deep code. */
export const known = {
  ints: [1, 2, 3, 7, 60] as number[],
  ownCodes: [] as string[],
  otherCodes: [] as string[],
}

/**
 * The customers' routes and the back office's (valid tokens there are the owner's). The staff's
 * sign-out is left out: it would end the one owner session the rest of the run goes deep with.
 */
export const routes = [
  ...Object.entries(api),
  ...Object.entries(adminApi).filter(([name]) => name !== 'staffLogout'),
] as [string, RouteDef][]
export const bodyRoutes = routes.filter(([, r]) => r.body)

export interface Sent {
  method: string
  url: string
  headers: Record<string, string>
  payload?: string | Buffer
}

/**
 * Signs Telegram widget fields as Telegram would (fresh auth_date), so the fuzz reaches
 * account creation with its random names.
 */
export function signTelegramBody(fields: Record<string, unknown>): Record<string, unknown> {
  const { hash: _ignored, ...rest } = fields
  const signed: Record<string, unknown> = { ...rest, auth_date: Math.floor(Date.now() / 1000) }
  const text = Object.keys(signed)
    .sort()
    .map((key) => `${key}=${signed[key]}`)
    .join('\n')
  const secret = crypto.createHash('sha256').update(BOT_TOKEN).digest()
  return { ...signed, hash: crypto.createHmac('sha256', secret).update(text).digest('hex') }
}
