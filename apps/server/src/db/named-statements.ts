// Parameterised statements on PGlite, prepared once and then only bound and executed.
//
// PGlite's query() sends every statement unnamed, so PostgreSQL parses, analyses and plans the
// same text again on each run; for the catalogue's short reads the planning is most of the work
// (EXPLAIN ANALYZE shows it several times the execution on PGlite's WebAssembly). Named after a
// hash of its text, a statement is parsed and described once; PostgreSQL then keeps its plan
// (a generic one once it is as cheap as the custom ones: plan_cache_mode), as the PostgreSQL
// client does on each connection (preparing-pg-client.ts). docs/decisions/0063.
//
// The messages are the ones PGlite's own query() sends (parse, describe, bind, describe, execute,
// sync), with a name, through its public execProtocol, under the same lock.
import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite'
import { MAX_PREPARED_PER_CONNECTION, statementName } from './statement-names.js'

const { serialize } = protocol

interface Prepared {
  name: string
  /** The parameters' types as PostgreSQL inferred them: which serialiser each value takes. */
  paramTypes: number[]
}

function concat(...messages: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(messages.reduce((sum, m) => sum + m.byteLength, 0))
  let at = 0
  for (const message of messages) {
    all.set(message, at)
    at += message.byteLength
  }
  return all
}

export class NamedStatements {
  readonly #prepared = new Map<string, Prepared>()

  constructor(private readonly client: PGlite) {}

  /**
   * Whether `sql` goes as a named statement: one with parameters (a text without them may hold
   * several statements, which only the simple protocol accepts), no blob (COPY's files, which
   * PGlite's own path handles), while there is room.
   */
  takes(
    sql: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
  ): params is unknown[] {
    if (!params || params.length === 0 || options?.blob || options?.paramTypes) return false
    return this.#prepared.has(sql) || this.#prepared.size < MAX_PREPARED_PER_CONNECTION
  }

  /** Runs `sql`; the caller holds PGlite's query lock. `inTransaction`: the caller's block writes. */
  async run(
    sql: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results> {
    const exec = async (message: Uint8Array) =>
      (await this.client.execProtocol(message, { syncToFs: false })).messages
    try {
      let prepared = this.#prepared.get(sql)
      if (!prepared) {
        const name = statementName(sql)
        const described = await exec(
          concat(
            serialize.parse({ name, text: sql }),
            serialize.describe({ type: 'S', name }),
            serialize.sync(),
          ),
        )
        // Kept only once PostgreSQL has it: a text that fails to parse is not remembered.
        prepared = { name, paramTypes: parse.parseDescribeStatementResults(described) }
        this.#prepared.set(sql, prepared)
      }
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null
        const type = prepared.paramTypes[i] ?? 0
        const serializer = options?.serializers?.[type] ?? this.client.serializers[type]
        return serializer ? serializer(value) : String(value)
      })
      // Sync ends the statement as PGlite's own query() does; in an explicit transaction block it
      // does not commit.
      const messages = await exec(
        concat(
          serialize.bind({ statement: prepared.name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ),
      )
      if (!inTransaction) await this.client.syncToFs()
      return parse.parseResults(messages, this.client.parsers, options)[0] as Results
    } catch (error) {
      // What PGlite's own errors carry, for the logs and for Drizzle's wrapper.
      if (error instanceof Error)
        Object.assign(error, { query: sql, params, queryOptions: options })
      throw error
    }
  }
}
