// Checkout: many customers pay their carts from their balance at the same moment. Demand exceeds
// stock on purpose (10 carts for every 9 units), so the oversell check afterwards means something:
// no stock below zero, and exactly as many orders as units sold.
import crypto from 'node:crypto'
import http from 'node:http'
import { cpuCount, cpuSeconds, cpuSecondsOfAll, machineBusySeconds } from '../lib/cpu.mjs'
import { fmt } from '../lib/report.mjs'

const PRODUCTS = 20
const UNITS_PER_PRODUCT = 9
const CARTS_PER_PRODUCT = 10
/**
 * Checkouts before the measured burst, on other products, fired as the burst is (200 at once, three
 * times): a running shop is warm. Measured on one PostgreSQL shop, burst after burst of 200, the
 * shop's CPU per checkout went 5.95, 3.90, 3.60, 3.60, 3.15 ms and then stayed near 3: V8 optimises
 * the query builders and the driver only after some hundreds of runs (docs/performance.md).
 */
const WARMUP_BURSTS = 3
const WARMUP_USERS = WARMUP_BURSTS * PRODUCTS * CARTS_PER_PRODUCT

/**
 * Accounts with sessions, 1000 EUR each through a ledger credit, one product in each cart:
 * `users` for the measured burst (10 carts for every 9 units of 20 products) and a few more
 * for the warm-up, on other products.
 */
export async function prepareCheckout(shopDb, users) {
  const { db, services, schema, drizzle, runSteps } = shopDb
  const { products } = schema
  const { asc, eq, inArray, sql } = drizzle
  const picked = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.active, true))
    .orderBy(asc(products.id))
    .limit(PRODUCTS + 10)
  const productIds = picked.slice(0, PRODUCTS).map((p) => p.id)
  const warmupProducts = await warmupCapacity(
    shopDb,
    picked.slice(PRODUCTS).map((p) => p.id),
  )
  if (productIds.length < PRODUCTS || warmupProducts.length === 0) {
    throw new Error(`the demo shop needs ${PRODUCTS + 1} active products`)
  }
  await db
    .update(products)
    .set({ stock: sql`${products.reserved} + ${UNITS_PER_PRODUCT}` })
    .where(inArray(products.id, productIds))
  const warmupIds = spread(warmupProducts, WARMUP_USERS)
  for (const [id, units] of counted(warmupIds)) {
    await db
      .update(products)
      .set({ stock: sql`${products.reserved} + ${units}` })
      .where(eq(products.id, id))
  }
  const before = new Map(
    (
      await db
        .select({ id: products.id, stock: products.stock })
        .from(products)
        .where(inArray(products.id, productIds))
    ).map((row) => [row.id, row.stock]),
  )
  const tag = crypto.randomBytes(3).toString('hex')
  const customer = async (name, productId) => {
    const [user] = await db
      .insert(schema.users)
      .values({ username: `checkout_${tag}_${name}`, firstName: 'Bench' })
      .returning({ id: schema.users.id })
    const tokens = await services.sessions.open(user.id)
    await db.transaction((tx) =>
      runSteps(tx, [
        services.balance.credit({
          userId: user.id,
          amountCents: 100_000,
          kind: 'adjustment',
          description: 'bench money',
        }),
      ]),
    )
    await services.cart.add(user.id, productId)
    return { id: user.id, token: tokens.access_token }
  }
  const many = async (count, make) => {
    const made = []
    for (let i = 0; i < count; i += 20) {
      const batch = Array.from({ length: Math.min(20, count - i) }, (_, k) => make(i + k))
      made.push(...(await Promise.all(batch)))
    }
    return made
  }
  const prepared = await many(users, (i) => customer(i, productIds[i % productIds.length]))
  const warmup = await many(warmupIds.length, (i) => customer(`w${i}`, warmupIds[i]))
  return { users: prepared, warmup, productIds, before }
}

/**
 * The warm-up products with how many units each can sell: any number for a product the shop
 * delivers by hand, as many as it has codes left for a code product (the code path is warmed
 * too, and never runs out).
 */
async function warmupCapacity(shopDb, ids) {
  const { db, schema, drizzle } = shopDb
  const { products, deliveryCodes } = schema
  const { and, eq, inArray, sql } = drizzle
  const rows = await db
    .select({
      id: products.id,
      delivery: products.delivery,
      codes: sql`(select count(*)::int from ${deliveryCodes} where ${and(
        eq(deliveryCodes.productId, products.id),
        eq(deliveryCodes.status, 'available'),
      )})`,
    })
    .from(products)
    .where(inArray(products.id, ids))
  return rows
    .map((row) => ({ id: row.id, units: row.delivery === 'code' ? Number(row.codes) : Infinity }))
    .filter((row) => row.units > 0)
}

/** `count` product ids, round-robin over the products while each has units left. */
function spread(capacity, count) {
  const left = capacity.map((row) => ({ ...row }))
  const ids = []
  while (ids.length < count && left.some((row) => row.units > 0)) {
    for (const row of left) {
      if (ids.length === count) break
      if (row.units <= 0) continue
      row.units--
      ids.push(row.id)
    }
  }
  return ids
}

function counted(ids) {
  const counts = new Map()
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1)
  return counts
}

/**
 * One POST on a connection of its own, as each customer has: node:http rather than fetch, whose
 * streams cost the client (on the same CPUs as the shop) about twice as much per request.
 */
