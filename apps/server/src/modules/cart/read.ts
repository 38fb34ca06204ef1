// How a cart is read and priced: its carts row, its coupon (with the customer's use of it, from
// the coupons module's subquery) and its lines (with their products, from the catalog's), in one
// statement; priced afresh from current product prices on every read.
import { type Cart, centsToEuros, type Lang } from '@shop/contract'
import { and, eq, sql } from 'drizzle-orm'
import { type Db, type DbOrTx, subquery, type Tx } from '../../db/client.js'
import { cartItems, carts } from '../../db/schema/cart.js'
import type { StockService } from '../catalog/stock.js'
import {
  type CartCoupon,
  type CouponRefusal,
  type CouponRow,
  type CouponService,
  couponRefusal,
  discountCents,
} from '../coupons/service.js'

/** One product line of a cart, priced now. */
export interface CartLine {
  productId: number
  /** The product's English name. */
  name: string
  /** Its Lithuanian name (the English one where it has none). */
  nameLt: string
  unitPriceCents: number
  quantity: number
  lineTotalCents: number
  /** Units that can be bought right now: stock - reserved. */
  buyableQuantity: number
  active: boolean
  /** How a bought unit reaches its buyer: a code at payment, or by hand. */
  delivery: 'code' | 'manual'
  /** The product's SKU, which an order of it keeps. */
  sku: string
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

/** A cart line as the read's JSON array holds it. */
type JsonLine = [
  productId: number,
  quantity: number,
  name: string,
  nameLt: string,
  unitPriceCents: number,
  buyableQuantity: number,
  active: boolean,
  delivery: 'code' | 'manual',
  sku: string,
]

/** One read of a cart: its carts row, coupon and lines (see CartReader.#read). */
interface CartHead {
  coupon: CartCoupon | null
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

/** The cart as the API answers it, its product names in `lang`. */
export function toCartDto(snapshot: CartSnapshot, lang: Lang): Cart {
  return {
    items: snapshot.lines.map((line) => ({
      product_id: line.productId,
      product_name: lang === 'lt' ? line.nameLt : line.name,
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

export class CartReader {
  constructor(
    private readonly db: Db,
    private readonly coupons: CouponService,
    private readonly stock: StockService,
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
   * `removePaidUnits`, the coupon and clear updates, `markPendingCheckout`).
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
        coupon: this.coupons.cartCouponRead(carts.couponId, carts.userId),
        lines: subquery<JsonLine[] | null>(sql`select json_agg(json_build_array(
            ${cartItems.productId}, ${cartItems.quantity}, p.name, p.name_lt, p.price_cents, p.buyable, p.active, p.delivery, p.sku)
            order by ${cartItems.addedAt}, ${cartItems.productId})
          from ${cartItems} inner join ${this.stock.lineProducts()} p on p.id = ${cartItems.productId}
          where ${cartItems.userId} = ${carts.userId}`),
        pendingCheckout: carts.pendingCheckout,
        // Only a locking read needs them: the version of the row it locked, and the version
        // its start saw.
        ...(lock
          ? {
              lockedVersion: sql<string>`${carts}.xmin::text`,
              readVersion: subquery<string>(
                sql`select c.xmin::text from ${carts} c where c.user_id = ${carts.userId}`,
              ),
            }
          : {}),
      })
      .from(carts)
      .where(eq(carts.userId, userId))
    const [head] = lock ? await query.for('update', { of: carts }) : await query
    return head && { ...head, coupon: this.coupons.cartCoupon(head.coupon) }
  }

  async #price(userId: number, tx: DbOrTx, head: CartHead | undefined): Promise<CartSnapshot> {
    const lines: CartLine[] = (head?.lines ?? []).map(
      ([
        productId,
        quantity,
        name,
        nameLt,
        unitPriceCents,
        buyableQuantity,
        active,
        delivery,
        sku,
      ]) => ({
        productId,
        quantity,
        name,
        nameLt,
        unitPriceCents,
        buyableQuantity,
        active,
        delivery,
        sku,
        lineTotalCents: unitPriceCents * quantity,
      }),
    )
    const itemsCount = lines.reduce((sum, line) => sum + line.quantity, 0)
    const subtotalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0)

    let coupon = head?.coupon?.coupon ?? null
    let droppedCoupon: CartSnapshot['droppedCoupon'] = null
    if (coupon) {
      const reason =
        itemsCount === 0
          ? 'CART_EMPTY'
          : couponRefusal(coupon, {
              subtotalCents,
              userRedemptions: head?.coupon?.userRedemptions ?? 0,
              ownReserved: head?.coupon?.ownReserved ?? 0,
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
    // A coupon discounts the lines of the products it does not exclude.
    const excluded = new Set(coupon?.excludedProductIds ?? [])
    const discountable = lines
      .filter((line) => !excluded.has(line.productId))
      .reduce((sum, line) => sum + line.lineTotalCents, 0)
    const discount = coupon ? discountCents(coupon, discountable) : 0
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
}
