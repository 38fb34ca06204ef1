// The mixed workload: the shop as its customers really use it, on a generated shop of 1,000 and of
// 10,000 products (db/seed/large-shop.ts: 1,000 customers, 3,000 orders). 32 connections send, in
// a shuffled order, 40 % product lists (cities, districts, pages and search words: about 4,000
// distinct queries), 40 % product pages over every product, 20 % carts, as 50 customers with
// carts of their own; the shop on one CPU (with PostgreSQL's backends), wrk on the other. Two
// rounds over the same list: the first meets the caches empty, the second as a running shop
// has them. Also the owner's pages at that size, and the memory all this takes.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { cpuSeconds } from '../lib/cpu.mjs'
import { LOADER_CPU, load, pin } from '../lib/load.mjs'
import { fmt, median, percentile } from '../lib/report.mjs'
import { openShopDatabase } from '../lib/server-modules.mjs'
import { api, procStatusKb, SERVER_DIST } from '../lib/shop.mjs'

const SCRIPT = fileURLToPath(new URL('../lib/mixed.lua', import.meta.url))
const CONNECTIONS = 32
const CUSTOMERS_WITH_TOKENS = 50
const LIST_QUERIES = 4_000
const REQUESTS = 40_000
export const MIXED_SIZES = [
  { products: 1_000, customers: 1_000, orders: 3_000 },
  { products: 10_000, customers: 1_000, orders: 3_000 },
]
/** Per core, at 10,000 products (issue 35). */
export const MIXED_BUDGET = {
  PGlite: { rps: 2_000, p99: 50 },
  PostgreSQL: { rps: 3_000, p99: 30 },
}
/** The rate at 10,000 products, of the rate at 1,000: cost grows with answers, not catalogues. */
const GROWTH_BUDGET = 0.7
const RSS_BUDGET_KB = 300 * 1024
const OWNER_PAGE_BUDGET_MS = 100

const dist = (file) => import(pathToFileURL(path.join(SERVER_DIST, file)).href)

/** A seeded PRNG (mulberry32), so that every run sends the same requests. */
function random(seed) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * Generates the shop in the database `target` names ({dataDir} or {url}) before the shop runs:
 * migrations, the demo, the large shop of `size`, and the customers whose tokens the load uses,
 * each with a cart. Returns what the request list is made from.
 */
