// The server-side cart: one per user (carts row plus cart_items), at most 3 units, priced afresh
// from current product prices on every read. Changes lock the user's carts row, so concurrent
// requests of one user are applied one after the other.
import { CART_MAX_ITEMS, type Cart, centsToEuros } from '@shop/contract'
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm'
import type { Db, DbOrTx, Tx } from '../../db/client.js'
import { cartItems, carts, couponRedemptions, coupons, products } from '../../db/schema.js'
import { AppError } from '../../http/errors.js'
import {
  type CouponRefusal,
  type CouponRow,
  type CouponService,
  couponRefusal,
  discountCents,
} from '../coupons/service.js'

/** One product line of a cart, priced now. */
export interface CartLine {
  productId: number
  name: string
  unitPriceCents: number
  quantity: number
  lineTotalCents: number
  /** Units that can be bought right now: stock - reserved. */
  buyableQuantity: number
  active: boolean
}

/** A cart priced now; what checkout charges, and what every cart response shows. */
export interface CartSnapshot {
  userId: number
  /** In the order they were first added. */
  lines: CartLine[]
  itemsCount: number
  subtotalCents: number
  discountCents: number
  totalCents: number
  /** The applied coupon, still valid for this cart now; null when none. */
  coupon: CouponRow | null
  /** A coupon this read found no longer valid and removed from the cart, and why. */
  droppedCoupon: { code: string; reason: CouponRefusal | 'CART_EMPTY' } | null
}

export interface SnapshotOptions {
  /** Lock the user's carts row (SELECT ... FOR UPDATE) until the transaction ends. */
  forUpdate?: boolean
}

/** True when every unit of the line can be bought now; checkout refuses a cart where one cannot. */
export function lineAvailable(line: CartLine): boolean {
  return line.active && line.buyableQuantity >= line.quantity
}

export function toCartDto(snapshot: CartSnapshot): Cart {
  return {
    items: snapshot.lines.map((line) => ({
      product_id: line.productId,
      product_name: line.name,
      product_price: centsToEuros(line.unitPriceCents),
      quantity: line.quantity,
      total_price: centsToEuros(line.lineTotalCents),
    })),
    items_count: snapshot.itemsCount,
    subtotal: centsToEuros(snapshot.subtotalCents),
    discount: centsToEuros(snapshot.discountCents),
    total: centsToEuros(snapshot.totalCents),
    applied_promo: snapshot.coupon?.code ?? null,
  }
}

export class CartService {
  constructor(
    private readonly db: Db,
    private readonly coupons: CouponService,
  ) {}

  /**
   * The user's cart priced now, inside the caller's transaction (or on the database). A coupon
   * that stopped being valid, or sits in an empty cart, is removed from the cart here and
   * reported in `droppedCoupon`. Items whose product became unavailable stay in the cart;
   * `lineAvailable` tells which.
   */
  async snapshot(
    userId: number,
    tx: DbOrTx = this.db,
    options: SnapshotOptions = {},
  ): Promise<CartSnapshot> {
    const headQuery = tx
      .select({
        coupon: coupons,
        userRedemptions: sql<number>`(select count(*)::int from ${couponRedemptions}
          where ${couponRedemptions.couponId} = ${carts.couponId}
            and ${couponRedemptions.userId} = ${carts.userId}
            and ${couponRedemptions.status} <> 'released')`,
        ownReserved: sql<number>`(select count(*)::int from ${couponRedemptions}
          where ${couponRedemptions.couponId} = ${carts.couponId}
            and ${couponRedemptions.userId} = ${carts.userId}
            and ${couponRedemptions.status} = 'reserved')`,
      })
      .from(carts)
      .leftJoin(coupons, eq(coupons.id, carts.couponId))
      .where(eq(carts.userId, userId))
    const [head] = options.forUpdate
      ? await headQuery.for('update', { of: carts })
      : await headQuery

    const rows = head
      ? await tx
          .select({
            productId: cartItems.productId,
            quantity: cartItems.quantity,
            name: products.name,
            unitPriceCents: products.priceCents,
            buyableQuantity: sql<number>`(${products.stock} - ${products.reserved})::int`,
            active: products.active,
          })
          .from(cartItems)
          .innerJoin(products, eq(products.id, cartItems.productId))
          .where(eq(cartItems.userId, userId))
          .orderBy(asc(cartItems.addedAt), asc(cartItems.productId))
      : []

    const lines: CartLine[] = rows.map((row) => ({
      ...row,
      lineTotalCents: row.unitPriceCents * row.quantity,
    }))
    const itemsCount = lines.reduce((sum, line) => sum + line.quantity, 0)
    const subtotalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0)

