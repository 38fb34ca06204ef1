// Password hashing bounded in concurrency (modules/auth/passwords.ts): a burst of sign-ups waits
// its turn, a few hashes at a time, instead of each taking its 19 MiB at once; too many waiting
// are refused at once with 503 and Retry-After.
import { describe, expect, it } from 'vitest'
import {
  hashPassword,
  PASSWORD_WORK_AT_ONCE,
  PASSWORD_WORK_WAITING_MAX,
  passwordWork,
} from '../src/modules/auth/passwords.js'
import { useTestApp } from './kit/index.js'

const t = useTestApp()

describe('password hashing', () => {
  it('runs 20 sign-ups at once a few at a time, and every one succeeds', async () => {
    let most = 0
    let waited = 0
    const sampler = setInterval(() => {
      const now = passwordWork()
      most = Math.max(most, now.running)
      waited = Math.max(waited, now.waiting)
    }, 1)
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          t.app.inject({
            method: 'POST',
            url: '/api/auth/web/register',
            payload: {
              username: `burst_${process.pid}_${i}`,
              password: 'correct horse battery',
              confirm_password: 'correct horse battery',
            },
          }),
        ),
      )
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200))
    } finally {
      clearInterval(sampler)
    }
    expect(most).toBeLessThanOrEqual(PASSWORD_WORK_AT_ONCE)
    expect(waited).toBeGreaterThan(0)
    expect(passwordWork()).toEqual({ running: 0, waiting: 0 })
  })

  it('refuses at once what would wait beyond the queue, and serves the rest', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: PASSWORD_WORK_AT_ONCE + PASSWORD_WORK_WAITING_MAX + 5 }, () =>
        hashPassword('correct horse battery'),
      ),
    )
    const refused = results.filter((r) => r.status === 'rejected')
    expect(refused).toHaveLength(5)
    for (const r of refused) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        headers: { 'retry-after': '2' },
      })
    }
  })
})
