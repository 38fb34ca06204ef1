// The shop's own health: the health check asks the database for an answer.
import type { Db } from '../../db/client.js'

export class SystemService {
  constructor(private readonly db: Db) {}

  /** Throws (a 500) when the database does not answer. */
  async health(): Promise<{ status: 'ok' }> {
    await this.db.execute('select 1')
    return { status: 'ok' }
  }
}
