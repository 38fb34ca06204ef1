// The rate when a transfer landed (docs/domain-rules.md, Finding SOL payments): block times are
// whole seconds, so a transfer landing in the second a restarted shop recorded its first rate has
// a block time before that rate. A rate at or before the block time is taken only when it is
// fresh (within one refresh interval); otherwise the lower of the records around it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../kit/index.js'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

/** A moment of a day long past, away from the rates the running app records now. */
const on = (day: string, time: string) => new Date(`${day}T${time}Z`)

describe('the rate when a transfer landed', () => {
  it('is the lower of the stale rate before and the first after, in the second of a restart', async () => {
    const history = t.services.rateHistory
    // The shop stopped an hour before at 200 EUR/SOL; restarted, it read 150 later in the second.
    await history.record(20_000n, 'test', on('2020-01-01', '09:00:00.000'))
    await history.record(15_000n, 'test', on('2020-01-01', '10:00:00.400'))
    expect(await history.at(on('2020-01-01', '10:00:00.000'))).toBe(15_000n)
    // A later rate that is higher does not raise a lower stale one.
    await history.record(10_000n, 'test', on('2020-01-02', '09:00:00.000'))
    await history.record(12_000n, 'test', on('2020-01-02', '10:00:00.400'))
    expect(await history.at(on('2020-01-02', '10:00:00.000'))).toBe(10_000n)
  })

  it('is the first rate after when none came before, and a fresh rate before as it is', async () => {
    const history = t.services.rateHistory
    await history.record(9_000n, 'test', on('2019-01-01', '00:00:00.500'))
    expect(await history.at(on('2019-01-01', '00:00:00.000'))).toBe(9_000n)
    // Refreshed 10 s before the block time: that is the rate when it landed, even if a lower one
    // came a second later.
    await history.record(16_000n, 'test', on('2020-02-01', '10:00:00.000'))
    await history.record(14_000n, 'test', on('2020-02-01', '10:00:11.000'))
    expect(await history.at(on('2020-02-01', '10:00:10.000'))).toBe(16_000n)
  })
})
