// Tables of the users module: the accounts. Auth signs them in, balance moves balance_cents;
// both through the users module's service (modules/users).
import { sql } from 'drizzle-orm'
import { bigint, boolean, check, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns.js'

export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull(),
    firstName: text('first_name').notNull(),
    // Null for accounts created through Telegram, which have no password.
    passwordHash: text('password_hash'),
    telegramId: bigint('telegram_id', { mode: 'number' }),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: createdAt(),
    // Set when the customer deleted the account: the row stays for the books (orders, payments,
    // ledger), under a generated name, without password, Telegram id or sessions.
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_telegram_id_key').on(t.telegramId),
    check('users_balance_non_negative', sql`${t.balanceCents} >= 0`),
  ],
)
