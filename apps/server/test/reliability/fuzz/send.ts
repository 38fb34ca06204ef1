// Sends one fuzzed request and checks every promise about its answer: no 5xx, every refusal a
// known {code, detail, message}, and a refused request changes nothing in the database (a row
// trigger counts every committed change; whole-database fingerprints are compared around each
// run of refused requests).
import { ERROR_STATUS } from '@shop/contract'
import { expect } from 'vitest'
import { queryRows } from '../../../src/db/client.js'
import { databaseSnapshot, snapshotDiff } from '../invariants.js'
import { type Sent, target } from './target.js'

export let sent = 0
let lastChange = 0
let refusedSinceSnapshot = 0
let succeededSinceSnapshot = 0
let snapshot: Record<string, string> = {}
export const statusCounts: Record<number, number> = {}

async function changeCount(): Promise<number> {
  const [row] = await queryRows<{ n: string }>(
    target.t.database.db,
    'select coalesce(max(id), 0)::text as n from reliability_change_log',
  )
  return Number(row?.n ?? 0)
}

async function changedTablesSince(id: number): Promise<string[]> {
  const rows = await queryRows<{ tbl: string; op: string }>(
    target.t.database.db,
    `select tbl, op from reliability_change_log where id > ${id} order by id`,
  )
  return rows.map((r) => `${r.op} ${r.tbl}`)
}

function describeRequest(req: Sent): string {
  const body =
    req.payload === undefined
      ? ''
      : ` body ${JSON.stringify(String(req.payload).slice(0, 300))}${String(req.payload).length > 300 ? '…' : ''}`
  return `${req.method} ${req.url.slice(0, 300)} ${JSON.stringify(req.headers).slice(0, 300)}${body}`
}

/** Whether a path segment names the fuzzed customer or the other one (as the router reads it). */
function fuzzedCustomer(segment: string): boolean {
  let id: number
  try {
    id = Number(decodeURIComponent(segment).trim())
  } catch {
    return false
  }
  return id === target.user.id || id === target.other.id
}

/** Sends one request and checks every promise about its answer. */
export const timeByRoute: Record<string, number> = {}

export async function send(original: Sent): Promise<void> {
  let req = original
  // Logging out with a shared token would end that customer's session for every later request:
  // a logout gets a session of its own.
  const owner = [target.user, target.other].find(
    (u) => req.headers.authorization === `Bearer ${u.accessToken}`,
  )
  if (req.url.startsWith('/api/auth/logout') && owner) {
    const fresh = await target.t.services.sessions.open(owner.id)
    req = { ...req, headers: { ...req.headers, authorization: `Bearer ${fresh.access_token}` } }
    lastChange = await changeCount()
    succeededSinceSnapshot++ // the new session is a change of ours
  }
  // Disabling a fuzzed customer would end their sessions for every later request (enabling again
  // does not revive them): the owner's disable goes to the spare customer instead.
  const disabled = /^\/api\/admin\/customers\/([^/?#]+)\/disable/.exec(req.url)
  if (disabled?.[1] && fuzzedCustomer(disabled[1])) {
    const url = req.url.replace(disabled[0], `/api/admin/customers/${target.spare.id}/disable`)
    req = { ...req, url }
  }
  const started = performance.now()
  const res = await target.t.app.inject({
    method: req.method as 'GET',
    url: req.url,
    headers: req.headers,
    ...(req.payload !== undefined ? { payload: req.payload } : {}),
  })
  sent++
  const routeKey = `${req.method} ${req.url
    .split('?')[0]
    ?.replace(/\/[^/]*\d[^/]*/g, '/:x')
    .slice(0, 50)}`
  timeByRoute[routeKey] = (timeByRoute[routeKey] ?? 0) + performance.now() - started
  if (process.env.FUZZ_TRACE && req.url.includes(process.env.FUZZ_TRACE)) {
    console.log('TRACE', res.statusCode, describeRequest(req).slice(0, 200))
  }
  statusCounts[res.statusCode] = (statusCounts[res.statusCode] ?? 0) + 1
  const where = `${res.statusCode} ${res.body.slice(0, 300)} for ${describeRequest(req)}`
  expect(res.statusCode, where).toBeLessThan(500)
  if (res.statusCode >= 400 && req.method !== 'HEAD') {
    expect(String(res.headers['content-type']), where).toMatch(/^application\/json/)
    const body = JSON.parse(res.body) as Record<string, unknown>
    // PRICE_CHANGED alone carries the cart as it is now (the contract's ErrorBody).
    const fields =
      body.code === 'PRICE_CHANGED'
        ? ['cart', 'code', 'detail', 'message']
        : ['code', 'detail', 'message']
    expect(Object.keys(body).sort(), where).toEqual(fields)
    expect(typeof body.detail === 'string' && body.detail.length > 0, where).toBe(true)
    expect(body.detail, where).toBe(body.message)
    expect(Object.keys(ERROR_STATUS), where).toContain(body.code)
  }
  const changes = await changeCount()
  const before = lastChange
  lastChange = changes
  if (res.statusCode >= 400) {
    refusedSinceSnapshot++
    if (changes !== before) {
      throw new Error(
        `a refused request changed the database (${(await changedTablesSince(before)).join(', ')}): ${where}`,
      )
    }
  } else {
    succeededSinceSnapshot++
  }
  // Every 100 requests: if all were refused, the whole database must be exactly as it was.
  if (refusedSinceSnapshot + succeededSinceSnapshot >= 100) {
    const now = await databaseSnapshot(target.t.database.db)
    if (succeededSinceSnapshot === 0) {
      expect(snapshotDiff(snapshot, now), 'a run of refused requests changed the database').toEqual(
        [],
      )
    }
    snapshot = now
    refusedSinceSnapshot = 0
    succeededSinceSnapshot = 0
  }
}

/** Installs the change log (a row trigger on every table) and takes the first fingerprint. */
export async function startBookkeeping(): Promise<void> {
  const { db } = target.t.database
  // Counts every committed row change, so a refused request that wrote anything is caught.
  await db.execute(`create table reliability_change_log (
      id bigint generated always as identity primary key, tbl text not null, op text not null)`)
  await db.execute(`create function reliability_log_change() returns trigger
      language plpgsql as $$ begin
        insert into reliability_change_log (tbl, op) values (tg_table_name, tg_op); return null;
      end $$`)
  const tables = await queryRows<{ name: string }>(
    db,
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE'
        and table_name <> 'reliability_change_log'`,
  )
  for (const { name } of tables) {
    await db.execute(
      `create trigger reliability_change after insert or update or delete on "${name}"
         for each row execute function reliability_log_change()`,
    )
  }
  lastChange = await changeCount()
  snapshot = await databaseSnapshot(db)
}
