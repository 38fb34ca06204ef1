// The payment testbed (chain.ts) as a test file's hooks, as useTestApp is for a plain app.
import { afterAll, beforeAll } from 'vitest'
import type { TestApp } from './app.js'
import { createPaymentTestbed, type PaymentTestbed, recordRateAMinuteAgo } from './chain.js'

/**
 * The test file's testbed, created before its tests and closed after them: `bed` and its app `t`
 * stay the same objects and are filled in by that beforeAll. With `rateAMinuteAgo` the shop has a
 * SOL rate, recorded a minute before the tests, as a running shop would.
 */
export function usePaymentTestbed(
  options: Parameters<typeof createPaymentTestbed>[0] & { rateAMinuteAgo?: boolean } = {},
): { bed: PaymentTestbed; t: TestApp } {
  const { rateAMinuteAgo, ...testbedOptions } = options
  const bed = {} as PaymentTestbed
  const t = {} as TestApp
  beforeAll(async () => {
    Object.assign(bed, await createPaymentTestbed(testbedOptions))
    Object.assign(t, bed.t)
    if (rateAMinuteAgo) await recordRateAMinuteAgo(t)
  })
  afterAll(async () => {
    await bed.close?.()
  })
  return { bed, t }
}