function postJson(url, token, payload) {
  const body = JSON.stringify(payload)
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        const chunks = []
        res.on('data', (chunk) => chunks.push(chunk))
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode, body: JSON.parse(Buffer.concat(chunks).toString()) })
          } catch (error) {
            reject(error)
          }
        })
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** Warm-up checkouts before the measured burst, as many at once as the burst fires. */
export async function warmUpCheckouts(shop, warmup) {
  const burst = PRODUCTS * CARTS_PER_PRODUCT
  for (let i = 0; i < warmup.length; i += burst) {
    const { answers } = await fireCheckouts(shop, warmup.slice(i, i + burst))
    const failed = answers.find((a) => a.status !== 200)
    if (failed) throw new Error(`warm-up checkout failed: ${JSON.stringify(failed)}`)
  }
}

/**
 * Fires every checkout at once; resolves with the answers, the wall time and CPU used (of the
 * PostgreSQL backends serving `database` too, when given).
 */
export async function fireCheckouts(shop, users, database = null) {
  const postgresCpu = () => (database ? cpuSecondsOfAll('postgres', ` ${database} `) : 0)
  const before = {
    shop: cpuSeconds(shop.pid),
    postgres: postgresCpu(),
    bench: process.cpuUsage(),
    busy: machineBusySeconds(),
  }
  const started = performance.now()
  const answers = await Promise.all(
    users.map(async (user) => {
      const res = await postJson(`${shop.url}/api/payment/create`, user.token, {
        payment_method: 'balance',
      })
      return { status: res.status, code: res.body.code ?? res.body.status }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  const bench = process.cpuUsage(before.bench)
  const cpu = {
    shop: cpuSeconds(shop.pid) - before.shop,
    postgres: postgresCpu() - before.postgres,
    bench: (bench.user + bench.system) / 1e6,
    busy: machineBusySeconds() - before.busy,
  }
  return { answers, seconds, cpu }
}

/** Stock never negative and orders == units sold, product by product. */
export async function oversellCheck(shopDb, prepared, answers) {
  const { db, schema, drizzle } = shopDb
  const { products, orders, users } = schema
  const { and, inArray, lt, sql } = drizzle
  const after = await db
    .select({ id: products.id, stock: products.stock, reserved: products.reserved })
    .from(products)
    .where(inArray(products.id, prepared.productIds))
  const userIds = prepared.users.map((u) => u.id)
  const ordered = new Map(
    (
      await db
        .select({ productId: orders.productId, n: sql`count(*)::int` })
        .from(orders)
        // Paid: completed (delivered at once) or processing (a hand-delivered product).
        .where(
          and(inArray(orders.userId, userIds), inArray(orders.status, ['completed', 'processing'])),
        )
        .groupBy(orders.productId)
    ).map((row) => [row.productId, Number(row.n)]),
  )
  const negativeBalances = await db
    .select({ id: users.id })
    .from(users)
    .where(lt(users.balanceCents, 0))
  const problems = []
  let sold = 0
  for (const row of after) {
    const units = (prepared.before.get(row.id) ?? 0) - row.stock
    sold += units
    if (row.stock < 0 || row.reserved < 0) problems.push(`product ${row.id}: stock ${row.stock}`)
    if (units !== (ordered.get(row.id) ?? 0)) {
      problems.push(`product ${row.id}: ${units} units sold, ${ordered.get(row.id) ?? 0} orders`)
    }
    if (units > UNITS_PER_PRODUCT) problems.push(`product ${row.id}: ${units} sold of 9`)
  }
  const ok = answers.filter((a) => a.status === 200).length
  if (sold !== ok) problems.push(`${sold} units sold, ${ok} checkouts answered 200`)
  if (negativeBalances.length > 0) problems.push(`${negativeBalances.length} negative balances`)
  const unexpected = answers.filter((a) => a.status !== 200 && a.code !== 'PRODUCT_UNAVAILABLE')
  if (unexpected.length > 0) {
    problems.push(`${unexpected.length} unexpected answers, e.g. ${JSON.stringify(unexpected[0])}`)
  }
  return { ok, sold, problems }
}

export function reportCheckout(report, label, budget, users, fired, check) {
  const perSecond = check.ok / fired.seconds
  const refused = users - check.ok
  // CPU milliseconds per paid checkout, by process: what the machine's CPUs allow at most.
  const { cpu } = fired
  const per = (seconds) => (seconds * 1000) / Math.max(1, check.ok)
  const ours = cpu.shop + cpu.postgres + cpu.bench
  const others = Math.max(0, cpu.busy - ours)
  const ceiling = (cpuCount() * 1000) / per(ours)
  report.add(
    'Checkout',
    `${label}: balance checkouts/s, ${users} customers at once`,
    `${fmt.int(perSecond)}/s (${check.ok} paid, ${refused} sold out, ${fmt.ms(fired.seconds * 1000)})`,
    `>= ${budget}/s`,
    perSecond >= budget,
    `CPU per checkout: shop ${per(cpu.shop).toFixed(1)} ms` +
      (cpu.postgres > 0 ? ` + PostgreSQL ${per(cpu.postgres).toFixed(1)} ms` : '') +
      ` + bench client ${per(cpu.bench).toFixed(1)} ms, i.e. at most ${fmt.int(ceiling)}/s on ${cpuCount()} idle CPUs; ` +
      `other processes used ${fmt.pct(others / fired.seconds)} of a CPU meanwhile`,
  )
  report.add(
    'Checkout',
    `${label}: oversell check`,
    check.problems.length === 0
      ? `stock >= 0, ${check.sold} units sold = ${check.sold} orders`
      : check.problems.slice(0, 3).join('; '),
    'zero oversell',
    check.problems.length === 0,
  )
}

export { CARTS_PER_PRODUCT, PRODUCTS }
