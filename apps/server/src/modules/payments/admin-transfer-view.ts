// How the back office sees SOL and token transfers to the merchant: each transfer instruction with the rate
// when it landed and its euro value at that rate, the payment it paid or the customer it was
// assigned to, who resolved it, and the customers' claims on its transaction.
import { type AdminTransfer, centsToEuros, lamportsToSolNumber } from '@shop/contract'
import { type Column, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { chainTransfers, payments, transferClaims } from '../../db/schema/payments.js'
import { baseUnitsToEurCents, rateInEuros } from '../../solana/amounts.js'
import { usernameOf } from '../users/service.js'
import type { RateHistory } from './rate-history.js'

export type TransferRow = typeof chainTransfers.$inferSelect

/** Names staff members (the staff module owns their table). */
export type StaffNames = (ids: readonly number[]) => Promise<Map<number, string>>

/** The code of the payment `paymentId` names, for a select of this module's own tables. */
function paymentCodeOf(paymentId: Column | SQL): SQL<string | null> {
  return sql<
    string | null
  >`(select ${payments.paymentCode} from ${payments} where ${payments.id} = ${paymentId})`
}

export class TransferView {
  constructor(
    private readonly db: Db,
    private readonly deps: { rateHistory: RateHistory; staffNames: StaffNames },
  ) {}

  /** The rate when the transfer landed: the one recorded then, else the history's at that time. */
  async rateAtArrival(row: TransferRow): Promise<bigint | null> {
    // A token the shop does not count has no rate: it is worth nothing until the owner decides.
    if (row.currency === null) return null
    return (
      row.rateCentsPerSol ?? this.deps.rateHistory.at(row.blockTime ?? row.seenAt, row.currency)
    )
  }

  /** The rows as the API shows them, in their order. */
  async dtos(rows: readonly TransferRow[]): Promise<AdminTransfer[]> {
    if (rows.length === 0) return []
    const signatures = [...new Set(rows.map((row) => row.signature))]
    const [named, claims, staff, rates] = await Promise.all([
      this.#names(signatures),
      this.#claims(signatures),
      this.deps.staffNames([
        ...new Set(rows.flatMap((row) => (row.resolvedBy === null ? [] : [row.resolvedBy]))),
      ]),
      Promise.all(rows.map((row) => this.rateAtArrival(row))),
    ])
    return rows.map((row, i) => {
      const rate = rates[i] ?? null
      const key = `${row.signature}:${row.instructionIndex}`
      const sol = row.currency === 'SOL'
      return {
        signature: row.signature,
        instruction_index: row.instructionIndex,
        slot: row.slot.toString(),
        block_time: row.blockTime?.toISOString() ?? null,
        seen_at: row.seenAt.toISOString(),
        lamports: sol ? row.lamports.toString() : '0',
        sol: sol ? lamportsToSolNumber(row.lamports) : 0,
        currency: row.currency,
        token_mint: row.tokenMint,
        token_amount: row.lamports.toString(),
        sender: row.sender,
        status: row.status,
        note: row.note,
        rate_eur_per_sol: rate === null ? null : rateInEuros(rate, row.currency ?? 'SOL'),
        value_eur: rate === null ? null : centsToEuros(baseUnitsToEurCents(row.lamports, rate)),
        payment_code: named.get(key)?.paymentCode ?? null,
        assigned_to: named.get(key)?.assignedTo ?? null,
        resolved_by: row.resolvedBy === null ? null : (staff.get(row.resolvedBy) ?? null),
        resolved_at: row.resolvedAt?.toISOString() ?? null,
        claims: claims.get(row.signature) ?? [],
      }
    })
  }

  /** The payment code and the assigned customer's name of each transfer, by signature:index. */
  async #names(signatures: string[]) {
    const rows = await this.db
      .select({
        signature: chainTransfers.signature,
        index: chainTransfers.instructionIndex,
        paymentCode: paymentCodeOf(chainTransfers.paymentId),
        assignedTo: usernameOf(chainTransfers.userId),
      })
      .from(chainTransfers)
      .where(inArray(chainTransfers.signature, signatures))
    return new Map(rows.map((row) => [`${row.signature}:${row.index}`, row]))
  }

  async #claims(signatures: string[]) {
    const rows = await this.db
      .select({
        signature: transferClaims.signature,
        username: usernameOf(transferClaims.userId),
        paymentCode: paymentCodeOf(transferClaims.paymentId),
        createdAt: transferClaims.createdAt,
      })
      .from(transferClaims)
      .where(inArray(transferClaims.signature, signatures))
      .orderBy(transferClaims.createdAt, transferClaims.id)
    const bySignature = new Map<string, AdminTransfer['claims']>()
    for (const row of rows) {
      const list = bySignature.get(row.signature) ?? []
      list.push({
        username: row.username,
        payment_code: row.paymentCode,
        created_at: row.createdAt.toISOString(),
      })
      bySignature.set(row.signature, list)
    }
    return bySignature
  }

  /** The transfers of one transaction, by instruction. */
  async ofSignature(signature: string): Promise<TransferRow[]> {
    return this.db
      .select()
      .from(chainTransfers)
      .where(eq(chainTransfers.signature, signature))
      .orderBy(chainTransfers.instructionIndex)
  }
}
