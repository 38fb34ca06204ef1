// The customer's own account as the API shows it.
import { centsToEuros, type User } from '@shop/contract'
import { eq } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client.js'
import { users } from '../../db/schema.js'
import { AppError } from '../../http/errors.js'

export type UserRow = typeof users.$inferSelect

export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    first_name: row.firstName,
    username: row.username,
    telegram_id: row.telegramId,
    created_at: row.createdAt.toISOString(),
    balance_eur: centsToEuros(row.balanceCents),
  }
}

export class UserService {
  constructor(private readonly db: Db) {}

  async get(userId: number, tx: DbOrTx = this.db): Promise<UserRow> {
    const [row] = await tx.select().from(users).where(eq(users.id, userId))
    // A live session always has its user; a missing one means the session is stale.
    if (!row) throw new AppError('SESSION_REVOKED')
    return row
  }
}
