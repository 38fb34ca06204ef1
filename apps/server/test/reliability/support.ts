// Shared tools of the reliability suites: many customers at once without Argon2, HTTP requests
// released together over many connections, invariant checks on the database, snapshots for
// "nothing changed", and the scan for personal data in a database dump and in logs.
import crypto from 'node:crypto'
import net from 'node:net'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { type DbOrTx, queryRows } from '../../src/db/client.js'
import { balanceLedger, cartItems, carts, products, users } from '../../src/db/schema.js'
import type { Services } from '../../src/services.js'

/** RELIABILITY_HEAVY=1 selects the long runs (more buyers, more kills, more fuzz requests). */
export const heavy = process.env.RELIABILITY_HEAVY === '1'

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

// ------------------------------------------------------------------ customers in bulk

export interface FastUser {
  id: number
  username: string
  sessionId: string
  accessToken: string
  refreshToken: string
  headers: { authorization: string }
}

let batch = 0

/**
 * Creates `count` customers straight in the database (no password, so no Argon2 time), each with
 * `balanceCents` written as a ledger line as the balance service would, and one session opened
 * through SessionService.open, so their tokens are real.
 */
export async function fastUsers(
  db: DbOrTx,
  services: Pick<Services, 'sessions'>,
  count: number,
  balanceCents = 0,
): Promise<FastUser[]> {
  const prefix = `r${process.pid}_${++batch}_${crypto.randomBytes(3).toString('hex')}`
  const rows: { id: number; username: string }[] = []
  for (let start = 0; start < count; start += 500) {
    const chunk = Array.from({ length: Math.min(500, count - start) }, (_, i) => {
      const username = `${prefix}_${start + i}`
      return { username, firstName: username, balanceCents }
    })
    rows.push(
      ...(await db
        .insert(users)
        .values(chunk)
        .returning({ id: users.id, username: users.username })),
    )
  }
  if (balanceCents > 0) {
    for (let start = 0; start < rows.length; start += 500) {
      await db.insert(balanceLedger).values(
        rows.slice(start, start + 500).map((row) => ({
          userId: row.id,
          amountCents: balanceCents,
          kind: 'adjustment' as const,
          description: 'reliability test money',
        })),
      )
    }
  }
  const out: FastUser[] = []
  for (let start = 0; start < rows.length; start += 25) {
    out.push(
      ...(await Promise.all(
        rows.slice(start, start + 25).map(async (row) => {
          const tokens = await services.sessions.open(row.id)
          const sid = JSON.parse(
            Buffer.from(tokens.access_token.split('.')[1] ?? '', 'base64url').toString(),
          ).sid as string
          return {
            id: row.id,
            username: row.username,
            sessionId: sid,
            accessToken: tokens.access_token,
            refreshToken: tokens.refresh_token,
            headers: { authorization: `Bearer ${tokens.access_token}` },
          }
        }),
      )),
    )
  }
  return out
}

/**
 * Puts `quantity` units of a product (and optionally a coupon) into each user's cart; with a
 * list of products, user i gets product i.
 */
export async function fillCarts(
  db: DbOrTx,
  userIds: readonly number[],
  product: number | readonly number[],
  quantity = 1,
  couponId: number | null = null,
): Promise<void> {
  const productOf = (i: number) => (typeof product === 'number' ? product : (product[i] ?? 0))
  for (let start = 0; start < userIds.length; start += 500) {
    const ids = userIds.slice(start, start + 500)
    await db
      .insert(carts)
      .values(ids.map((userId) => ({ userId, couponId })))
      .onConflictDoUpdate({ target: carts.userId, set: { couponId } })
    await db
      .insert(cartItems)
      .values(ids.map((userId, i) => ({ userId, productId: productOf(start + i), quantity })))
  }
}

/** `count` products of their own for one test (bulk), in the first seeded district. */
export async function newProducts(
  db: DbOrTx,
  count: number,
  stock: number,
  priceCents: number,
): Promise<number[]> {
  const [place] = await db
    .select({ cityId: products.cityId, districtId: products.districtId })
    .from(products)
    .limit(1)
  if (!place) throw new Error('seed the demo shop first')
  const tag = crypto.randomBytes(4).toString('hex')
  const rows = await db
    .insert(products)
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: `Reliability item ${tag} ${i}`,
        category: 'book',
        priceCents,
        stock,
        ...place,
      })),
    )
    .returning({ id: products.id })
  return rows.map((row) => row.id)
}