    let coupon = head?.coupon ?? null
    let droppedCoupon: CartSnapshot['droppedCoupon'] = null
    if (coupon) {
      const reason =
        itemsCount === 0
          ? 'CART_EMPTY'
          : couponRefusal(coupon, {
              subtotalCents,
              userRedemptions: head?.userRedemptions ?? 0,
              ownReserved: head?.ownReserved ?? 0,
              now: this.coupons.now(),
            })
      if (reason) {
        // Conditional, so that a coupon applied meanwhile by another request is not removed.
        await tx
          .update(carts)
          .set({ couponId: null })
          .where(and(eq(carts.userId, userId), eq(carts.couponId, coupon.id)))
        droppedCoupon = { code: coupon.code, reason }
        coupon = null
      }
    }
    const discount = coupon ? discountCents(coupon, subtotalCents) : 0
    return {
      userId,
      lines,
      itemsCount,
      subtotalCents,
      discountCents: discount,
      totalCents: subtotalCents - discount,
      coupon,
      droppedCoupon,
    }
  }

  async get(userId: number): Promise<Cart> {
    return toCartDto(await this.snapshot(userId))
  }

  /** Adds one unit of a product; CART_FULL beyond 3 units, PRODUCT_UNAVAILABLE beyond stock. */
  async add(userId: number, productId: number): Promise<Cart> {
    return this.db.transaction(async (tx) => {
      const before = await this.lockCart(tx, userId)
      const [product] = await tx
        .select({
          active: products.active,
          buyable: sql<number>`(${products.stock} - ${products.reserved})::int`,
        })
        .from(products)
        .where(eq(products.id, productId))
      if (!product) throw new AppError('PRODUCT_NOT_FOUND')
      if (before.itemsCount + 1 > CART_MAX_ITEMS) throw new AppError('CART_FULL')
      const inCart = before.lines.find((line) => line.productId === productId)?.quantity ?? 0
      if (!product.active || product.buyable < inCart + 1) {
        throw new AppError('PRODUCT_UNAVAILABLE')
      }
      await tx
        .insert(cartItems)
        .values({ userId, productId, quantity: 1 })
        .onConflictDoUpdate({
          target: [cartItems.userId, cartItems.productId],
          set: { quantity: sql`${cartItems.quantity} + 1` },
        })
      await this.touch(tx, userId)
      return toCartDto(await this.snapshot(userId, tx))
    })
  }

  /** Removes a product's line (all its units); CART_ITEM_NOT_FOUND when it is not in the cart. */
  async remove(userId: number, productId: number): Promise<Cart> {
    return this.db.transaction(async (tx) => {
      await this.lockCart(tx, userId)
      const deleted = await tx
        .delete(cartItems)
        .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)))
        .returning({ productId: cartItems.productId })
      if (deleted.length === 0) throw new AppError('CART_ITEM_NOT_FOUND')
      await this.touch(tx, userId)
      return toCartDto(await this.snapshot(userId, tx))
    })
  }

  /** Empties the cart and drops its coupon. */
  async clear(userId: number): Promise<Cart> {
    return this.db.transaction(async (tx) => {
      // The carts row first, as every other change does, so two requests cannot deadlock.
      await tx
        .update(carts)
        .set({ couponId: null, updatedAt: new Date() })
        .where(eq(carts.userId, userId))
      await tx.delete(cartItems).where(eq(cartItems.userId, userId))
      return toCartDto(await this.snapshot(userId, tx))
    })
  }

  /** Applies a coupon to a non-empty cart (replacing any other); each refusal has its code. */
  async applyCoupon(userId: number, code: string): Promise<Cart> {
    if (code.trim() === '') throw new AppError('COUPON_CODE_REQUIRED')
    return this.db.transaction(async (tx) => {
      const cart = await this.lockCart(tx, userId)
      if (cart.itemsCount === 0) throw new AppError('CART_EMPTY')
      const coupon = await this.coupons.check(code, userId, cart.subtotalCents, tx)
      await tx
        .update(carts)
        .set({ couponId: coupon.id, updatedAt: new Date() })
        .where(eq(carts.userId, userId))
      return toCartDto(await this.snapshot(userId, tx))
    })
  }

  /** Removes the coupon from the cart (nothing to do when there is none). */
  async removeCoupon(userId: number): Promise<Cart> {
    return this.db.transaction(async (tx) => {
      await tx
        .update(carts)
        .set({ couponId: null, updatedAt: new Date() })
        .where(and(eq(carts.userId, userId), isNotNull(carts.couponId)))
      return toCartDto(await this.snapshot(userId, tx))
    })
  }

  /**
   * Takes the units a confirmed payment paid for out of the cart, inside the payment's
   * transaction: lines that reach zero go, units the customer already removed are ignored, and the
   * coupon goes when it is the one the payment used. `units` maps product id to units paid.
   */
  async removePaidUnits(
    tx: Tx,
    userId: number,
    units: ReadonlyMap<number, number>,
    couponId: number | null,
  ): Promise<void> {
    for (const paid of units.values()) {
      if (!Number.isSafeInteger(paid) || paid <= 0) {
        throw new RangeError(`paid units must be a positive integer, got ${paid}`)
      }
    }
    // Two statements whatever the cart holds (it was 2 + 2 per line; on PostgreSQL each one is a
    // round trip inside the checkout's transaction). The carts row first, as every cart change
    // does: the update locks it, and the coupon goes only when it is the one the payment used.
    const [cart] = await tx
      .update(carts)
      .set({
        updatedAt: new Date(),
        ...(couponId === null ? {} : { couponId: sql`nullif(${carts.couponId}, ${couponId})` }),
      })
      .where(eq(carts.userId, userId))
      .returning({ userId: carts.userId })
    if (!cart || units.size === 0) return
    // Lines paid in full go, the others keep their unpaid units (disjoint rows).
    const paid = sql.join(
      [...units].map(([productId, count]) => sql`(${productId}::int, ${count}::int)`),
      sql`, `,
    )
    await tx.execute(sql`
      with paid(product_id, units) as (values ${paid}),
      gone as (
        delete from ${cartItems} ci using paid
        where ci.user_id = ${userId} and ci.product_id = paid.product_id
          and ci.quantity <= paid.units
      )
      update ${cartItems} ci set quantity = ci.quantity - paid.units
      from paid
      where ci.user_id = ${userId} and ci.product_id = paid.product_id
        and ci.quantity > paid.units`)
  }

  /**
   * Creates the user's carts row if needed, then locks it for the rest of the transaction, so
   * that the cart read next cannot change under this request.
   */
  private async lockCart(tx: Tx, userId: number): Promise<CartSnapshot> {
    await tx.insert(carts).values({ userId }).onConflictDoNothing()
    return this.snapshot(userId, tx, { forUpdate: true })
  }

  private async touch(tx: Tx, userId: number): Promise<void> {
    await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.userId, userId))
  }
}
