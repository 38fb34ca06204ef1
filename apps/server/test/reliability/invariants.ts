// Checks of what the database holds after concurrent or crashed work: every invariant of money,
// stock, coupons, transfers and delivery codes, and snapshots for "nothing changed".
import { sql } from 'drizzle-orm'
import { type DbOrTx, queryRows } from '../../src/db/client.js'
import { products } from '../../src/db/schema.js'

/** What the database held before a run: the reference of the "equal to initial" rules. */
export interface Baseline {
  /** Product id -> stock. */
  stock: ReadonlyMap<number, number>
  /**
   * Coupon id -> times_redeemed minus its live redemptions. The demo seed starts some coupons
   * with a count and no redemption rows (LAUNCH50 is "all used up"); this offset never changes.
   */
  couponOffsets: ReadonlyMap<number, number>
}

export async function captureBaseline(db: DbOrTx): Promise<Baseline> {
  const stock = await db.select({ id: products.id, stock: products.stock }).from(products)
  const offsets = await queryRows<{ id: number; offset: number }>(
    db,
    sql`select c.id, c.times_redeemed - count(r.id) filter (where r.status <> 'released')::int
               as offset
          from coupons c left join coupon_redemptions r on r.coupon_id = c.id group by c.id`,
  )
  return {
    stock: new Map(stock.map((row) => [row.id, row.stock])),
    couponOffsets: new Map(offsets.map((row) => [row.id, Number(row.offset)])),
  }
}

/**
 * The condition that a row (`alias`, joined to its payment as `p`) has not a status its
 * payment's calls for: `pending`, `confirmed` and ended (expired or cancelled), in that order.
 */
function notFollowingPayment(
  alias: string,
  [pending, confirmed, ended]: [string[], string[], string[]],
) {
  const oneOf = (statuses: string[]) =>
    `${alias}.status in (${statuses.map((status) => `'${status}'`).join(', ')})`
  return sql.raw(`not ((p.status = 'pending' and ${oneOf(pending)})
                 or (p.status = 'confirmed' and ${oneOf(confirmed)})
                 or (p.status in ('expired', 'cancelled') and ${oneOf(ended)}))`)
}

/** Order statuses of a paid unit: being prepared (manual), delivered, or refunded since. */
const PAID_ORDER = ['processing', 'completed', 'refunded']

/**
 * Every rule about money, stock, coupons, transfers and delivery codes that must hold in any
 * committed state, whatever ran concurrently or crashed. Returns the violations (empty when all
 * hold). Against a baseline, each product's stock must also equal its initial stock minus its
 * paid orders (a refund does not put a unit back on the shelf), and each coupon's count its
 * initial count plus its live redemptions.
 */
