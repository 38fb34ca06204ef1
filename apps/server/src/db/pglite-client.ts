// What the shop adds to the PGlite client, in the one place every statement passes through
// (Drizzle, the migrations and tests all use this client): Drizzle's parser overrides are
// installed once instead of being sent with every query, and every parameterised statement is
// prepared once (named-statements.ts), as the PostgreSQL client does per connection.
import { type PGlite, type QueryOptions, type Transaction, types } from '@electric-sql/pglite'
import { NamedStatements } from './named-statements.js'

/**
 * Drizzle sends these with every query (timestamps, intervals and dates as text, which Drizzle
 * converts itself; 1115, 1182, 1185, 1187 and 1231 are their array types), and PGlite copies
 * its whole parser table (over 300 types) to apply them, on every statement. They are installed on the client once and dropped from queries
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

/**
 * Installs Drizzle's parser overrides once, drops them from the queries that carry them, and
 * runs parameterised statements as named ones.
 */
export function adaptPglite(client: PGlite): PGlite {
  for (const oid of DRIZZLE_OVERRIDES) client.parsers[oid] = (value: string) => value
  const query = client.query.bind(client)
  const transaction = client.transaction.bind(client)
  const named = new NamedStatements(client)
  Object.assign(client, {
    query: ((sql: string, params?: unknown[], options?: QueryOptions) => {
      const adapted = withoutDrizzleParsers(options)
      if (!named.takes(sql, params, adapted)) return query(sql, params, adapted)
      return client._runExclusiveTransaction(() =>
        client._runExclusiveQuery(() => named.run(sql, params, adapted, false)),
      )
    }) as PGlite['query'],
    transaction: <T>(fn: (tx: Transaction) => Promise<T>): Promise<T> =>
      transaction((tx) => {
        const txQuery = tx.query.bind(tx)
        return fn(
          Object.assign(Object.create(tx), {
            query: ((sql: string, params?: unknown[], options?: QueryOptions) => {
              const adapted = withoutDrizzleParsers(options)
              if (tx.closed || !named.takes(sql, params, adapted)) {
                return txQuery(sql, params, adapted)
              }
              return client._runExclusiveQuery(() => named.run(sql, params, adapted, true))
            }) as Transaction['query'],
          }),
        )
      }),
  })
  return client
}
