// The server-side cart: one per user (carts row plus cart_items), at most 3 units, priced afresh
// from current product prices on every read (read.ts). Changes lock the user's carts row, so
// concurrent requests of one user are applied one after the other.
import { CART_MAX_ITEMS, type Cart, type Lang } from '@shop/contract'
import { and, eq, isNotNull, sql } from 'drizzle-orm'
import type { Db, DbOrTx, Tx } from '../../db/client.js'
import { cartItems, carts } from '../../db/schema/cart.js'
import { Step } from '../../db/steps.js'
import { AppError } from '../../http/errors.js'
import type { StockService } from '../catalog/stock.js'
import type { CouponService } from '../coupons/service.js'
import { CartReader, type CartSnapshot, type SnapshotOptions, toCartDto } from './read.js'

// The cart's read and its rule for checkout, as the module's callers (and tests) import them.
export { type CartSnapshot, lineAvailable } from './read.js'

export class CartService {
  readonly #reader: CartReader
  /**
   * What a cart without a coupon is read from: its rows and its products' rows. (A cart with a
   * coupon also depends on the clock: whether the coupon still applies.)
   */
  readonly readsFrom = ['carts', 'cart_items', 'products'] as const

  constructor(
    private readonly db: Db,
    private readonly coupons: CouponService,
    private readonly stock: StockService,
  ) {
    this.#reader = new CartReader(db, coupons, stock)
  }

  /** The cart priced now (see CartReader.snapshot). */
  snapshot(userId: number, tx: DbOrTx = this.db, options: SnapshotOptions = {}) {
    return this.#reader.snapshot(userId, tx, options)
  }

  /** Locks the carts row for a checkout and reads the cart (see CartReader.lockForCheckout). */
  lockForCheckout(tx: Tx, userId: number) {
    return this.#reader.lockForCheckout(tx, userId)
  }

  /** The cart as the API answers it, its product names in `lang`. */
  async get(userId: number, lang: Lang): Promise<Cart> {
    return toCartDto(await this.snapshot(userId), lang)
  }