/** A product of its own for one test, in the first seeded district. */
export async function newProduct(
  db: DbOrTx,
  stock: number,
  priceCents: number,
  name = `Reliability item ${crypto.randomBytes(4).toString('hex')}`,
): Promise<number> {
  const [place] = await db
    .select({ cityId: products.cityId, districtId: products.districtId })
    .from(products)
    .limit(1)
  if (!place) throw new Error('seed the demo shop first')
  const [row] = await db
    .insert(products)
    .values({ name, category: 'book', priceCents, stock, ...place })
    .returning({ id: products.id })
  if (!row) throw new Error('product insert returned nothing')
  return row.id
}

// ------------------------------------------------------------------ HTTP, released together

/** Listens on a free loopback port; the log line names no address (as main.ts does). */
export async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1', listenTextResolver: () => 'listening' })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  return address.port
}

export interface RawRequest {
  method: 'GET' | 'POST' | 'DELETE'
  path: string
  headers?: Record<string, string>
  /** Sent as JSON. */
  body?: unknown
}

export interface RawResponse {
  status: number
  headers: Record<string, string>
  body: string
  // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies loosely
  json(): any
}

function requestBytes(port: number, request: RawRequest): Buffer {
  const body = request.body === undefined ? '' : JSON.stringify(request.body)
  const lines = [
    `${request.method} ${request.path} HTTP/1.1`,
    `host: 127.0.0.1:${port}`,
    'connection: close',
    ...Object.entries(request.headers ?? {}).map(([k, v]) => `${k}: ${v}`),
  ]
  if (request.body !== undefined) {
    lines.push('content-type: application/json', `content-length: ${Buffer.byteLength(body)}`)
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}`)
}

function decodeChunked(raw: Buffer): Buffer {
  const parts: Buffer[] = []
  let at = 0
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at)
    if (lineEnd < 0) break
    const size = Number.parseInt(raw.subarray(at, lineEnd).toString(), 16)
    if (!size) break
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size))
    at = lineEnd + 2 + size + 2
  }
  return Buffer.concat(parts)
}

function parseResponse(raw: Buffer): RawResponse {
  const split = raw.indexOf('\r\n\r\n')
  if (split < 0) throw new Error(`incomplete HTTP response: ${raw.toString().slice(0, 200)}`)
  const [statusLine = '', ...headerLines] = raw.subarray(0, split).toString('latin1').split('\r\n')
  const status = Number(statusLine.split(' ')[1])
  const headers: Record<string, string> = {}
  for (const line of headerLines) {
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  let bodyBytes = raw.subarray(split + 4)
  if (headers['transfer-encoding']?.includes('chunked')) bodyBytes = decodeChunked(bodyBytes)
  const body = bodyBytes.toString('utf8')
  return { status, headers, body, json: () => JSON.parse(body) }
}

/**
 * Sends every request on its own TCP connection and releases them together, the "last-byte
 * synchronisation" of single-packet race attacks: each connection first sends its request
 * except the final byte, and once all are waiting the final bytes go out in one loop, so no
 * request can finish before the others have arrived.
 */
export async function fireTogether(
  port: number,
  requests: readonly RawRequest[],
  holdMs = 100,
): Promise<RawResponse[]> {
  const sockets: net.Socket[] = []
  try {
    for (let start = 0; start < requests.length; start += 100) {
      sockets.push(
        ...(await Promise.all(
          requests.slice(start, start + 100).map(
            () =>
              new Promise<net.Socket>((resolve, reject) => {
                const socket = net.connect({ port, host: '127.0.0.1', noDelay: true })
                socket.once('connect', () => resolve(socket))
                socket.once('error', reject)
              }),
          ),
        )),
      )
    }
    const payloads = requests.map((request) => requestBytes(port, request))
    const responses = sockets.map(
      (socket) =>
        new Promise<RawResponse>((resolve, reject) => {
          const chunks: Buffer[] = []
          socket.on('data', (chunk: Buffer) => chunks.push(chunk))
          socket.once('error', reject)
          socket.once('end', () => {
            try {
              resolve(parseResponse(Buffer.concat(chunks)))
            } catch (error) {
              reject(error)
            }
          })
        }),
    )
    const bytes = (i: number) => payloads[i] ?? Buffer.alloc(0)
    await Promise.all(
      sockets.map(
        (socket, i) =>
          new Promise<void>((resolve) => socket.write(bytes(i).subarray(0, -1), () => resolve())),
      ),
    )
    await sleep(holdMs)
    for (const [i, socket] of sockets.entries()) socket.write(bytes(i).subarray(-1))
    return await Promise.all(responses)
  } finally {
    for (const socket of sockets) socket.destroy()
  }
}

/** Counts responses by "status code" or "status code/error code". */
export function tally(responses: readonly RawResponse[]): Record<string, number> {
  const out: Record<string, number> = {}
  for (const res of responses) {
    let key = String(res.status)
    if (res.status >= 400) {
      try {
        key += `/${res.json().code}`
      } catch {
        key += '/unparseable'
      }
    }
    out[key] = (out[key] ?? 0) + 1
  }
  return out
}

// ------------------------------------------------------------------ invariants

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
 * Every rule about money, stock, coupons and transfers that must hold in any committed state,
 * whatever ran concurrently or crashed. Returns the violations (empty when all hold). Against a
 * baseline, each product's stock must also equal its initial stock minus its completed orders,
 * and each coupon's count its initial count plus its live redemptions.
 */
export async function invariantViolations(db: DbOrTx, baseline?: Baseline): Promise<string[]> {
  const problems: string[] = []
  const check = async (name: string, query: ReturnType<typeof sql>) => {
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
         where not ((p.status = 'pending' and o.status = 'pending')
                 or (p.status = 'confirmed' and o.status = 'completed')
                 or (p.status in ('expired', 'cancelled') and o.status = 'cancelled'))`,
  )
  await check(
    'crypto payment received differs from the transfers applied to it',
    sql`select p.payment_code, p.received_lamports::text as received,
               coalesce(sum(t.lamports), 0)::text as applied
          from payments p
          left join chain_transfers t on t.payment_id = p.id and t.status = 'applied'
         where p.method = 'crypto'
         group by p.id
        having p.received_lamports <> coalesce(sum(t.lamports), 0)`,
  )
  await check(
    'confirmed crypto payment received less than it asked',
    sql`select payment_code, lamports::text, received_lamports::text from payments
         where method = 'crypto' and status = 'confirmed' and received_lamports < lamports`,
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
         where not ((p.status = 'pending' and r.status = 'reserved')
                 or (p.status = 'confirmed' and r.status = 'redeemed')
                 or (p.status in ('expired', 'cancelled') and r.status = 'released'))`,
  )
  await check(
    'more than one pending crypto payment per customer',
    sql`select user_id, count(*)::int as n from payments
         where status = 'pending' and method = 'crypto' group by user_id having count(*) > 1`,
  )
  const initialStock = baseline?.stock
  if (initialStock && initialStock.size > 0) {
    const rows = await queryRows<{ id: number; stock: number; sold: number }>(
      db,
      sql`select p.id, p.stock,
                 count(o.id) filter (where o.status = 'completed')::int as sold
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
    (select coalesce(sum(amount_cents), 0)::text || '/' || coalesce(sum(received_lamports), 0)::text
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

// ------------------------------------------------------------------ personal data

/**
 * What the suites send that must never be kept: addresses (as socket addresses of app.inject
 * and as proxy headers), user agents, an e-mail in the `From` header and a phone number.
 */
export const CANARY = {
  ipv4: '203.0.113.77',
  ipv6: '2001:db8:85a3::8a2e:370:7334',
  forwardedIp: '198.51.100.23',
  userAgent: 'PrivacyCanary/9.1 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36',
  email: 'canary.customer@example.org',
  phone: '+37060012345',
} as const

/** Headers that carry every canary; a request with these must leave none of them behind. */
export function canaryHeaders(): Record<string, string> {
  return {
    'user-agent': CANARY.userAgent,
    'x-forwarded-for': `${CANARY.forwardedIp}, ${CANARY.ipv4}`,
    'x-real-ip': CANARY.forwardedIp,
    forwarded: `for="[${CANARY.ipv6}]";proto=https`,
    from: CANARY.email,
    'x-phone': CANARY.phone,
  }
}

/**
 * Column names that would mean the shop stores contact details or addresses. `wallet_address`
 * is allowed: it is the shop's own public Solana address, not a customer's.
 */
const SUSPICIOUS_COLUMN =
  /e[-_]?mail|phone|mobile|msisdn|(^|_)ip($|_)|remote|user_?agent|forwarded|geo|latitude|longitude|(^|_)address/i
const ALLOWED_COLUMNS = new Set(['payments.wallet_address'])

const IPV4_CANDIDATE = /(?<![\w.])\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}(?![\w.])/g
const IPV6_CANDIDATE = /(?<![\w:.])[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){2,7}(?:%\w+)?(?![\w:])/g
const EMAIL = /[\w.+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g
const PHONE = /(?<![\w+])\+\d{8,15}(?!\d)/g
const USER_AGENT =
  /Mozilla\/\d|AppleWebKit|Chrome\/\d|Firefox\/\d|Safari\/\d|curl\/\d|lightMyRequest|undici|node-fetch|PrivacyCanary/gi

/**
 * Every IP address (v4 or v6), user agent, e-mail address or phone number in a text. Candidates
 * are validated (net.isIP), so version numbers ("1.2.3") and times ("12:30:00") do not count; an
 * IPv6 candidate needs a hex digit, so a bare "::" in prose does not either. There is no allowlist
 * of addresses: the shop's own logs name none (main.ts logs the port, not the address).
 */
export function personalDataIn(text: string): string[] {
  const found = new Set<string>()
  for (const match of text.matchAll(IPV4_CANDIDATE)) {
    if (net.isIPv4(match[0])) found.add(`IPv4 ${match[0]}`)
  }
  for (const match of text.matchAll(IPV6_CANDIDATE)) {
    const candidate = match[0].split('%')[0] ?? ''
    if (/[0-9A-Fa-f]/.test(candidate) && net.isIPv6(candidate)) found.add(`IPv6 ${match[0]}`)
  }
  for (const match of text.matchAll(EMAIL)) found.add(`e-mail ${match[0]}`)
  for (const match of text.matchAll(PHONE)) found.add(`phone ${match[0]}`)
  for (const match of text.matchAll(USER_AGENT)) found.add(`user agent ${match[0]}`)
  return [...found]
}

export interface DatabaseDump {
  /** "table.column" of every text-like column (text, varchar, char, json, jsonb, inet, cidr). */
  columns: string[]
  /** Address-typed columns (inet, cidr, macaddr): there must be none. */
  addressColumns: string[]
  /** Per column, every value joined. */
  values: Map<string, string>
}

/** Every text-like value of every table of every user schema (the migrations table included). */
export async function dumpDatabase(db: DbOrTx): Promise<DatabaseDump> {
  const columns = await queryRows<{ schema: string; table: string; column: string; type: string }>(
    db,
    `select c.table_schema as schema, c.table_name as table, c.column_name as column,
            c.data_type as type
       from information_schema.columns c
       join information_schema.tables t
         on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema not in ('pg_catalog', 'information_schema')
        and t.table_type = 'BASE TABLE'
      order by 1, 2, c.ordinal_position`,
  )
  const textual = columns.filter((c) =>
    ['text', 'character varying', 'character', 'json', 'jsonb', 'inet', 'cidr'].includes(c.type),
  )
  const values = new Map<string, string>()
  for (const c of textual) {
    const rows = await queryRows<{ v: string | null }>(
      db,
      `select "${c.column}"::text as v from "${c.schema}"."${c.table}"`,
    )
    values.set(`${c.table}.${c.column}`, rows.map((row) => row.v ?? '').join('\n'))
  }
  return {
    columns: columns.map((c) => `${c.table}.${c.column}`),
    addressColumns: columns
      .filter((c) => ['inet', 'cidr', 'macaddr', 'macaddr8'].includes(c.type))
      .map((c) => `${c.table}.${c.column}`),
    values,
  }
}

/**
 * Everything personal a database and a log hold: suspicious column names, address-typed
 * columns, and IPs, user agents, e-mails and phone numbers in any value or log line.
 */
export async function personalDataReport(db: DbOrTx, logText: string): Promise<string[]> {
  const dump = await dumpDatabase(db)
  const report: string[] = []
  for (const column of dump.columns) {
    const name = column.split('.')[1] ?? ''
    if (SUSPICIOUS_COLUMN.test(name) && !ALLOWED_COLUMNS.has(column)) {
      report.push(`column ${column}`)
    }
  }
  for (const column of dump.addressColumns) report.push(`address-typed column ${column}`)
  for (const [column, text] of dump.values) {
    for (const hit of personalDataIn(text)) report.push(`${column}: ${hit}`)
  }
  for (const hit of personalDataIn(logText)) report.push(`log: ${hit}`)
  return report
}
