// Personal data: what the suites send that must never be kept (canaries), and the scan for
// addresses, user agents, e-mails and phone numbers in a database dump and in logs.
import net from 'node:net'
import { type DbOrTx, queryRows } from '../../src/db/client.js'

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

/** The address the shop listens on, as its start line names it. */
const OWN_ADDRESS =
  /(?<=shop ready: |create the owner account at )https?:\/\/(?:\[[^\]\s]+\]|[^\s/:]+)(?::\d+)?/g
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
 * of addresses: the shop's own logs name none but its own, in its start line ("shop ready:
 * http://127.0.0.1:8080 ...", main.ts) and the owner's setup link on that origin, which are the
 * server's and are left out.
 */
export function personalDataIn(logged: string): string[] {
  const text = logged.replace(OWN_ADDRESS, 'http://own-address')
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
