// The versions behind reads at lagging commitments: what each slot saw, and that they are
// forgotten once the finalized slot has passed them.
import { describe, expect, it } from 'vitest'
import { AccountHistory } from './account-history.js'
import type { AccountView } from './model.js'

const account = (lamports: bigint): AccountView => ({
  lamports,
  owner: '11111111111111111111111111111111',
  data: new Uint8Array(0),
  executable: false,
})

describe('AccountHistory', () => {
  it('answers each slot with the state at its end, and the newest state after that', () => {
    const history = new AccountHistory()
    history.record('a', 5, null, account(1n))
    history.record('a', 5, account(1n), account(2n)) // a second change in the same slot
    history.record('a', 8, account(2n), account(3n))
    expect(history.at('a', 4)).toBeNull()
    expect(history.at('a', 5)).toEqual(account(2n))
    expect(history.at('a', 7)).toEqual(account(2n))
    expect(history.at('a', 8)).toBeUndefined() // the newest state holds from here on
    expect(history.at('b', 1)).toBeUndefined()
  })

  it('forgets versions the finalized slot has passed, then the account itself', () => {
    const history = new AccountHistory()
    history.record('a', 5, account(0n), account(1n))
    history.record('a', 8, account(1n), account(3n))
    history.prune(6)
    expect(history.at('a', 6)).toEqual(account(1n))
    expect(history.size).toBe(1)
    history.prune(8)
    expect(history.size).toBe(0)
    history.record('b', 9, null, account(1n))
    history.forget('b')
    expect(history.at('b', 1)).toBeUndefined()
  })
})
