// What support keeps of a customer who deleted their account: nothing. Their tickets are their
// own words (and the shop's answers to them), not the shop's books, so they go with the account.
import { eq } from 'drizzle-orm'
import type { Tx } from '../../db/client.js'
import { tickets } from '../../db/schema/support.js'

/** Removes every ticket of a customer with its messages, in the caller's transaction. */
export async function eraseTicketsOf(tx: Tx, userId: number): Promise<number> {
  // ticket_messages go with their ticket (on delete cascade).
  const erased = await tx
    .delete(tickets)
    .where(eq(tickets.userId, userId))
    .returning({ id: tickets.id })
  return erased.length
}
