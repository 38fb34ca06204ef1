// PostgreSQL errors that several modules handle, recognised the same way on both drivers:
// node-postgres and PGlite put the SQLSTATE on the error, Drizzle wraps it as the cause.
const UNIQUE_VIOLATION = '23505'
const DEADLOCK_DETECTED = '40P01'
const INVALID_PARAMETER_VALUE = '22023'

/** Whether the error, or one of its causes, carries this SQLSTATE. */
function hasSqlState(error: unknown, state: string): boolean {
  let current: unknown = error
  for (let depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === state) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/** A unique key refused the row (a code, a name or an amount taken meanwhile). */
export function isUniqueViolation(error: unknown): boolean {
  return hasSqlState(error, UNIQUE_VIOLATION)
}

/** A parameter PostgreSQL does not accept (such as a time zone it does not know). */
export function isInvalidParameter(error: unknown): boolean {
  return hasSqlState(error, INVALID_PARAMETER_VALUE)
}

/** PostgreSQL rolled the transaction back as a deadlock victim. */
export function isDeadlock(error: unknown): boolean {
  return hasSqlState(error, DEADLOCK_DETECTED)
}

/**
 * Runs `attempt` until it succeeds, at most `attempts` times, while it fails with an error
 * `retryable` accepts. Each attempt must leave nothing behind when it fails: a transaction.
 */
export async function retrying<T>(
  attempts: number,
  retryable: (error: unknown) => boolean,
  attempt: () => Promise<T>,
): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt()
    } catch (error) {
      if (n >= attempts || !retryable(error)) throw error
    }
  }
}

/** Why the database cannot serve now, when it is something that passes: see `databaseProblem`. */
export type DatabaseProblem = 'unreachable' | 'not answering' | 'disk full'

/** SQLSTATEs of a server shutting down, restarting, refusing connections or out of them. */
const UNREACHABLE_STATES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
])
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
])
/** node-postgres's own words for a connection lost or never made. */
const UNREACHABLE_MESSAGES = ['Connection terminated', 'not queryable', 'Client was closed']

/**
 * A database restart, a cut, a stall or a full disk, which a later attempt may not meet: the
 * error, or one of its causes, says so. Null for any other error (a bug, a constraint).
 */
export function databaseProblem(error: unknown): DatabaseProblem | null {
  let current: unknown = error
  for (let depth = 0; current && depth < 5; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown }
    if (code === '53100' || code === 'ENOSPC') return 'disk full'
    // A statement past statement_timeout, or no answer in time (a query, a connection).
    if (code === '57014' || (typeof message === 'string' && /\btimeout\b/.test(message))) {
      return 'not answering'
    }
    if (typeof code === 'string' && (UNREACHABLE_STATES.has(code) || NETWORK_CODES.has(code))) {
      return 'unreachable'
    }
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.some((m) => message.includes(m))) {
      return 'unreachable'
    }
    current = (current as { cause?: unknown }).cause
  }
  return null
}
