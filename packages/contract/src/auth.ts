// Requests and responses of the auth and user endpoints.

import Type, { type Static } from 'typebox'
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  REFRESH_TOKEN_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
} from './constants.js'
import { User } from './entities.js'

/**
 * Only the sizes are bounded here: the rules of specification section 5 are `registrationProblems`
 * (account-rules.ts), which the server checks to answer with their exact messages (USERNAME_INVALID,
 * PASSWORD_INVALID, PASSWORDS_DO_NOT_MATCH) that a schema error could not carry.
 */
export const RegisterBody = Type.Object({
  username: Type.String({
    maxLength: 200,
    description: `${USERNAME_MIN_LENGTH}-${USERNAME_MAX_LENGTH} letters, digits and underscores; unique case-insensitively (pattern ${USERNAME_PATTERN})`,
  }),
  password: Type.String({
    maxLength: 200,
    description: `${PASSWORD_MIN_LENGTH}-${PASSWORD_MAX_LENGTH} characters`,
  }),
  confirm_password: Type.String({
    maxLength: 200,
    description: 'Must equal password',
  }),
})
export type RegisterBody = Static<typeof RegisterBody>

/**
 * Deliberately loose: a well-formed but unknown or wrong username or password is answered with
 * INVALID_CREDENTIALS, not with a schema error.
 */
export const LoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: USERNAME_MAX_LENGTH }),
  password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
  /**
   * A solved proof-of-work challenge (`POST /api/auth/challenge`, ALTCHA's base64 payload): asked
   * for (429 CHALLENGE_REQUIRED) once a username has had too many wrong guesses, so that the
   * rightful owner still gets in while guessing stays slow.
   */
  proof: Type.Optional(Type.String({ maxLength: 2048 })),
})
export type LoginBody = Static<typeof LoginBody>

/** An ALTCHA proof-of-work challenge, solved in the browser. */
export const LoginChallenge = Type.Object({
  algorithm: Type.String(),
  challenge: Type.String(),
  maxnumber: Type.Integer(),
  salt: Type.String(),
  signature: Type.String(),
})
export type LoginChallenge = Static<typeof LoginChallenge>

export const RefreshBody = Type.Object({
  refresh_token: Type.String({ minLength: 1, maxLength: REFRESH_TOKEN_MAX_LENGTH }),
})
export type RefreshBody = Static<typeof RefreshBody>

/** `:username` of `GET /api/auth/web/check-username/:username` (any text; judged by the server). */
export const UsernameParam = Type.Object({ username: Type.String({ maxLength: 100 }) })
export type UsernameParam = Static<typeof UsernameParam>

export const CheckUsernameResponse = Type.Object({
  available: Type.Boolean(),
  reason: Type.Optional(
    Type.Enum(['invalid', 'taken'], {
      type: 'string',
      description: 'Why the username is not available',
    }),
  ),
  message: Type.Optional(Type.String({ description: 'English sentence for the reason' })),
})
export type CheckUsernameResponse = Static<typeof CheckUsernameResponse>

/** The fields the Telegram Login Widget hands to its callback, sent unchanged. */
export const TelegramLoginBody = Type.Object({
  // Telegram ids fit in 52 bits (Telegram's own statement); beyond that is not a Telegram user.
  id: Type.Integer({ minimum: 1, maximum: 2 ** 52, description: 'Telegram user id' }),
  first_name: Type.String({ minLength: 1, maxLength: 256 }),
  last_name: Type.Optional(Type.String({ maxLength: 256 })),
  username: Type.Optional(Type.String({ maxLength: 256 })),
  photo_url: Type.Optional(Type.String({ maxLength: 2048 })),
  auth_date: Type.Integer({ minimum: 0, maximum: 2 ** 40, description: 'Unix time in seconds' }),
  hash: Type.String({ pattern: '^[a-f0-9]{64}$', description: 'HMAC-SHA256, hex' }),
})
export type TelegramLoginBody = Static<typeof TelegramLoginBody>

export const VerifyResponse = Type.Object({ valid: Type.Literal(true), user: User })
export type VerifyResponse = Static<typeof VerifyResponse>

/**
 * `POST /api/user/change-password`. The new password's rules (section 5) are checked by the
 * server, which answers with their messages (PASSWORD_INVALID, PASSWORDS_DO_NOT_MATCH); a wrong
 * current password is PASSWORD_WRONG.
 */
export const ChangePasswordBody = Type.Object({
  current_password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
  new_password: Type.String({
    maxLength: 200,
    description: `${PASSWORD_MIN_LENGTH}-${PASSWORD_MAX_LENGTH} characters`,
  }),
  confirm_password: Type.String({ maxLength: 200, description: 'Must equal new_password' }),
})
export type ChangePasswordBody = Static<typeof ChangePasswordBody>

export const PasswordChanged = Type.Object({
  success: Type.Literal(true),
  other_sessions_ended: Type.Integer({
    minimum: 0,
    description: 'How many other signed-in devices were signed out (the current one stays)',
  }),
})
export type PasswordChanged = Static<typeof PasswordChanged>

/**
 * `POST /api/user/delete-account`: the account's password confirms it. An account without one
 * (created through Telegram) confirms with its username instead.
 */
export const DeleteAccountBody = Type.Object({
  password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
})
export type DeleteAccountBody = Static<typeof DeleteAccountBody>
