// The shop's own health: the health check asks the database for an answer, and says what is
// wrong when none comes (a load balancer or a supervisor reads the status, an owner the detail).
import type { Db } from '../../db/client.js'
import { type DatabaseProblem, databaseProblem } from '../../db/errors.js'
import { AppError } from '../../http/errors.js'

/** How long the health check waits for the database: a stalled one must not stall the check. */
export const HEALTH_DB_TIMEOUT_MS = 2_000
const RETRY_AFTER_SECONDS = '5'

const DESCRIPTIONS: Record<DatabaseProblem, string> = {
  unreachable:
    'The database is unreachable (restarting, stopped or cut off); the shop reconnects by itself.',
  'not answering': 'The database does not answer in time.',
  'disk full': "The database's disk is full: free some space; the shop recovers by itself.",
}

export class SystemService {
  constructor(
    private readonly db: Db,
    /** Whether the data folder's disk is below its reserve (disk-space.ts). */
    private readonly diskFull: () => boolean = () => false,
  ) {}

  /** 503 SERVICE_UNAVAILABLE, naming the problem, when the database does not answer. */
  async health(): Promise<{ status: 'ok' }> {
    if (this.diskFull()) {
      throw new AppError('SERVICE_UNAVAILABLE', DESCRIPTIONS['disk full'], {
        'retry-after': RETRY_AFTER_SECONDS,
      })
    }
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('health check timeout')), HEALTH_DB_TIMEOUT_MS)
    })
    try {
      await Promise.race([this.db.execute('select 1'), timeout])
    } catch (error) {
      const problem = databaseProblem(error) ?? 'unreachable'
      throw new AppError('SERVICE_UNAVAILABLE', DESCRIPTIONS[problem], {
        'retry-after': RETRY_AFTER_SECONDS,
      })
    } finally {
      clearTimeout(timer)
    }
    return { status: 'ok' }
  }
}
