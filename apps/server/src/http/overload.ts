// Overload answers, it does not abort: before the heap reaches the limit that makes V8 end the
// process (--max-old-space-size in the start command), or while the event loop lags behind, every
// request but the health check is answered 503 SERVICE_UNAVAILABLE with Retry-After, and the shop
// serves again by itself once the pressure is gone (@fastify/under-pressure samples both every
// second). The heap's threshold follows the heap's limit: raising --max-old-space-size, the one
// setting, raises both.
import v8 from 'node:v8'
import underPressure from '@fastify/under-pressure'
import type { FastifyInstance } from 'fastify'
import { reproduceHooksOnHit } from './answer-cache.js'
import { AppError } from './errors.js'

export interface OverloadLimits {
  /** The event loop's mean delay over a sample that counts as overload; 0 turns the check off. */
  maxEventLoopDelayMs: number
  /** The share of V8's heap limit whose use counts as overload. */
  heapShare: number
  /** How often both are sampled. */
  sampleIntervalMs: number
}

export const DEFAULT_OVERLOAD_LIMITS: OverloadLimits = {
  maxEventLoopDelayMs: 1_000,
  heapShare: 0.9,
  sampleIntervalMs: 1_000,
}

const RETRY_AFTER_SECONDS = 5

export async function registerOverloadGuard(
  app: FastifyInstance,
  limits: OverloadLimits,
): Promise<void> {
  const heapLimit = v8.getHeapStatistics().heap_size_limit
  await reproduceHooksOnHit(
    app,
    // A hit is handed to Fastify while the shop is under pressure (answer-cache.ts).
    'a hit under pressure goes to Fastify, which refuses it',
    () =>
      app.register(underPressure, {
        maxEventLoopDelay: limits.maxEventLoopDelayMs,
        maxHeapUsedBytes: Math.floor(heapLimit * limits.heapShare),
        sampleInterval: limits.sampleIntervalMs,
        // The health check still answers: it says what is wrong. Anything else is refused
        // through the error handler, as every error is ({code, detail, message}).
        pressureHandler: (request) =>
          request.url.split('?', 1)[0] === '/api/health'
            ? undefined
            : Promise.reject(
                new AppError('SERVICE_UNAVAILABLE', undefined, {
                  'retry-after': String(RETRY_AFTER_SECONDS),
                }),
              ),
      }),
  )
}
