// Coupons as the owner manages them: every rule of the domain rules (percent or fixed, window,
// minimum subtotal, total and per-customer limits, active), codes unique case-insensitively
// (409 CODE_TAKEN), and how often each was redeemed (paid) or is held (pending SOL payments),
// read from the counter the rules use; the products a coupon leaves out of its discount
// (docs/back-office.md "Coupons").
import {
  type AdminCoupon,
  type AdminCouponsQuery,
  type CouponBody,
  type CouponPatch,
  centsToEuros,
  type ExcludedProduct,
  eurosToCents,
} from '@shop/contract'
import { desc, eq, ilike, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { readPage } from '../../db/paging.js'
import { couponRedemptions, coupons } from '../../db/schema/coupons.js'
import { AppError, unlessTaken } from '../../http/errors.js'
import { type AuditLog, changes } from '../audit/service.js'

type CouponRow = typeof coupons.$inferSelect
type Fields = Omit<CouponPatch, 'code'> & { code?: string }

function cents(euros: number | null | undefined, field: string): number | null | undefined {
  if (euros === undefined || euros === null) return euros
  const value = eurosToCents(euros)
  if (value === null)
    throw new AppError('VALIDATION_ERROR', `body.${field} must have at most 2 decimals`)
  return value
}

/** The row's columns for `fields`, checked as a whole against the row they change. */
function columns(fields: Fields, before: CouponRow | null) {
  const kind = fields.kind ?? before?.kind
  const percentOff =
    fields.percent_off !== undefined ? fields.percent_off : (before?.percentOff ?? null)
  const amountOffCents =
    fields.amount_off_eur !== undefined
      ? cents(fields.amount_off_eur, 'amount_off_eur')
      : (before?.amountOffCents ?? null)
  // A kind's own amount is required, the other kind's is dropped.
  if (kind === 'percent' && !percentOff) {
    throw new AppError('VALIDATION_ERROR', 'body.percent_off is required for a percent coupon')
  }
  if (kind === 'fixed' && !amountOffCents) {
    throw new AppError('VALIDATION_ERROR', 'body.amount_off_eur is required for a fixed coupon')
  }
  const startsAt =
    fields.starts_at !== undefined
      ? fields.starts_at
        ? new Date(fields.starts_at)
        : null
      : (before?.startsAt ?? null)
  const endsAt =
    fields.ends_at !== undefined
      ? fields.ends_at
        ? new Date(fields.ends_at)
        : null
      : (before?.endsAt ?? null)
  if (startsAt && endsAt && endsAt <= startsAt) {
    throw new AppError('VALIDATION_ERROR', 'body.ends_at must be after body.starts_at')
  }
  return {
    ...(fields.code !== undefined ? { code: fields.code } : {}),
    ...(kind ? { kind } : {}),
    percentOff: kind === 'percent' ? percentOff : null,
    amountOffCents: kind === 'fixed' ? (amountOffCents ?? null) : null,
    ...(fields.min_subtotal_eur !== undefined
      ? { minSubtotalCents: cents(fields.min_subtotal_eur, 'min_subtotal_eur') ?? null }
      : {}),
    startsAt,
    endsAt,
    ...(fields.max_redemptions !== undefined ? { maxRedemptions: fields.max_redemptions } : {}),
    ...(fields.max_per_user !== undefined ? { maxPerUser: fields.max_per_user } : {}),
    ...(fields.active !== undefined ? { active: fields.active } : {}),
    ...(fields.description !== undefined ? { description: fields.description } : {}),
    ...(fields.excluded_product_ids !== undefined
      ? { excludedProductIds: [...fields.excluded_product_ids].sort((a, b) => a - b) }
      : {}),
  }
}

/** A coupon's columns under the API's names, for the changes a PATCH made. */
function asFields(row: CouponRow): Record<string, unknown> {
  return {
    code: row.code,
    kind: row.kind,
    percent_off: row.percentOff,
    amount_off_eur: row.amountOffCents === null ? null : centsToEuros(row.amountOffCents),
    min_subtotal_eur: row.minSubtotalCents === null ? null : centsToEuros(row.minSubtotalCents),
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    max_redemptions: row.maxRedemptions,
    max_per_user: row.maxPerUser,
    active: row.active,
    description: row.description,
    excluded_product_ids: row.excludedProductIds,
  }
}

export class AdminCoupons {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      audit: AuditLog
      /** The products among these ids, named (the catalog owns products). */
      products: (ids: readonly number[]) => Promise<ExcludedProduct[]>
    },
  ) {}

  /** An exclusion names a product that exists when it is set (404 PRODUCT_NOT_FOUND otherwise). */
  async #checkExclusions(ids: readonly number[] | undefined): Promise<void> {
    if (!ids || ids.length === 0) return
    const known = new Set((await this.deps.products(ids)).map((product) => product.id))
    const unknown = ids.filter((id) => !known.has(id))
    if (unknown.length > 0) {
      throw new AppError(
        'PRODUCT_NOT_FOUND',
        `body.excluded_product_ids: no product ${unknown.join(', ')}`,
      )
    }
  }

  async list(query: AdminCouponsQuery): Promise<{ coupons: AdminCoupon[]; total: number }> {
    const where = query.q
      ? ilike(coupons.code, `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
      : undefined
    const { rows, total } = await readPage(
      this.db,
      coupons,
      where,
      query,
      this.db.select().from(coupons).where(where).orderBy(desc(coupons.id)).$dynamic(),
    )
    return { coupons: await this.#dtos(rows), total }
  }

  async create(staffId: number, body: CouponBody): Promise<AdminCoupon> {
    const values = columns(body, null)
    await this.#checkExclusions(body.excluded_product_ids)
    const id = await unlessTaken('CODE_TAKEN', () =>
      this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(coupons)
          .values({ ...values, code: body.code, kind: body.kind, active: body.active })
          .returning({ id: coupons.id })
        if (!row) throw new Error('coupon insert returned nothing')
        await this.deps.audit.record(tx, {
          staffId,
          action: 'coupon.create',
          entity: 'coupon',
          entityId: row.id,
          summary: `${body.code}: ${body.kind === 'percent' ? `${body.percent_off} %` : `${body.amount_off_eur} EUR`} off`,
          params: {
            code: body.code,
            percent_off: body.kind === 'percent' ? (body.percent_off ?? null) : null,
            amount_off_eur: body.kind === 'fixed' ? (body.amount_off_eur ?? null) : null,
            excluded_product_ids: values.excludedProductIds?.join(', ') || null,
          },
        })
        return row.id
      }),
    )
    return this.#get(id)
  }

  async update(staffId: number, id: number, body: CouponPatch): Promise<AdminCoupon> {
    await this.#checkExclusions(body.excluded_product_ids)
    await unlessTaken('CODE_TAKEN', () =>
      this.db.transaction(async (tx) => {
        const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update')
        if (!before) throw new AppError('COUPON_NOT_FOUND')
        const values = columns(body, before)
        await tx.update(coupons).set(values).where(eq(coupons.id, id))
        await this.deps.audit.record(tx, {
          staffId,
          action: 'coupon.update',
          entity: 'coupon',
          entityId: id,
          summary: `${before.code}: ${Object.keys(body).join(', ')} changed`,
          params: {
            code: before.code,
            changes: changes(asFields(before), {
              ...body,
              excluded_product_ids: values.excludedProductIds,
            }),
          },
        })
      }),
    )
    return this.#get(id)
  }

  async #get(id: number): Promise<AdminCoupon> {
    const [row] = await this.db.select().from(coupons).where(eq(coupons.id, id))
    if (!row) throw new AppError('COUPON_NOT_FOUND')
    const [dto] = await this.#dtos([row])
    if (!dto) throw new AppError('COUPON_NOT_FOUND')
    return dto
  }

  async #dtos(rows: CouponRow[]): Promise<AdminCoupon[]> {
    if (rows.length === 0) return []
    const counts = await this.db
      .select({
        couponId: couponRedemptions.couponId,
        reserved: sql<number>`count(*) filter (where ${couponRedemptions.status} = 'reserved')::int`,
      })
      .from(couponRedemptions)
      .where(
        inArray(
          couponRedemptions.couponId,
          rows.map((row) => row.id),
        ),
      )
      .groupBy(couponRedemptions.couponId)
    const byCoupon = new Map(counts.map((row) => [row.couponId, row]))
    const named = new Map(
      (await this.deps.products([...new Set(rows.flatMap((row) => row.excludedProductIds))])).map(
        (product) => [product.id, product],
      ),
    )
    return rows.map((row) => ({
      id: row.id,
      code: row.code,
      kind: row.kind,
      percent_off: row.percentOff,
      amount_off_eur: row.amountOffCents === null ? null : centsToEuros(row.amountOffCents),
      min_subtotal_eur: row.minSubtotalCents === null ? null : centsToEuros(row.minSubtotalCents),
      starts_at: row.startsAt?.toISOString() ?? null,
      ends_at: row.endsAt?.toISOString() ?? null,
      max_redemptions: row.maxRedemptions,
      max_per_user: row.maxPerUser,
      active: row.active,
      description: row.description,
      // The counter the rules compare with max_redemptions holds reserved plus redeemed (a
      // seeded or imported coupon may have no redemption rows): the owner sees that counter.
      times_redeemed: Math.max(0, row.timesRedeemed - (byCoupon.get(row.id)?.reserved ?? 0)),
      reserved: byCoupon.get(row.id)?.reserved ?? 0,
      excluded_product_ids: row.excludedProductIds,
      excluded_products: row.excludedProductIds.flatMap((id) => named.get(id) ?? []),
      created_at: row.createdAt.toISOString(),
    }))
  }
}
