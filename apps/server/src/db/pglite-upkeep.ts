// PGlite's upkeep: what PostgreSQL's autovacuum does on a server. PGlite runs PostgreSQL in
// single-user mode, where no autovacuum runs: without this, the planner would never have
// statistics (every estimate a guess, the catalogue's search a scan) and the rows that every sale
// and expiry rewrite would stay dead in the tables for the shop's whole life
// (docs/decisions/0064).
import { sql } from 'drizzle-orm'
import { type Db, queryRows } from './client.js'

/** The first pass waits until the shop has been serving a while; the next come every 6 hours. */
export const UPKEEP_FIRST_DELAY_MS = 60_000
export const UPKEEP_INTERVAL_MS = 6 * 60 * 60_000

export class PgliteUpkeep {
  #passes = 0

  constructor(private readonly db: Db) {}

  /**
   * VACUUM (ANALYZE) of each of the shop's tables, one statement each, so that requests are
   * answered between them (PGlite has one connection). The first call only starts the clock.
   */
  async run(): Promise<number> {
    if (this.#passes++ === 0) return 0
    const tables = await queryRows<{ name: string }>(
      this.db,
      sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    )
    for (const { name } of tables) {
      await this.db.execute(sql`vacuum (analyze) ${sql.identifier(name)}`)
    }
    return tables.length
  }

  nextDelayMs(): number {
    return this.#passes <= 1 ? UPKEEP_FIRST_DELAY_MS : UPKEEP_INTERVAL_MS
  }
}