export async function invariantViolations(db: DbOrTx, baseline?: Baseline): Promise<string[]> {
  const problems: string[] = []
  const check: Check = async (name, query) => {
    const rows = await queryRows<Record<string, unknown>>(db, query)
    for (const row of rows.slice(0, 5)) problems.push(`${name}: ${JSON.stringify(row)}`)
    if (rows.length > 5) problems.push(`${name}: … ${rows.length - 5} more`)
  }
  await check(
    'balance differs from its ledger or is negative',
    sql`select u.id, u.balance_cents::text as balance,
               coalesce(sum(l.amount_cents), 0)::text as ledger
          from users u left join balance_ledger l on l.user_id = u.id
         group by u.id
        having u.balance_cents < 0 or u.balance_cents <> coalesce(sum(l.amount_cents), 0)`,
  )
  await check(
    'stock or reservation out of range',
    sql`select id, stock, reserved from products
         where stock < 0 or reserved < 0 or reserved > stock`,
  )
  await check(
    'reserved stock differs from pending orders',
    sql`select p.id, p.reserved,
               count(o.id) filter (where o.status = 'pending')::int as pending
          from products p left join orders o on o.product_id = p.id
         group by p.id
        having p.reserved <> count(o.id) filter (where o.status = 'pending')`,
  )
  await check(
    'order status does not follow its payment',
    sql`select o.id as order_id, o.status as order_status, p.payment_code, p.status
          from orders o join payments p on p.id = o.payment_id
         where ${notFollowingPayment('o', [['pending'], PAID_ORDER, ['cancelled']])}`,
  )
  await check(
    // A code unit is delivered in the transaction that pays it; only a manual one waits.
    'paid code order waiting for a hand delivery',
    sql`select id, order_code from orders where delivery = 'code' and status = 'processing'`,
  )
  await check(
    'refund lines of a payment differ from its refunded orders',
    sql`select p.payment_code,
               coalesce((select sum(o.paid_cents) from orders o
                          where o.payment_id = p.id and o.status = 'refunded'), 0)::text as refunded,
               coalesce((select sum(l.amount_cents) from balance_ledger l
                          where l.payment_id = p.id and l.kind = 'refund'), 0)::text as credited
          from payments p
         where coalesce((select sum(o.paid_cents) from orders o
                          where o.payment_id = p.id and o.status = 'refunded'), 0)
            <> coalesce((select sum(l.amount_cents) from balance_ledger l
                          where l.payment_id = p.id and l.kind = 'refund'), 0)`,
  )
  await codeViolations(check)
  await check(
    'crypto payment received differs from the transfers applied to it',
    // In base units of the payment's currency (chain_transfers.lamports holds a token's units).
    sql`select p.payment_code, p.received_token_amount::text as received,
               coalesce(sum(t.lamports), 0)::text as applied
          from payments p
          left join chain_transfers t on t.payment_id = p.id and t.status = 'applied'
         where p.method = 'crypto'
         group by p.id
        having p.received_token_amount <> coalesce(sum(t.lamports), 0)`,
  )
  await check(
    'confirmed crypto payment received less than it asked',
    sql`select payment_code, currency, token_amount::text, received_token_amount::text
          from payments
         where method = 'crypto' and status = 'confirmed' and received_token_amount < token_amount`,
  )
  await check(
    'transfer signature credited more than once',
    sql`select transfer_signature, count(*)::int as n from balance_ledger
         where transfer_signature is not null group by transfer_signature having count(*) > 1`,
  )
  await check(
    'payment booked more than once in the ledger',
    sql`select payment_id, kind, count(*)::int as n from balance_ledger
         where payment_id is not null and kind in ('topup', 'purchase', 'underpayment')
         group by payment_id, kind having count(*) > 1`,
  )
  await check(
    'balance checkout without exactly its purchase line',
    sql`select p.payment_code, p.amount_cents, coalesce(sum(l.amount_cents), 0)::text as booked
          from payments p
          left join balance_ledger l on l.payment_id = p.id and l.kind = 'purchase'
         where p.method = 'balance'
         group by p.id
        having coalesce(sum(l.amount_cents), 0) <> -p.amount_cents`,
  )
  await check(
    'confirmed top-up without its credit',
    sql`select p.payment_code from payments p
         where p.kind = 'topup' and p.status = 'confirmed'
           and not exists (select 1 from balance_ledger l
                            where l.payment_id = p.id and l.kind = 'topup')`,
  )
  const couponCounts = await queryRows<{
    id: number
    code: string
    count: number
    live: number
    max: number | null
  }>(
    db,
    sql`select c.id, c.code, c.times_redeemed as count, c.max_redemptions as max,
               count(r.id) filter (where r.status <> 'released')::int as live
          from coupons c left join coupon_redemptions r on r.coupon_id = c.id
         group by c.id`,
  )
  for (const c of couponCounts) {
    const offset = baseline?.couponOffsets.get(c.id) ?? 0
    const wrong = baseline?.couponOffsets.has(c.id) ? c.count !== c.live + offset : c.count < c.live
    if (wrong || (c.max !== null && c.count > c.max)) {
      problems.push(
        `coupon count differs from its live redemptions: ${c.code} count ${c.count}, live ${c.live}, initial offset ${offset}, max ${c.max}`,
      )
    }
  }
  await check(
    'coupon redemption does not follow its payment',
    sql`select r.id, r.status, p.status as payment_status
          from coupon_redemptions r join payments p on p.id = r.payment_id
         where ${notFollowingPayment('r', [['reserved'], ['redeemed'], ['released']])}`,
  )
  await check(
    // A pending checkout and a pending top-up are independent; two of one kind are not.
    'more than one pending crypto payment of a kind per customer',
    sql`select user_id, kind, count(*)::int as n from payments
         where status = 'pending' and method = 'crypto' group by user_id, kind having count(*) > 1`,
  )
  const initialStock = baseline?.stock
  if (initialStock && initialStock.size > 0) {
    const rows = await queryRows<{ id: number; stock: number; sold: number }>(
      db,
      sql`select p.id, p.stock,
                 count(o.id) filter (where o.status in ('processing', 'completed', 'refunded'))::int
                   as sold
            from products p left join orders o on o.product_id = p.id
           group by p.id`,
    )
    for (const row of rows) {
      const initial = initialStock.get(row.id)
      if (initial !== undefined && row.stock !== initial - row.sold) {
        problems.push(
          `stock differs from initial minus sold: product ${row.id} stock ${row.stock}, initial ${initial}, sold ${row.sold}`,
        )
      }
    }
  }
  return problems
}

