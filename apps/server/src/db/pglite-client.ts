// What the shop adds to the PGlite client, in the one place every statement passes through
// (Drizzle, the migrations and tests all use this client):
// - every statement that may write is reported to the table versions (table-versions.ts) when it
//   settles, and a transaction's tables again when the transaction settles;
// - Drizzle's parser overrides are installed once instead of being sent with every query.
import { type PGlite, type QueryOptions, types } from '@electric-sql/pglite'
import { ALL_TABLES, type TableVersions } from './table-versions.js'

/**
 * Drizzle sends these with every query (timestamps, intervals and dates as text, which Drizzle
 * converts itself; 1115, 1182, 1185, 1187 and 1231 are their array types), and PGlite copies
 * its whole parser table (over 300 types) to apply them: about 70 µs per statement, a tenth of
 * a checkout's database time. They are installed on the client once and dropped from queries
 * that carry exactly these. Nothing else queries this client, so nothing else sees a change.
 */
const DRIZZLE_TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE]
const DRIZZLE_TEXT_ARRAYS = [1231, 1115, 1185, 1187, 1182]
const DRIZZLE_OVERRIDES = new Set([...DRIZZLE_TEXT_TYPES, ...DRIZZLE_TEXT_ARRAYS].map(String))

function withoutDrizzleParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers
  if (!parsers) return options
  const keys = Object.keys(parsers)
  if (keys.length !== DRIZZLE_OVERRIDES.size || !keys.every((k) => DRIZZLE_OVERRIDES.has(k))) {
    return options
  }
  return { ...options, parsers: undefined }
}

interface Statements {
  query: PGlite['query']
  exec: PGlite['exec']
}

export function adaptPglite(client: PGlite, versions: TableVersions): PGlite {
  for (const oid of DRIZZLE_OVERRIDES) client.parsers[oid] = (value: string) => value

  const adapt = (target: Statements, touched: Set<string> | null): Statements => {
    const query = target.query.bind(target)
    const exec = target.exec.bind(target)
    const note = (tables: string[]) => {
      for (const table of tables) touched?.add(table)
      if (tables.length > 0) versions.raise(tables)
    }
    return {
      query: (async (sql: string, params?: unknown[], options?: QueryOptions) => {
        const tables = versions.written(sql)
        try {
          return await query(sql, params, withoutDrizzleParsers(options))
        } finally {
          note(tables)
        }
      }) as PGlite['query'],
      // Several statements at once (migrations): anything may have changed.
      exec: (async (...args: Parameters<PGlite['exec']>) => {
        try {
          return await exec(...args)
        } finally {
          note([ALL_TABLES])
        }
      }) as PGlite['exec'],
    }
  }

  const transaction = client.transaction.bind(client)
  Object.assign(client, adapt(client, null), {
    transaction: async <T>(fn: (tx: Statements) => Promise<T>): Promise<T> => {
      const touched = new Set<string>()
      try {
        return await transaction((tx) => fn(Object.assign(Object.create(tx), adapt(tx, touched))))
      } finally {
        if (touched.size > 0) versions.raise(touched)
      }
    },
  })
  return client
}
