// Staff accounts of the back office: setup, sign-in with a TOTP code, invitations and roles
// (docs/back-office.md, "Staff accounts").

import Type, { type Static } from 'typebox'
import { LoginBody } from '../auth.js'
import { Id, Nullable, Timestamp } from '../common.js'
import {
  REFRESH_TOKEN_MAX_LENGTH,
  STAFF_PASSWORD_MAX_LENGTH,
  STAFF_PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
} from '../constants.js'

export const STAFF_ROLES = ['owner', 'support'] as const
export const StaffRole = Type.Enum(STAFF_ROLES, {
  type: 'string',
  description: 'owner: everything; support: inbox, FAQ, orders (read, deliver), customers (read)',
})
export type StaffRole = Static<typeof StaffRole>

/** A setup or invitation token as it appears in `/admin/setup?token=` (base64url). */
export const SetupToken = Type.String({ pattern: '^[A-Za-z0-9_-]{22,128}$' })

const StaffUsername = Type.String({
  minLength: USERNAME_MIN_LENGTH,
  maxLength: USERNAME_MAX_LENGTH,
  pattern: USERNAME_PATTERN,
})

const StaffPassword = Type.String({
  minLength: STAFF_PASSWORD_MIN_LENGTH,
  maxLength: STAFF_PASSWORD_MAX_LENGTH,
  description: `${STAFF_PASSWORD_MIN_LENGTH}-${STAFF_PASSWORD_MAX_LENGTH} characters`,
})

/** A six-digit TOTP code, or one of the account's recovery codes. */
export const SecondFactorCode = Type.String({
  minLength: 6,
  maxLength: 32,
  pattern: '^[A-Za-z0-9 -]+$',
  description: 'Six-digit authenticator code or a recovery code',
})

/** Who is signed in to the back office. */
export const Staff = Type.Object({ id: Id, username: Type.String(), role: StaffRole })
export type Staff = Static<typeof Staff>

/** A staff account as the owner's staff list shows it. */
export const StaffMember = Type.Object({
  ...Staff.properties,
  disabled: Type.Boolean(),
  activated: Type.Boolean({ description: 'False until the invitation has been completed' }),
  created_at: Timestamp,
  last_sign_in_at: Nullable(Timestamp),
})
export type StaffMember = Static<typeof StaffMember>

export const StaffList = Type.Object({ staff: Type.Array(StaffMember) })
export type StaffList = Static<typeof StaffList>

export const SetupInspectBody = Type.Object({ token: SetupToken })
export type SetupInspectBody = Static<typeof SetupInspectBody>

/** What a setup link is for: the first owner (choose a username) or an invitation (fixed). */
export const SetupInspectResponse = Type.Object({
  kind: Type.Enum(['owner', 'invitation'], { type: 'string' }),
  username: Nullable(Type.String(), { description: 'The invited username; null for the owner' }),
  role: StaffRole,
})
export type SetupInspectResponse = Static<typeof SetupInspectResponse>

export const SetupBody = Type.Object({
  token: SetupToken,
  username: StaffUsername,
  password: StaffPassword,
})
export type SetupBody = Static<typeof SetupBody>

export const SetupResponse = Type.Object({
  otpauth_uri: Type.String({ description: 'otpauth://totp/… URI: shown once, as a QR code' }),
  recovery_codes: Type.Array(Type.String(), {
    description: 'Ten one-time codes, shown once (stored only as hashes)',
  }),
})
export type SetupResponse = Static<typeof SetupResponse>

export const SetupConfirmBody = Type.Object({
  token: SetupToken,
  code: Type.String({ pattern: '^[0-9]{6}$', description: 'Six-digit authenticator code' }),
})
export type SetupConfirmBody = Static<typeof SetupConfirmBody>

/** Deliberately loose: any wrong part is answered with one INVALID_CREDENTIALS. */
export const StaffLoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: USERNAME_MAX_LENGTH }),
  password: Type.String({ minLength: 1, maxLength: STAFF_PASSWORD_MAX_LENGTH }),
  code: SecondFactorCode,
  /**
   * The customers' proof of work (a solved `POST /api/auth/challenge`, same shape and limits):
   * asked for (429 CHALLENGE_REQUIRED) once a username has had too many failures, instead of
   * locking the name, so that a guesser cannot keep the owner out.
   */
  proof: LoginBody.properties.proof,
})
export type StaffLoginBody = Static<typeof StaffLoginBody>

export const StaffAuthResponse = Type.Object({
  access_token: Type.String(),
  refresh_token: Type.String(),
  staff: Staff,
})
export type StaffAuthResponse = Static<typeof StaffAuthResponse>

export const StaffRefreshBody = Type.Object({
  refresh_token: Type.String({ minLength: 1, maxLength: REFRESH_TOKEN_MAX_LENGTH }),
})
export type StaffRefreshBody = Static<typeof StaffRefreshBody>

export const StaffTokenPair = Type.Object({
  access_token: Type.String(),
  refresh_token: Type.String(),
})
export type StaffTokenPair = Static<typeof StaffTokenPair>

export const CreateStaffBody = Type.Object({ username: StaffUsername, role: StaffRole })
export type CreateStaffBody = Static<typeof CreateStaffBody>

export const CreateStaffResponse = Type.Object({
  id: Id,
  invite_url: Type.String({ description: '<public URL>/admin/setup?token=…, valid 7 days' }),
})
export type CreateStaffResponse = Static<typeof CreateStaffResponse>

export const UpdateStaffBody = Type.Object(
  { role: Type.Optional(StaffRole), disabled: Type.Optional(Type.Boolean()) },
  { minProperties: 1 },
)
export type UpdateStaffBody = Static<typeof UpdateStaffBody>
