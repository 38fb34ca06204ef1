// The server's one logger type: pino's, which Fastify's `app.log` is. Services and jobs take it,
// or the part of it they use (`Pick<Logger, 'error' | 'info'>`), so tests can pass a quiet one.
// Errors are logged as `{ err }` with the Error itself: pino's serializer keeps the stack.
import pino, { type BaseLogger } from 'pino'

export type Logger = Pick<
  BaseLogger,
  'level' | 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace'
>

/** For services built without an app (tests, tools). */
export const silentLogger: Logger = pino({ enabled: false })