  /** Adds one unit of a product; CART_FULL beyond 3 units, PRODUCT_UNAVAILABLE beyond stock. */
  add(userId: number, productId: number, lang: Lang): Promise<Cart> {
    return this.#change(userId, lang, async (tx, before) => {
      const product = await this.stock.buyability(productId, tx)
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
      await this.#touch(tx, userId)
    })
  }

  /** Removes a product's line (all its units); CART_ITEM_NOT_FOUND when it is not in the cart. */
  remove(userId: number, productId: number, lang: Lang): Promise<Cart> {
    return this.#change(userId, lang, async (tx) => {
      const deleted = await tx
        .delete(cartItems)
        .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)))
        .returning({ productId: cartItems.productId })
      if (deleted.length === 0) throw new AppError('CART_ITEM_NOT_FOUND')
      await this.#touch(tx, userId)
    })
  }

  /** Empties the cart and drops its coupon. */
  async clear(userId: number, lang: Lang): Promise<Cart> {
    return this.db.transaction(async (tx) => {
      // The carts row first, as every other change does, so two requests cannot deadlock.
      await tx
        .update(carts)
        .set({ couponId: null, updatedAt: new Date() })
        .where(eq(carts.userId, userId))
      await tx.delete(cartItems).where(eq(cartItems.userId, userId))
      return toCartDto(await this.snapshot(userId, tx), lang)
    })
  }

  /** Empties the cart and drops its coupon in the caller's transaction (a deleted account). */
  async emptyIn(tx: Tx, userId: number): Promise<void> {
    await tx
      .update(carts)
      .set({ couponId: null, updatedAt: new Date() })
      .where(eq(carts.userId, userId))
    await tx.delete(cartItems).where(eq(cartItems.userId, userId))
  }

  /** Applies a coupon to a non-empty cart (replacing any other); each refusal has its code. */
  async applyCoupon(userId: number, code: string, lang: Lang): Promise<Cart> {
    if (code.trim() === '') throw new AppError('COUPON_CODE_REQUIRED')
    return this.#change(userId, lang, async (tx, cart) => {
      if (cart.itemsCount === 0) throw new AppError('CART_EMPTY')
      const coupon = await this.coupons.check(code, userId, cart.subtotalCents, tx)
      await tx
        .update(carts)
        .set({ couponId: coupon.id, updatedAt: new Date() })
        .where(eq(carts.userId, userId))
    })
  }

  /** Removes the coupon from the cart (nothing to do when there is none). */
  async removeCoupon(userId: number, lang: Lang): Promise<Cart> {
    return this.db.transaction(async (tx) => {
      await tx
        .update(carts)
        .set({ couponId: null, updatedAt: new Date() })
        .where(and(eq(carts.userId, userId), isNotNull(carts.couponId)))
      return toCartDto(await this.snapshot(userId, tx), lang)
    })
  }

  /**
   * Takes the units a payment paid for out of the cart, as a step of the payment's statement:
   * lines that reach zero go, units the customer already removed are ignored, and the coupon
   * goes when it is the one the payment used; `pendingCheckout` sets carts.pending_checkout
   * too. `units` maps product id to units paid. The carts row first, as every cart change does:
   * the update locks it. Lines paid in full go, the others keep their unpaid units (disjoint
   * rows, so the two statements cannot meet).
   */
  removePaidUnits(
    userId: number,
    units: ReadonlyMap<number, number>,
    couponId: number | null,
    options: { pendingCheckout?: boolean } = {},
  ): Step {
    for (const paid of units.values()) {
      if (!Number.isSafeInteger(paid) || paid <= 0) {
        throw new RangeError(`paid units must be a positive integer, got ${paid}`)
      }
    }
    const cartRow = new Step(
      'paid_cart',
      this.db
        .update(carts)
        .set({
          updatedAt: new Date(),
          ...(couponId === null ? {} : { couponId: sql`nullif(${carts.couponId}, ${couponId})` }),
          ...(options.pendingCheckout === undefined
            ? {}
            : { pendingCheckout: options.pendingCheckout }),
        })
        .where(eq(carts.userId, userId))
        .returning({ userId: carts.userId }),
    )
    if (units.size === 0) return cartRow
    const paid = new Step(
      'paid_units',
      sql`select * from (values ${sql.join(
        [...units].map(([productId, count]) => sql`(${productId}::int, ${count}::int)`),
        sql`, `,
      )}) as paid(product_id, units)`,
      { needs: [cartRow] },
    )
    const gone = new Step(
      'paid_lines_gone',
      sql`delete from ${cartItems} ci using ${paid.rows} paid
        where ci.user_id = ${userId} and ci.product_id = paid.product_id
          and ci.quantity <= paid.units`,
      { needs: [paid] },
    )
    return new Step(
      'paid_lines_kept',
      sql`update ${cartItems} ci set quantity = ci.quantity - paid.units
        from ${paid.rows} paid
        where ci.user_id = ${userId} and ci.product_id = paid.product_id
          and ci.quantity > paid.units`,
      { needs: [gone] },
    )
  }

  /** Notes on the (locked) carts row that a SOL checkout of it is now pending. */
  async markPendingCheckout(tx: Tx, userId: number): Promise<void> {
    await tx.update(carts).set({ pendingCheckout: true }).where(eq(carts.userId, userId))
  }

  /**
   * A change of the customer's cart in one transaction: creates the user's carts row if needed
   * and locks it first, so that the cart `change` is given cannot change under this request,
   * then answers the cart as the change left it, its product names in `lang`.
   */
  #change(
    userId: number,
    lang: Lang,
    change: (tx: Tx, before: CartSnapshot) => Promise<void>,
  ): Promise<Cart> {
    return this.db.transaction(async (tx) => {
      await tx.insert(carts).values({ userId }).onConflictDoNothing()
      await change(tx, await this.snapshot(userId, tx, { forUpdate: true }))
      return toCartDto(await this.snapshot(userId, tx), lang)
    })
  }

  async #touch(tx: Tx, userId: number): Promise<void> {
    await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.userId, userId))
  }
}
