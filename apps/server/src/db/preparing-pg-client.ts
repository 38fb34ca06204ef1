// A node-postgres client that keeps every parameterised statement prepared on its connection.
//
// Drizzle sends each query as an unnamed statement, so PostgreSQL parses, analyses and plans the
// same text again on every run. Named after a hash of its text, a statement is parsed once per
// connection and then only bound and executed: less work in PostgreSQL and fewer bytes on the
// wire for every query of a checkout (docs/performance.md). postgres.js does the same by default.
//
// Only statements with parameters are named: they already go by the extended protocol, which
// carries one statement each, whereas a text without parameters may hold several statements
// (migrations), which only the simple protocol accepts.
import pg from 'pg'
import { MAX_PREPARED_PER_CONNECTION, statementName } from './statement-names.js'

type QueryConfigLike = { text?: unknown; name?: unknown; submit?: unknown; values?: unknown }

export class PreparingClient extends pg.Client {
  readonly #named = new Set<string>()
  /**
   * How long a query may wait for its answer (0: for ever). Past it the query fails with
   * "Query read timeout" and the connection is dropped: a database that stopped answering (a
   * frozen server, a cut that sends nothing back) would keep it busy with the answer it owes,
   * and every query queued behind it (docs/decisions/0035).
   */
  queryTimeoutMs: number

  // biome-ignore lint/suspicious/noExplicitAny: pg.Client's constructor takes a config or a string.
  constructor(config?: any) {
    super(config)
    this.queryTimeoutMs = Number(config?.queryTimeoutMs ?? 0)
    // A connection lost while checked out of the pool (a database restart, a terminated backend)
    // emits 'error', which without a listener ends the process. Its queries are rejected all the
    // same, and the pool drops a connection that is no longer queryable when it is released.
    this.on('error', () => {})
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg.Client#query has a dozen overloads; this only adds a name and a timeout to the plain shapes and passes everything through.
  override query(config: any, values?: any, callback?: any): any {
    const timeout = this.queryTimeoutMs
    const plain = typeof config === 'string' || (config && typeof config === 'object')
    if (!timeout || !plain || typeof config.submit === 'function') {
      return super.query(this.#withName(config, values), values, callback)
    }
    const base = typeof config === 'string' ? { text: config } : config
    const query = { ...this.#withName(base, values), query_timeout: base.query_timeout ?? timeout }
    const stalled = (error: unknown) => {
      if ((error as Error | null)?.message === 'Query read timeout') this.#drop()
    }
    if (typeof values === 'function') {
      return super.query(query, (error: unknown, result: unknown) => {
        stalled(error)
        values(error, result)
      })
    }
    if (typeof callback === 'function') {
      return super.query(query, values, (error: unknown, result: unknown) => {
        stalled(error)
        callback(error, result)
      })
    }
    const result = super.query(query, values)
    result.catch(stalled)
    return result
  }

  /** Ends the connection now: whatever it still owes is failed, and the pool replaces it. */
  #drop(): void {
    ;(
      this as unknown as { connection?: { stream?: { destroy(): void } } }
    ).connection?.stream?.destroy()
  }

  // biome-ignore lint/suspicious/noExplicitAny: passed through to pg.Client#query as it came.
  #withName(config: any, values: unknown): any {
    if (!config || typeof config !== 'object') return config
    const query = config as QueryConfigLike
    // A Query or cursor object (has submit) or a caller's own name is left alone.
    if (typeof query.text !== 'string' || query.name !== undefined || query.submit !== undefined) {
      return config
    }
    const params = Array.isArray(values) ? values : query.values
    if (!Array.isArray(params) || params.length === 0) return config
    const name = statementName(query.text)
    if (!this.#named.has(name)) {
      if (this.#named.size >= MAX_PREPARED_PER_CONNECTION) return config
      this.#named.add(name)
    }
    return { ...query, name }
  }
}
