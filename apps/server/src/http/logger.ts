// Logging that cannot identify a customer: requests are logged by method, route and status only.
// Fastify's default serialisers add the client address, port and host; these replace them, and
// nothing reads request headers into the log. Errors are logged through loggableError: a failed
// query never brings its parameters along.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { LoggerOptions } from 'pino'
import type { LogLevel } from '../config.js'
import { loggableError } from './loggable-error.js'

export function loggerOptions(level: LogLevel): LoggerOptions {
  return {
    level,
    // No host name either: the pid is enough to tell processes apart.
    base: { pid: process.pid },
    serializers: {
      req(request: FastifyRequest) {
        // The route pattern, not the URL: paths and query strings can carry search terms.
        return { method: request.method, route: request.routeOptions?.url ?? 'unmatched' }
      },
      res(reply: FastifyReply) {
        return { statusCode: reply.statusCode }
      },
      err: loggableError,
    },
    // Belt and braces: if any code ever logs these, they are removed.
    redact: {
      paths: [
        'req.headers',
        'req.remoteAddress',
        'req.remotePort',
        'req.ip',
        'req.ips',
        'headers',
        'ip',
        'password',
        '*.password',
        'refresh_token',
        '*.refresh_token',
      ],
      remove: true,
    },
  }
}