type Check = (name: string, query: ReturnType<typeof sql>) => Promise<void>

/**
 * The delivery codes' rules: a code is taken (reserved or delivered) only with its order, a
 * reserved one for a pending order and a delivered one for a paid order (completed, or refunded
 * since) of its own product; every code order holds exactly one code while pending or paid and
 * none once cancelled; a code product's stock is its codes not yet sold and its reservation the
 * reserved ones. With order_id unique, together they say that no code is sold twice and no paid
 * unit lacks one.
 */
async function codeViolations(check: Check): Promise<void> {
  await check(
    'code taken without its order',
    sql`select id, status from delivery_codes where status <> 'available' and order_id is null`,
  )
  await check(
    'code does not follow its order',
    sql`select c.id, c.status, o.order_code, o.status as order_status
          from delivery_codes c join orders o on o.id = c.order_id
         where c.product_id <> o.product_id or o.delivery <> 'code'
            or not ((c.status = 'reserved' and o.status = 'pending')
                 or (c.status = 'delivered' and o.status in ('completed', 'refunded')))`,
  )
  await check(
    'code order without exactly its code',
    sql`select o.order_code, o.status, count(c.id)::int as codes
          from orders o left join delivery_codes c on c.order_id = o.id
         where o.delivery = 'code'
         group by o.id
        having count(c.id) <> case when o.status = 'cancelled' then 0 else 1 end`,
  )
  await check(
    'code product stock differs from its codes',
    sql`select p.id, p.stock, p.reserved,
               count(c.id) filter (where c.status <> 'delivered')::int as unsold,
               count(c.id) filter (where c.status = 'reserved')::int as held
          from products p left join delivery_codes c on c.product_id = p.id
         where p.delivery = 'code'
         group by p.id
        having p.stock <> count(c.id) filter (where c.status <> 'delivered')
            or p.reserved <> count(c.id) filter (where c.status = 'reserved')`,
  )
}

// ------------------------------------------------------------------ "nothing changed"

/**
 * A fingerprint of everything the shop stores: per table its row count and an md5 of all its
 * rows, plus the sums of the money and stock columns (so a report says what moved).
 */
export async function databaseSnapshot(db: DbOrTx): Promise<Record<string, string>> {
  const tables = await publicTables(db)
  const parts = tables.map(
    (table) =>
      `(select count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '')
          from "${table}" t) as "${table}"`,
  )
  const sums = `(select coalesce(sum(balance_cents), 0)::text from users) as "sum users.balance_cents",
    (select coalesce(sum(stock), 0)::text || '/' || coalesce(sum(reserved), 0)::text from products)
      as "sum products.stock/reserved",
    (select coalesce(sum(amount_cents), 0)::text from balance_ledger) as "sum balance_ledger",
    (select coalesce(sum(times_redeemed), 0)::text from coupons) as "sum coupons.times_redeemed",
    (select coalesce(sum(amount_cents), 0)::text || '/' || coalesce(sum(received_token_amount), 0)::text
       from payments) as "sum payments"`
  const [row] = await queryRows<Record<string, string>>(db, `select ${parts.join(',\n')}, ${sums}`)
  return row ?? {}
}

/** The names of the keys that differ between two snapshots. */
export function snapshotDiff(a: Record<string, string>, b: Record<string, string>): string[] {
  return Object.keys({ ...a, ...b }).filter((key) => a[key] !== b[key])
}

async function publicTables(db: DbOrTx): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )
  return rows.map((row) => row.name)
}
