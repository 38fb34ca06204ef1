// Tables of the staff module: back-office accounts, their setup links, recovery codes and
// sessions. Kept apart from the customers' tables (docs/back-office.md, "Staff accounts").
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns.js'

export const staffRole = pgEnum('staff_role', ['owner', 'support'])

export const staff = pgTable(
  'staff',
  {
    id: id(),
    username: text('username').notNull(),
    // Null until the account's setup link has been used.
    passwordHash: text('password_hash'),
    role: staffRole('role').notNull(),
    // The TOTP secret, sealed with the data key (src/secrets); null until setup.
    totpSecret: text('totp_secret'),
    // The last 30-second step whose code was accepted: a code is refused for the rest of it.
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    disabled: boolean('disabled').notNull().default(false),
    // Set by /setup/confirm: the account works from then on.
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_username_lower_key').on(sql`lower(${t.username})`)],
)

/** One-time setup links (the first owner's, and invitations), stored only as hashes. */
export const staffSetupTokens = pgTable('staff_setup_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  // Null for the first owner's link, which creates the account.
  staffId: integer('staff_id').references(() => staff.id, { onDelete: 'cascade' }),
  role: staffRole('role').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
})

/** Ten one-time codes per account that replace a lost authenticator, stored only as hashes. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: id(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('staff_recovery_codes_staff_idx').on(t.staffId)],
)

/** A signed-in staff device; it ends after 12 hours whatever happens. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
)

/** Every refresh token of a staff session, as a SHA-256 hash (rotation with reuse detection). */
export const staffRefreshTokens = pgTable(
  'staff_refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => staffSessions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (t) => [index('staff_refresh_tokens_session_idx').on(t.sessionId)],
)
