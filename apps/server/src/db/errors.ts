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
