// What other modules read and change of the products: the cart reads a line's product, checkout
// takes units (sold from the balance, reserved for a SOL payment), and a payment's lifecycle
// gives reserved units back or sells them. Every change is a conditional UPDATE, and the CHECKs
// on products keep stock and reservations sane under any concurrency.
import { and, asc, eq, lte, type SQL, sql } from 'drizzle-orm'
import { type Db, type DbOrTx, subquery, type Tx } from '../../db/client.js'
import { products } from '../../db/schema/catalog.js'
import { runSteps, Step } from '../../db/steps.js'
import { AppError } from '../../http/errors.js'

/** Units of a product a checkout takes. */
export interface StockLine {
  productId: number
  productName: string
  quantity: number
}

/** Sold at once (a balance checkout) or held until the payment settles (a SOL checkout). */
export type StockTaking = 'sell' | 'reserve'

export function productUnavailable(productName: string): AppError {
  return new AppError('PRODUCT_UNAVAILABLE', `${productName} is no longer available`)
}

export class StockService {
  constructor(private readonly db: Db) {}

  /**
   * For another module's statement: every product as a cart line shows it, to be joined on `id`
   * (`buyable` is stock - reserved, what can be bought right now). `name` is the English name,
   * `name_lt` the Lithuanian one (the English one where it is empty), for a cart shown in
   * Lithuanian and an order's `product_name_lt`; `delivery` how a bought unit reaches its buyer;
   * `sku` the code an order keeps.
   */
  lineProducts(): SQL {
    const english = sql`coalesce(nullif(${products.nameEn}, ''), ${products.name})`
    return subquery(sql`select ${products.id} as id, ${english} as name,
      coalesce(nullif(${products.nameLt}, ''), ${english}) as name_lt,
      ${products.priceCents} as price_cents, ${products.stock} - ${products.reserved} as buyable,
      ${products.active} as active, ${products.delivery} as delivery, ${products.sku} as sku
      from ${products}`)
  }

  /** Whether a product is for sale and how many units can be bought now; undefined if unknown. */
  async buyability(
    productId: number,
    tx: DbOrTx = this.db,
  ): Promise<{ active: boolean; buyable: number } | undefined> {
    const [product] = await tx
      .select({
        active: products.active,
        buyable: sql<number>`(${products.stock} - ${products.reserved})::int`,
      })
      .from(products)
      .where(eq(products.id, productId))
    return product
  }

  /**
   * Active products with `threshold` buyable units or fewer, the fewest first (at most `limit`),
   * and how many there are in all: the dashboard's low stock. A code product's stock is its
   * unsold codes (admin-products.ts keeps them equal), so its buyable units are the codes left.
   */
  async runningOut(threshold: number, limit: number) {
    const buyable = sql<number>`(${products.stock} - ${products.reserved})::int`
    const english = sql<string>`coalesce(nullif(${products.nameEn}, ''), ${products.name})`
    const rows = await this.db
      .select({
        id: products.id,
        nameEn: english,
        nameLt: sql<string>`coalesce(nullif(${products.nameLt}, ''), ${english})`,
        delivery: products.delivery,
        buyable,
        total: sql<number>`(count(*) over ())::int`,
      })
      .from(products)
      .where(and(eq(products.active, true), lte(buyable, threshold)))
      .orderBy(asc(buyable), asc(products.id))
      .limit(limit)
    return { total: rows[0]?.total ?? 0, products: rows.map(({ total: _, ...row }) => row) }
  }

  /**
   * Sells or reserves every line's units, or throws PRODUCT_UNAVAILABLE: one statement per line
   * (`take`), in product id order.
   */
  async takeEach(tx: Tx, lines: readonly StockLine[], how: StockTaking): Promise<void> {
    // Product rows are always locked in id order (here, and by the callers of the changes
    // below, which pass units in id order), so two checkouts of the same products cannot
    // deadlock on PostgreSQL (found by test/reliability/races.test.ts). The order of the items
    // of one statement is not the order their rows are locked in: hence one statement each.
    const sorted = [...lines].sort((a, b) => a.productId - b.productId)
    for (const line of sorted) await runSteps(tx, [this.take(line, how)])
  }

  /**
   * Sells or reserves a line's units when they can still be bought, as a step of the caller's
   * statement: the statement is refused with PRODUCT_UNAVAILABLE when they cannot.
   */
  take(line: StockLine, how: StockTaking): Step<'id'> {
    const change =
      how === 'sell'
        ? { stock: sql`${products.stock} - ${line.quantity}` }
        : { reserved: sql`${products.reserved} + ${line.quantity}` }
    return new Step(
      'taken',
      this.db
        .update(products)
        .set(change)
        .where(
          and(
            eq(products.id, line.productId),
            eq(products.active, true),
            sql`${products.stock} - ${products.reserved} >= ${line.quantity}`,
          ),
        )
        .returning({ id: products.id }),
      { refusal: () => productUnavailable(line.productName) },
    )
  }

  /** Gives reserved units back (a SOL payment closed unpaid); `units` in product id order. */
  async release(tx: Tx, units: ReadonlyMap<number, number>): Promise<void> {
    for (const [productId, quantity] of units) {
      await tx
        .update(products)
        .set({ reserved: sql`${products.reserved} - ${quantity}` })
        .where(eq(products.id, productId))
    }
  }

  /** Reserved units leave the shelf (their SOL payment confirmed); `units` in product id order. */
  async sellReserved(tx: Tx, units: ReadonlyMap<number, number>): Promise<void> {
    for (const [productId, quantity] of units) {
      await tx
        .update(products)
        .set({
          stock: sql`${products.stock} - ${quantity}`,
          reserved: sql`${products.reserved} - ${quantity}`,
        })
        .where(eq(products.id, productId))
    }
  }
}
