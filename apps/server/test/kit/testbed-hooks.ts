// The payment testbed (chain.ts) as a test file's hooks, as useTestApp is for a plain app.
import { afterAll, beforeAll } from 'vitest'
import type { TestApp } from './app.js'
import { createPaymentTestbed, type PaymentTestbed } from './chain.js'

/**
 * The test file's testbed, created before its tests and closed after them: `bed` and its app `t`
 * stay the same objects and are filled in by that beforeAll.
 */
export function usePaymentTestbed(options: Parameters<typeof createPaymentTestbed>[0] = {}): {
  bed: PaymentTestbed
  t: TestApp
} {
  const bed = {} as PaymentTestbed
  const t = {} as TestApp
  beforeAll(async () => {
    Object.assign(bed, await createPaymentTestbed(options))
    Object.assign(t, bed.t)
  })
  afterAll(async () => {
    await bed.close?.()
  })
  return { bed, t }
}
