// One error handler for the whole API: validation failures name the field, client mistakes get
// their own 4xx code, and a 5xx never carries internals (the log keeps the stack).
import type { ErrorCode } from '@shop/contract'
import type { FastifyError, FastifyInstance } from 'fastify'
import { databaseProblem } from '../db/errors.js'
import { AppError, errorBody } from './errors.js'

/** Seconds a client is asked to wait when the database cannot serve (a restart takes a few). */
export const DATABASE_RETRY_AFTER_SECONDS = '5'

interface ValidationIssue {
  instancePath?: string
  keyword?: string
  message?: string
  params?: Record<string, unknown>
}

/** "body.username must NOT have fewer than 3 characters" from Ajv's first issue. */
function describeValidation(error: FastifyError): string {
  const issue = (error.validation?.[0] ?? {}) as ValidationIssue
  const where = error.validationContext ?? 'request'
  const path = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.')
  let field = path
  if (issue.keyword === 'required' && typeof issue.params?.missingProperty === 'string') {
    field = path ? `${path}.${issue.params.missingProperty}` : issue.params.missingProperty
    return `${where}.${field} is required`
  }
  if (
    issue.keyword === 'additionalProperties' &&
    typeof issue.params?.additionalProperty === 'string'
  ) {
    return `${where}.${issue.params.additionalProperty} is not allowed`
  }
  const subject = field ? `${where}.${field}` : where
  return `${subject} ${issue.message ?? 'is invalid'}`
}

/** Fastify's own client errors, mapped to our codes. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_ERROR',
  FST_ERR_CTP_INVALID_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_BAD_URL: 'NOT_FOUND',
  FST_ERR_ASYNC_CONSTRAINT: 'NOT_FOUND',
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers)
      return reply
        .status(error.statusCode)
        .send({ ...errorBody(error.code, error.message), ...error.extra })
    }
    if (error.validation) {
      return reply.status(400).send(errorBody('VALIDATION_ERROR', describeValidation(error)))
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined
    if (mapped) {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400
      return reply.status(status).send(errorBody(mapped))
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      // Any other client error Fastify raises (e.g. a malformed header): a generic 4xx.
      return reply.status(status).send(errorBody('VALIDATION_ERROR', error.message))
    }
    // A database restarting, cut off, frozen or out of disk: the client may try again shortly
    // (docs/decisions/0035); the health check says which.
    if (databaseProblem(error)) {
      request.log.warn({ err: error }, 'database unavailable')
      reply.header('retry-after', DATABASE_RETRY_AFTER_SECONDS)
      return reply.status(503).send(errorBody('SERVICE_UNAVAILABLE'))
    }
    // Through the logger's err serializer (loggable-error.ts): a failed query is logged by its
    // SQLSTATE, never with its parameters or the value PostgreSQL quotes.
    request.log.error({ err: error }, 'request failed')
    return reply.status(500).send(errorBody('INTERNAL_ERROR'))
  })
}
