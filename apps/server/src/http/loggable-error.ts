// What of an error may be written to the log. A failed database query is the dangerous one:
// Drizzle's message is the SQL with its parameters (a customer's name, a ticket's text), and
// PostgreSQL's own message and detail often quote the value it refused
// (`invalid input syntax for type uuid: "…"`, `Key (username)=(…) already exists`). Such an
// error is logged by its SQLSTATE and the names of what it concerns (constraint, table, column)
// only, with the stack's frames; any other error keeps its message.

/** An error as the log holds it: pino's `err` serializer and start-up failures use it. */
export interface LoggedError {
  type: string
  message: string
  code?: string
  /** PostgreSQL's SQLSTATE (23505 unique violation, 22P02 invalid text…). */
  sqlState?: string
  constraint?: string
  table?: string
  column?: string
  stack?: string
  cause?: LoggedError
}

const SQLSTATE = /^[0-9A-Z]{5}$/
const MAX_CAUSES = 5

type ErrorLike = Error & Record<string, unknown>

function isErrorLike(value: unknown): value is ErrorLike {
  return typeof value === 'object' && value !== null && 'message' in value
}

/** PostgreSQL's own error (both drivers): a SQLSTATE and a severity. */
function isServerError(error: ErrorLike): boolean {
  return typeof error.code === 'string' && SQLSTATE.test(error.code) && 'severity' in error
}

/** A failed Drizzle query: its message is the SQL and its parameters. */
function isQueryError(error: ErrorLike): boolean {
  return error.name === 'DrizzleQueryError' || ('query' in error && 'params' in error)
}

/** Only the "    at …" lines: the first lines of a stack repeat the message. */
function framesOf(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line))
  return frames.length > 0 ? frames.join('\n') : undefined
}

function nameOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= 128 ? value : undefined
}

/** PostgreSQL's error in `error`'s cause chain, if any. */
function sqlErrorIn(error: ErrorLike): ErrorLike | null {
  let current: unknown = error
  for (let depth = 0; isErrorLike(current) && depth <= MAX_CAUSES; depth++) {
    if (isServerError(current)) return current
    current = current.cause
  }
  return null
}

function databaseError(error: ErrorLike): LoggedError {
  const sql = sqlErrorIn(error)
  const sqlState = typeof sql?.code === 'string' ? sql.code : undefined
  const logged: LoggedError = {
    // Drizzle's error class does not name itself: its name is plain "Error".
    type: isQueryError(error) ? 'DrizzleQueryError' : error.name,
    message: sqlState ? `database error ${sqlState}` : 'database error',
    stack: framesOf(error.stack),
  }
  if (sqlState) logged.sqlState = sqlState
  // A connection failure (no SQLSTATE) keeps its code: ECONNREFUSED, ETIMEDOUT…
  const cause = error.cause
  if (!sqlState && isErrorLike(cause) && typeof cause.code === 'string') logged.code = cause.code
  for (const key of ['constraint', 'table', 'column'] as const) {
    const name = nameOf(sql?.[key])
    if (name) logged[key] = name
  }
  return logged
}

export function loggableError(value: unknown, depth = 0): LoggedError {
  if (!isErrorLike(value)) return { type: typeof value, message: String(value) }
  if (isQueryError(value) || sqlErrorIn(value)) return databaseError(value)
  const logged: LoggedError = {
    type: typeof value.name === 'string' ? value.name : 'Error',
    message: String(value.message),
    stack: typeof value.stack === 'string' ? value.stack : undefined,
  }
  if (typeof value.code === 'string') logged.code = value.code
  if (value.cause !== undefined && depth < MAX_CAUSES) {
    logged.cause = loggableError(value.cause, depth + 1)
  }
  return logged
}

/** One line and the frames, for what is printed when the shop cannot start. */
export function describeError(value: unknown): string {
  const logged = loggableError(value)
  const head = `${logged.type}: ${logged.message}${logged.code ? ` (${logged.code})` : ''}`
  return logged.stack ? `${head}\n${framesOf(logged.stack) ?? ''}` : head
}