export async function prepareMixedShop(target, size, log) {
  const shopDb = await openShopDatabase(target)
  const { database, db, services, schema, drizzle } = shopDb
  try {
    await database.migrate()
    const [{ seedDemo }, { seedLargeShop }, words] = await Promise.all([
      dist('db/seed/seed-demo.js'),
      dist('db/seed/large-shop.js'),
      dist('db/seed/large-words.js'),
    ])
    const started = performance.now()
    await seedDemo(db, shopDb.config.deliveryKey)
    await seedLargeShop(database, shopDb.config, size, (line) => log(line))
    log(`generated in ${fmt.s(performance.now() - started)}`)
    const { eq, sql } = drizzle
    const { products, users } = schema
    const productIds = (await db.select({ id: products.id }).from(products)).map((r) => r.id)
    const places = await db.execute(
      sql`select city_id, district_id from products where active group by city_id, district_id`,
    )
    const customers = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.username} like 'customer\\_%'`)
      .limit(CUSTOMERS_WITH_TOKENS)
    const next = random(35)
    const tokens = []
    for (const { id } of customers) {
      const opened = await services.sessions.open(id)
      tokens.push(opened.access_token)
      const items = 1 + Math.floor(next() * 3)
      for (let i = 0; i < items; i++) {
        const [product] = await db
          .select({ id: products.id })
          .from(products)
          .where(eq(products.id, productIds[Math.floor(next() * productIds.length)]))
        if (product) await services.cart.add(id, product.id, 'en').catch(() => {})
      }
    }
    return { productIds, places: places.rows, tokens, words }
  } finally {
    await database.close()
  }
}

/** The search words customers type: names, makers, parts of words, with and without accents. */
function searchWords(words) {
  const stripped = (text) => text.normalize('NFD').replace(/\p{M}/gu, '')
  const found = new Set()
  for (const noun of words.NOUNS) {
    for (const word of [...noun.en.split(' '), ...noun.lt.split(' ')]) {
      found.add(word)
      found.add(stripped(word))
      if (word.length > 4) found.add(word.slice(0, 4))
    }
  }
  for (const maker of words.MAKERS) {
    found.add(maker)
    found.add(stripped(maker).toLowerCase())
  }
  for (const adjective of words.ADJECTIVES) found.add(adjective.en.toLowerCase())
  for (const n of [1, 12, 123, 1234]) found.add(`No. ${n}`)
  return [...found].filter((word) => word.length >= 2)
}

/** The shuffled request list: METHOD<TAB>PATH<TAB>TOKEN per line. */
export function requestList({ productIds, places, tokens, words }) {
  const next = random(20_261_202)
  const any = (list) => list[Math.floor(next() * list.length)]
  const lang = () => (next() < 0.5 ? 'en' : 'lt')
  const searches = searchWords(words)
  const lists = new Set()
  while (lists.size < LIST_QUERIES) {
    const query = new URLSearchParams({ lang: lang() })
    const shape = next()
    const place = any(places)
    if (shape < 0.7) query.set('city_id', String(place.city_id))
    if (shape < 0.35) query.set('district_id', String(place.district_id))
    if (shape > 0.5) query.set('search', any(searches))
    // Most customers look at the first pages.
    const page = 1 + Math.floor(next() ** 3 * 8)
    if (page > 1) query.set('page', String(page))
    lists.add(`/api/products?${query}`)
  }
  const listPaths = [...lists]
  const lines = []
  for (let i = 0; i < REQUESTS; i++) {
    const kind = next()
    const token = any(tokens)
    const url =
      kind < 0.4
        ? any(listPaths)
        : kind < 0.8
          ? `/api/products/${productIds[i % productIds.length]}?lang=${lang()}`
          : `/api/cart?lang=${lang()}`
    lines.push(`GET\t${url}\t${token}`)
  }
  // Product pages went through every product in order; the list is shuffled as a whole.
  for (let i = lines.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1))
    ;[lines[i], lines[j]] = [lines[j], lines[i]]
  }
  return { lines, distinctLists: listPaths.length }
}

/** Resets the peak RSS the kernel keeps (VmHWM) to the current RSS, if allowed. */
function resetPeak(pid) {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5')
    return true
  } catch {
    return false
  }
}

/**
 * Two rounds of the mixed list against `shop`; adds the rows of `database` at `size`. Returns the
 * rate over both rounds, for the growth row.
 */
export async function mixedLoad(shop, report, { duration }, prepared, options) {
  const { database, size, backends = async () => [] } = options
  const backendCpu = async () => {
    let total = 0
    for (const pid of await backends()) total += cpuSeconds(pid) ?? 0
    return total
  }
  const { lines, distinctLists } = requestList(prepared)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-mixed-'))
  const file = path.join(dir, 'requests.tsv')
  fs.writeFileSync(file, `${lines.join('\n')}\n`)
  const peakReset = resetPeak(shop.pid)
  let sampled = procStatusKb(shop.pid, 'VmRSS') ?? 0
  const sampler = setInterval(() => {
    sampled = Math.max(sampled, procStatusKb(shop.pid, 'VmRSS') ?? 0)
  }, 50)
  const rounds = []
  try {
    for (let round = 0; round < 2; round++) {
      pin(shop.pid)
      for (const pid of await backends()) pin(pid)
      const cpuBefore = cpuSeconds(shop.pid)
      const extraBefore = await backendCpu()
      const result = await load({
        url: shop.url,
        connections: CONNECTIONS,
        duration,
        script: SCRIPT,
        scriptArgs: [file],
      })
      const cpu = cpuSeconds(shop.pid) - cpuBefore + ((await backendCpu()) - extraBefore)
      rounds.push({ ...result, cpu })
    }
  } finally {
    clearInterval(sampler)
    fs.rmSync(dir, { recursive: true, force: true })
  }
  const requests = rounds.reduce((t, r) => t + r.requests, 0)
  const seconds = rounds.reduce((t, r) => t + r.seconds, 0)
  const rps = requests / seconds
  const p99 = Math.max(...rounds.map((r) => r.p99))
  const bad = rounds.reduce((t, r) => t + r.non2xx + r.errors, 0)
  const label = `${database}, ${fmt.int(size.products)} products`
  const budget = size.products >= 10_000 ? MIXED_BUDGET[database] : null
  const perRound = rounds
    .map(
      (r, i) =>
        `round ${i + 1}: ${fmt.int(r.rps)} req/s, p50 ${fmt.ms(r.p50)}, p99 ${fmt.ms(r.p99)}, ${fmt.int((r.cpu / r.requests) * 1e6)} µs CPU each`,
    )
    .join('; ')
  report.add(
    'Mixed workload',
    `${label}: req/s per core`,
    fmt.int(rps),
    budget ? `>= ${fmt.int(budget.rps)}` : '',
    budget ? rps >= budget.rps && bad === 0 : null,
    `${CONNECTIONS} connections, ${fmt.int(distinctLists)} distinct lists, every product's page, 50 customers' carts; ${LOADER_CPU === null ? 'one CPU: nothing pinned' : 'shop on CPU 0, wrk on CPU 1'}; ${perRound}${bad > 0 ? `; ${bad} errors or non-2xx answers` : ''}`,
  )
  report.add(
    'Mixed workload',
    `${label}: latency p50 / p99`,
    `${fmt.ms(median(rounds.map((r) => r.p50)))} / ${fmt.ms(p99)}`,
    budget ? `p99 <= ${budget.p99} ms` : '',
    budget ? p99 <= budget.p99 : null,
  )
  const cpuEach = rounds.reduce((t, r) => t + r.cpu, 0) / requests
  report.add(
    'Mixed workload',
    `${label}: CPU per request${database === 'PostgreSQL' ? ' (shop + its backends)' : ''}`,
    `${fmt.int(cpuEach * 1e6)} µs`,
  )
  const hwm = procStatusKb(shop.pid, 'VmHWM')
  const peak = peakReset && hwm !== null ? Math.max(hwm, sampled) : sampled
  if (database === 'PGlite') {
    const budgeted = size.products >= 10_000
    report.add(
      'Mixed workload',
      `${label}: peak RSS`,
      fmt.mb(peak),
      budgeted ? `<= ${fmt.mb(RSS_BUDGET_KB)}` : '',
      budgeted ? peak <= RSS_BUDGET_KB : null,
      peakReset ? 'VmHWM, reset before the rounds' : 'VmRSS sampled every 50 ms',
    )
  }
  return rps
}

/** The rate at 10,000 products against the rate at 1,000. */
export function mixedGrowth(report, database, small, large) {
  const ratio = large / small
  report.add(
    'Mixed workload',
    `${database}: rate at 10,000 products / at 1,000`,
    `${fmt.int(large)} / ${fmt.int(small)} = ${fmt.pct(ratio)}`,
    `>= ${fmt.pct(GROWTH_BUDGET)}`,
    ratio >= GROWTH_BUDGET,
  )
}

/**
 * The owner's pages at this size, one after the other as an owner clicks: each page's median and
 * worst time over a few calls, through the API the back office calls, as the owner the shop's
 * setup link (printed at its start) creates.
 */
export async function ownerPages(shop, report, database) {
  const setupLink = /https?:\/\/\S+\/admin\/setup\?token=[\w-]+/.exec(shop.logs())?.[0]
  if (!setupLink) throw new Error('the shop printed no setup link')
  const { totpCode } = await dist('modules/staff/totp.js')
  const token = new URL(setupLink).searchParams.get('token')
  const password = 'a long bench owner passphrase'
  const { json: setup } = await api(shop, 'POST', '/api/admin/setup', {
    body: { token, username: 'bench_owner', password },
    expect: [201],
  })
  const secret = new URL(setup.otpauth_uri).searchParams.get('secret')
  const { json: signedIn } = await api(shop, 'POST', '/api/admin/setup/confirm', {
    body: { token, code: totpCode(secret) },
  })
  const staffToken = signedIn.access_token
  const { json: customers } = await api(shop, 'GET', '/api/admin/customers?q=customer_5', {
    token: staffToken,
  })
  const customerId = customers.customers[0]?.id
  const pages = [
    ['orders', '/api/admin/orders'],
    ['orders searched by username', '/api/admin/orders?q=customer_42'],
    ['customers', '/api/admin/customers'],
    ['products searched', '/api/admin/products?q=coffee'],
    ['dashboard', '/api/admin/dashboard'],
    ["a customer's page", `/api/admin/customers/${customerId}`],
  ]
  for (const [name, url] of pages) {
    const times = []
    for (let i = 0; i < 7; i++) {
      const started = performance.now()
      await api(shop, 'GET', url, { token: staffToken })
      times.push(performance.now() - started)
    }
    const worst = percentile(times, 100)
    report.add(
      'Owner pages',
      `${database}, 10,000 products: ${name}`,
      `${fmt.ms(median(times))} (worst ${fmt.ms(worst)})`,
      `<= ${OWNER_PAGE_BUDGET_MS} ms`,
      median(times) <= OWNER_PAGE_BUDGET_MS,
    )
  }
}
