// Products' SKUs (docs/data-in-and-out.md, "Products: SKU"): the owner's own code for each, unique
// in any letter case (the unique index on lower(sku)); a product created without one gets
// `P<id>`, as the migration gave every product that existed before SKUs.
import { getTableName, like, or, sql } from 'drizzle-orm'
import { queryRows, type Tx } from '../../db/client.js'
import { products } from '../../db/schema/catalog.js'

const lowerSku = sql<string>`lower(${products.sku})`

/** Draws the id the next product gets, so that its insert can name it in its default SKU. */
export async function nextProductId(tx: Tx): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence(${getTableName(products)}, 'id'))::int as id`,
  )
  if (!row) throw new Error('the products sequence gave no id')
  return row.id
}

/**
 * `P<id>`; when the owner gave that code to another product already, the first free of
 * `P<id>-2`, `P<id>-3`… (a default SKU never refuses a product).
 */
export async function defaultSku(tx: Tx, id: number): Promise<string> {
  const base = `p${id}`
  const taken = new Set(
    (
      await tx
        .select({ sku: lowerSku })
        .from(products)
        .where(or(sql`${lowerSku} = ${base}`, like(lowerSku, `${base}-%`)))
    ).map((row) => row.sku),
  )
  let sku = base
  for (let n = 2; taken.has(sku); n++) sku = `${base}-${n}`
  return `P${sku.slice(1)}`
}
