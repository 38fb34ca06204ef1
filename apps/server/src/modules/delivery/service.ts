// The codes of code-delivery products. The catalog counts them as the product's stock (one code
// per unit); checkout reserves one per unit of a SOL payment, or delivers one at once for a
// balance payment; the payment's confirmation delivers the reserved ones, its expiry releases
// them. A code is sold at most once: it belongs to at most one order (orders' id is unique on
// the code), and every change is a conditional UPDATE on rows the caller's product lock already
// serialises. Codes leave the module opened only for their buyer's order page.
import type { DeliveryCodeCounts } from '@shop/contract'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db, DbOrTx, Tx } from '../../db/client.js'
import { deliveryCodes } from '../../db/schema/delivery.js'
import { AppError } from '../../http/errors.js'
import type { CodeVault } from './code-vault.js'

/** A paid or reserved unit that needs a code: its order and product. */
export interface CodeUnit {
  orderId: number
  productId: number
}

/** A delivered code as its buyer reads it. */
export interface DeliveredCode {
  code: string
  deliveredAt: Date
}

type CodeStatus = (typeof deliveryCodes.$inferSelect)['status']

/** Half a UTF-16 pair on its own: it would not come back as it was sent. */
const LONE_SURROGATE = /\p{Cs}/u
/** A line break (of any kind) or another control character: a code is one line of text. */
const CONTROL = /[\p{Cc}\u2028\u2029]/u

/** How many lines an error's sentence names; its `lines` field holds them all. */
const NAMED_LINES = 20

const more = (count: number) => (count > NAMED_LINES ? ` (and ${count - NAMED_LINES} more)` : '')

/** The upload's lines (from 1) whose code the product already has, never the codes themselves. */
function alreadyStored(lines: number[]): AppError {
  const named = lines.slice(0, NAMED_LINES)
  const sentence =
    named.length === 1
      ? `Line ${named[0]} is a code this product already has.`
      : `Lines ${named.slice(0, -1).join(', ')} and ${named.at(-1)} are codes this product already has${more(lines.length)}.`
  return new AppError('CODE_DUPLICATE', sentence, {}, { lines })
}

export class DeliveryCodes {
  constructor(
    private readonly db: Db,
    private readonly vault: CodeVault,
  ) {}

  /**
   * Adds codes to a product, all or none: a code twice in the list, or one the product already
   * has, refuses the whole upload (naming every such line, never the code). The caller holds the
   * product's lock and adds the returned count to its stock in the same transaction.
   */
  async add(tx: Tx, productId: number, codes: readonly string[]): Promise<number> {
    // Compared, and kept, in one form: the same code typed on another keyboard or pasted from
    // another program (é as one character or as e and an accent) is the same code (issue 33).
    const lines = codes.map((code) => code.normalize('NFC').trim())
    const bad = lines.findIndex((code) => code.length === 0 || LONE_SURROGATE.test(code))
    if (bad >= 0) {
      throw new AppError('VALIDATION_ERROR', `Line ${bad + 1} is empty or not valid text.`)
    }
    const broken = lines.findIndex((code) => CONTROL.test(code))
    if (broken >= 0) {
      throw new AppError(
        'VALIDATION_ERROR',
        `Line ${broken + 1} contains a line break or another control character.`,
      )
    }
    const prints = lines.map((code) => this.vault.fingerprint(productId, code))
    const firstLine = new Map<string, number>()
    const repeats: [number, number][] = []
    prints.forEach((print, i) => {
      const earlier = firstLine.get(print)
      if (earlier === undefined) firstLine.set(print, i + 1)
      else repeats.push([earlier, i + 1])
    })
    if (repeats.length > 0) {
      // Every repeated line, so that one correction is enough (the later line of each pair).
      const pairs = repeats.slice(0, NAMED_LINES).map(([a, b]) => `${a} and ${b}`)
      throw new AppError(
        'CODE_DUPLICATE',
        `Lines ${pairs.join('; lines ')} are the same code${more(repeats.length)}.`,
        {},
        { lines: repeats.map(([, later]) => later) },
      )
    }
    await this.#refuseCodesSealedBefore(tx, productId, lines)
    const inserted = await tx
      .insert(deliveryCodes)
      .values(
        lines.map((code, i) => ({
          productId,
          sealed: this.vault.seal(code),
          fingerprint: prints[i] as string,
        })),
      )
      .onConflictDoNothing({ target: [deliveryCodes.productId, deliveryCodes.fingerprint] })
      .returning({ fingerprint: deliveryCodes.fingerprint })
    if (inserted.length < lines.length) {
      const added = new Set(inserted.map((row) => row.fingerprint))
      throw alreadyStored(prints.flatMap((print, i) => (added.has(print) ? [] : [i + 1])))
    }
    return inserted.length
  }

