// The owner's queue of SOL transfers that matched no payment (docs/back-office.md, /transfers). A
// transfer waits as `unmatched` until the owner assigns it to a customer (their balance is
// credited with its euro value at the rate when it landed, with a ledger line) or dismisses it
// with a note. Either is one conditional UPDATE from `unmatched`, in the same transaction as the
// credit and the audit entry: however many clicks arrive at once, one wins and the others get
// 409 TRANSFER_RESOLVED.
import {
  type AdminTransfer,
  type AdminTransferList,
  type AdminTransfersQuery,
  type AssignTransferBody,
  centsToEuros,
  type DismissTransferBody,
  lamportsToSolNumber,
  microUsdcToUsdcString,
} from '@shop/contract'
import { and, desc, eq, like, or, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.js'
import { readPage } from '../../db/paging.js'
import { chainTransfers } from '../../db/schema/payments.js'
import { runSteps } from '../../db/steps.js'
import { AppError } from '../../http/errors.js'
import { lamportsToEurCents, rateInEuros } from '../../solana/amounts.js'
import type { AuditLog } from '../audit/service.js'
import type { BalanceService } from '../balance/service.js'
import type { TransferRow, TransferView } from './admin-transfer-view.js'

/** Finds customers by name (the users module owns them). */
export interface CustomerLookup {
  findByUsername(username: string): Promise<{ id: number; username: string } | undefined>
}

interface Resolution {
  status: 'applied' | 'ignored'
  note: string
  userId?: number
  rateCentsPerSol?: bigint
}

/** "0.5 SOL", "54.35 USDC", or a token's base units and mint. */
function amountLabel(transfer: TransferRow): string {
  if (transfer.currency === 'SOL') return `${lamportsToSolNumber(transfer.lamports)} SOL`
  if (transfer.currency === 'USDC') return `${microUsdcToUsdcString(transfer.lamports)} USDC`
  return `${transfer.lamports} units of the unknown token ${transfer.tokenMint ?? ''}`
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

export class AdminTransfers {
  constructor(
    private readonly db: Db,
    private readonly view: TransferView,
    private readonly deps: { customers: CustomerLookup; balance: BalanceService; audit: AuditLog },
  ) {}

  async list(query: AdminTransfersQuery): Promise<AdminTransferList> {
    const filters: SQL[] = []
    if (query.status) filters.push(eq(chainTransfers.status, query.status))
    const q = query.q?.trim()
    if (q) {
      const prefix = `${escapeLike(q)}%`
      const match = or(like(chainTransfers.signature, prefix), like(chainTransfers.sender, prefix))
      if (match) filters.push(match)
    }
    const where = filters.length > 0 ? and(...filters) : undefined
    const { rows, total } = await readPage(
      this.db,
      chainTransfers,
      where,
      query,
      this.db
        .select()
        .from(chainTransfers)
        .where(where)
        .orderBy(
          desc(chainTransfers.seenAt),
          desc(chainTransfers.signature),
          chainTransfers.instructionIndex,
        )
        .$dynamic(),
    )
    return { transfers: await this.view.dtos(rows), total }
  }

  /** Credits an unmatched transfer to a customer at the rate when it landed; once only. */
  async assign(
    staffId: number,
    signature: string,
    body: AssignTransferBody,
  ): Promise<AdminTransfer> {
    const customer = await this.deps.customers.findByUsername(body.username)
    if (!customer) throw new AppError('CUSTOMER_NOT_FOUND')
    const transfer = await this.#unmatched(signature, body.instruction_index)
    const rate = await this.view.rateAtArrival(transfer)
    if (rate === null) throw new AppError('TRANSFER_RATE_UNKNOWN')
    // Its currency's rate when it landed: a USDC transfer is worth its USDC at the USDC rate.
    const cents = lamportsToEurCents(transfer.lamports, rate)
    const sol = lamportsToSolNumber(transfer.lamports)
    const currency = transfer.currency ?? 'SOL'
    const amount = amountLabel(transfer)
    const rateEuros = rateInEuros(rate, currency)
    await this.db.transaction(async (tx) => {
      await this.#resolve(tx, transfer, staffId, {
        status: 'applied',
        note: `Assigned to ${customer.username}`,
        userId: customer.id,
        rateCentsPerSol: rate,
      })
      await runSteps(tx, [
        this.deps.balance.credit({
          userId: customer.id,
          amountCents: cents,
          kind: 'topup',
          description: `${currency} transfer of ${amount} credited by the shop`,
          transferSignature: signature,
        }),
      ])
      await this.deps.audit.record(tx, {
        staffId,
        action: 'transfer.assign',
        entity: 'transfer',
        entityId: `${signature}:${transfer.instructionIndex}`,
        summary: `${amount} to ${customer.username}: ${centsToEuros(cents)} EUR at ${rateEuros} EUR/${currency}`,
        params: {
          ...(currency === 'SOL' ? { sol } : { usdc: microUsdcToUsdcString(transfer.lamports) }),
          username: customer.username,
          amount_eur: centsToEuros(cents),
          [currency === 'SOL' ? 'rate_eur_per_sol' : 'rate_eur_per_usdc']: rateEuros,
        },
      })
    })
    return this.#get(signature, transfer.instructionIndex)
  }

  /** Sets an unmatched transfer aside with the owner's note; once only. */
  async dismiss(
    staffId: number,
    signature: string,
    body: DismissTransferBody,
  ): Promise<AdminTransfer> {
    const transfer = await this.#unmatched(signature, body.instruction_index)
    const note = body.note.trim()
    await this.db.transaction(async (tx) => {
      await this.#resolve(tx, transfer, staffId, { status: 'ignored', note })
      await this.deps.audit.record(tx, {
        staffId,
        action: 'transfer.dismiss',
        entity: 'transfer',
        entityId: `${signature}:${transfer.instructionIndex}`,
        summary: `${amountLabel(transfer)} dismissed: ${note}`,
        params:
          transfer.currency === 'SOL'
            ? { sol: lamportsToSolNumber(transfer.lamports), note }
            : { token_amount: transfer.lamports.toString(), mint: transfer.tokenMint, note },
      })
    })
    return this.#get(signature, transfer.instructionIndex)
  }

  /**
   * The transfer of `signature` the owner means: the one at `index`, or without an index the
   * transaction's only unmatched one (a batch with several needs the index). 404 when there is no
   * such transfer, 409 when it is no longer unmatched. Read before the write, which checks again.
   */
  async #unmatched(signature: string, index: number | undefined): Promise<TransferRow> {
    const rows = await this.view.ofSignature(signature)
    if (rows.length === 0) throw new AppError('TRANSFER_NOT_FOUND')
    if (index !== undefined) {
      const row = rows.find((candidate) => candidate.instructionIndex === index)
      if (!row) throw new AppError('TRANSFER_NOT_FOUND')
      if (row.status !== 'unmatched') throw new AppError('TRANSFER_RESOLVED')
      return row
    }
    const open = rows.filter((row) => row.status === 'unmatched')
    const [only] = open
    if (!only) throw new AppError('TRANSFER_RESOLVED')
    if (open.length > 1) {
      throw new AppError(
        'VALIDATION_ERROR',
        `body.instruction_index is required: this transaction holds ${open.length} unmatched transfers`,
      )
    }
    return only
  }

  /** unmatched -> applied | ignored, or 409 when a concurrent request resolved it first. */
  async #resolve(tx: Tx, transfer: TransferRow, staffId: number, to: Resolution): Promise<void> {
    const changed = await tx
      .update(chainTransfers)
      .set({ ...to, resolvedBy: staffId, resolvedAt: new Date() })
      .where(
        and(
          eq(chainTransfers.signature, transfer.signature),
          eq(chainTransfers.instructionIndex, transfer.instructionIndex),
          eq(chainTransfers.status, 'unmatched'),
        ),
      )
      .returning({ signature: chainTransfers.signature })
    if (changed.length === 0) throw new AppError('TRANSFER_RESOLVED')
  }

  async #get(signature: string, index: number): Promise<AdminTransfer> {
    const row = (await this.view.ofSignature(signature)).find(
      (candidate) => candidate.instructionIndex === index,
    )
    if (!row) throw new AppError('TRANSFER_NOT_FOUND')
    const [dto] = await this.view.dtos([row])
    if (!dto) throw new AppError('TRANSFER_NOT_FOUND')
    return dto
  }
}
