// The server-side cart: one per user (carts row plus cart_items), at most 3 units, priced afresh
// from current product prices on every read. Changes lock the user's carts row, so concurrent
// requests of one user are applied one after the other.
import { CART_MAX_ITEMS, type Cart, centsToEuros } from '@shop/contract'
import { and, eq, isNotNull, type SQL, sql } from 'drizzle-orm'
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

/** A cart line as the snapshot's JSON array holds it. */
type JsonLine = [
  productId: number,
  quantity: number,
  name: string,
  unitPriceCents: number,
  buyableQuantity: number,
  active: boolean,
]

/** One read of a cart: its carts row, coupon and lines (see CartService.#read). */
interface CartHead {
  coupon: CouponRow | null
  userRedemptions: number
  ownReserved: number
  lines: JsonLine[] | null
  pendingCheckout: boolean
  /** Locking reads only (see lockForCheckout). */
  lockedVersion?: string
  readVersion?: string
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
    // The lock is a statement of its own: a statement that waited for a row lock still reads
    // every other table as it was when it started, so what the lock protects is read by the next.
    if (options.forUpdate) {
      await tx
        .select({ id: carts.userId })
        .from(carts)
        .where(eq(carts.userId, userId))
        .for('update')
    }
    return this.#price(userId, tx, await this.#read(userId, tx, false))
  }

  /**
   * Locks the carts row for a checkout and reads the cart in the same statement. The flag comes
   * from the locked row, so it is the row's latest version even when the lock had to be waited
   * for; the rest of such a statement is read as it was when the statement started, so when the
   * row changed meanwhile (the versions differ) the cart is read again. That relies on every
   * change to a cart's lines or coupon also writing its carts row, which every one does (`touch`,
   * `removePaidUnitsSteps`, the coupon and clear updates, `markPendingCheckout`).
   */
  async lockForCheckout(
    tx: Tx,
    userId: number,
  ): Promise<{ pendingCheckout: boolean; snapshot: CartSnapshot }> {
    const locked = await this.#read(userId, tx, true)
    const read =
      locked && locked.lockedVersion !== locked.readVersion
        ? await this.#read(userId, tx, false)
        : locked
    return {
      pendingCheckout: locked?.pendingCheckout ?? false,
      snapshot: await this.#price(userId, tx, read),
    }
  }

  /**
   * Head and lines in one statement (one round trip): the lines as a JSON array, in the order
   * they were added. `lock` locks the carts row too (see lockForCheckout).
   */
  async #read(userId: number, tx: DbOrTx, lock: boolean): Promise<CartHead | undefined> {
    const query = tx
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
        lines: sql<JsonLine[] | null>`(select json_agg(json_build_array(
            ${cartItems.productId}, ${cartItems.quantity}, ${products.name}, ${products.priceCents},
            ${products.stock} - ${products.reserved}, ${products.active})
            order by ${cartItems.addedAt}, ${cartItems.productId})
          from ${cartItems} inner join ${products} on ${products.id} = ${cartItems.productId}
          where ${cartItems.userId} = ${carts.userId})`,
        pendingCheckout: carts.pendingCheckout,
        // Only a locking read needs them: the version of the row it locked, and the version
        // its start saw.
        ...(lock
          ? {
              lockedVersion: sql<string>`${carts}.xmin::text`,
              readVersion: sql<string>`(select c.xmin::text from ${carts} c where c.user_id = ${carts.userId})`,
            }
          : {}),
      })
      .from(carts)
      .leftJoin(coupons, eq(coupons.id, carts.couponId))
      .where(eq(carts.userId, userId))
    const [head] = lock ? await query.for('update', { of: carts }) : await query
    return head
  }

  async #price(userId: number, tx: DbOrTx, head: CartHead | undefined): Promise<CartSnapshot> {
    const rows = (head?.lines ?? []).map(
      ([productId, quantity, name, unitPriceCents, buyableQuantity, active]) => ({
        productId,
        quantity,
        name,
        unitPriceCents,
        buyableQuantity,
        active,
      }),
    )

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
    await tx.execute(sql`with ${this.removePaidUnitsSteps(userId, units, couponId)} select 1`)
  }

  /**
   * `removePaidUnits` as WITH items, for a statement that also writes the payment's other rows
   * (one round trip inside the checkout's transaction). The carts row first, as every cart
   * change does: the update locks it, and the coupon goes only when it is the one the payment
   * used; `pendingCheckout` sets carts.pending_checkout too. Lines paid in full go, the others
   * keep their unpaid units (disjoint rows, so the two statements cannot meet).
   */
  removePaidUnitsSteps(
    userId: number,
    units: ReadonlyMap<number, number>,
    couponId: number | null,
    options: { pendingCheckout?: boolean } = {},
  ): SQL {
    for (const paid of units.values()) {
      if (!Number.isSafeInteger(paid) || paid <= 0) {
        throw new RangeError(`paid units must be a positive integer, got ${paid}`)
      }
    }
    const cartRow = sql`paid_cart as ${this.db
      .update(carts)
      .set({
        updatedAt: new Date(),
        ...(couponId === null ? {} : { couponId: sql`nullif(${carts.couponId}, ${couponId})` }),
        ...(options.pendingCheckout === undefined
          ? {}
          : { pendingCheckout: options.pendingCheckout }),
      })
      .where(eq(carts.userId, userId))
      .returning({ userId: carts.userId })}`
    if (units.size === 0) return cartRow
    const paid = sql.join(
      [...units].map(([productId, count]) => sql`(${productId}::int, ${count}::int)`),
      sql`, `,
    )
    return sql`${cartRow},
      paid_units(product_id, units) as (values ${paid}),
      paid_lines_gone as (
        delete from ${cartItems} ci using paid_units paid
        where ci.user_id = ${userId} and ci.product_id = paid.product_id
          and ci.quantity <= paid.units
      ),
      paid_lines_kept as (
        update ${cartItems} ci set quantity = ci.quantity - paid.units
        from paid_units paid
        where ci.user_id = ${userId} and ci.product_id = paid.product_id
          and ci.quantity > paid.units
      )`
  }

  /** Notes on the (locked) carts row that a SOL checkout of it is now pending. */
  async markPendingCheckout(tx: Tx, userId: number): Promise<void> {
    await tx.update(carts).set({ pendingCheckout: true }).where(eq(carts.userId, userId))
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