  /**
   * While a key rotation is under way, codes not yet re-sealed carry the previous key's
   * fingerprint, which the unique index cannot compare with a new one: they are looked up too.
   */
  async #refuseCodesSealedBefore(tx: Tx, productId: number, lines: readonly string[]) {
    if (!this.vault.rotating) return
    const before = lines.map((code) => this.vault.previousFingerprint(productId, code) ?? '')
    const found = await tx
      .select({ fingerprint: deliveryCodes.fingerprint })
      .from(deliveryCodes)
      .where(
        and(eq(deliveryCodes.productId, productId), inArray(deliveryCodes.fingerprint, before)),
      )
    if (found.length > 0) {
      const stored = new Set(found.map((row) => row.fingerprint))
      throw alreadyStored(before.flatMap((print, i) => (stored.has(print) ? [i + 1] : [])))
    }
  }

  async counts(productId: number, tx: DbOrTx = this.db): Promise<DeliveryCodeCounts> {
    const rows = await tx
      .select({ status: deliveryCodes.status, n: sql<number>`count(*)::int` })
      .from(deliveryCodes)
      .where(eq(deliveryCodes.productId, productId))
      .groupBy(deliveryCodes.status)
    const of = (status: CodeStatus) => rows.find((row) => row.status === status)?.n ?? 0
    return { available: of('available'), reserved: of('reserved'), delivered: of('delivered') }
  }

  /**
   * Gives each unit an available code of its product: held for a pending SOL payment
   * (`reserve`) or the buyer's at once (`deliver`, a balance payment). The caller took the units
   * from the product's stock first (that lock orders concurrent buyers); a product without a
   * code left for a unit it sold refuses the checkout instead of selling a unit without one.
   */
  async assign(tx: Tx, units: readonly CodeUnit[], how: 'reserve' | 'deliver'): Promise<void> {
    const now = new Date()
    const sorted = [...units].sort((a, b) => a.productId - b.productId || a.orderId - b.orderId)
    for (const unit of sorted) {
      const next = sql`(select ${deliveryCodes.id} from ${deliveryCodes}
        where ${deliveryCodes.productId} = ${unit.productId} and ${deliveryCodes.status} = 'available'
        order by ${deliveryCodes.id} limit 1 for update skip locked)`
      const [taken] = await tx
        .update(deliveryCodes)
        .set({
          status: how === 'reserve' ? 'reserved' : 'delivered',
          orderId: unit.orderId,
          deliveredAt: how === 'deliver' ? now : null,
        })
        .where(and(eq(deliveryCodes.id, next), eq(deliveryCodes.status, 'available')))
        .returning({ id: deliveryCodes.id })
      if (!taken) throw new AppError('PRODUCT_UNAVAILABLE', 'This product has no code left.')
    }
  }

  /** The reserved codes of these orders become their buyers' (the SOL payment confirmed). */
  async deliverReserved(tx: Tx, orderIds: readonly number[]): Promise<void> {
    if (orderIds.length === 0) return
    await tx
      .update(deliveryCodes)
      .set({ status: 'delivered', deliveredAt: new Date() })
      .where(
        and(inArray(deliveryCodes.orderId, [...orderIds]), eq(deliveryCodes.status, 'reserved')),
      )
  }

  /** The reserved codes of these orders go back on the shelf (their payment closed unpaid). */
  async release(tx: Tx, orderIds: readonly number[]): Promise<void> {
    if (orderIds.length === 0) return
    await tx
      .update(deliveryCodes)
      .set({ status: 'available', orderId: null })
      .where(
        and(inArray(deliveryCodes.orderId, [...orderIds]), eq(deliveryCodes.status, 'reserved')),
      )
  }

  /**
   * The delivered codes of these orders, opened, for their buyer's order page only. A code
   * sealed under a lost key reads as null (the README's backup advice is why it should not).
   */
  async deliveredTo(orderIds: readonly number[]): Promise<Map<number, DeliveredCode | null>> {
    if (orderIds.length === 0) return new Map()
    const rows = await this.db
      .select({
        orderId: deliveryCodes.orderId,
        sealed: deliveryCodes.sealed,
        deliveredAt: deliveryCodes.deliveredAt,
      })
      .from(deliveryCodes)
      .where(
        and(inArray(deliveryCodes.orderId, [...orderIds]), eq(deliveryCodes.status, 'delivered')),
      )
    const codes = new Map<number, DeliveredCode | null>()
    for (const row of rows) {
      if (row.orderId === null || row.deliveredAt === null) continue
      const code = this.vault.open(row.sealed)
      codes.set(row.orderId, code === null ? null : { code, deliveredAt: row.deliveredAt })
    }
    return codes
  }
}
