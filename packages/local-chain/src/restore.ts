// Brings a chain back from its store: the blocks (from their times), the ledger, the accounts'
// newest states into a fresh LiteSVM, and the versions that reads at `confirmed`/`finalized`
// still need. A new store gets a genesis block instead.
import type { AccountHistory } from './account-history.js'
import { Blocks } from './blocks.js'
import type { Executor } from './executor.js'
import type { Ledger } from './ledger.js'
import type { AccountView } from './model.js'
import type { ChainMeta, ChainStore } from './store.js'
import type { LedgerRecord } from './store-format.js'

export interface RestoreTargets {
  executor: Executor
  ledger: Ledger
  history: AccountHistory
  /** Unix seconds now. */
  now: number
  finalizationDepth: number
  newGenesis(): ChainMeta
}

export interface Restored {
  blocks: Blocks
  genesisTime: number
  faucetSeed: Uint8Array
}

function slotOf(record: LedgerRecord): number {
  return record.kind === 'transaction' ? record.entry.slot : record.slot
}

export function restoreChain(store: ChainStore, into: RestoreTargets): Restored {
  const stored = store.load()
  const meta = stored ?? into.newGenesis()
  if (!stored) store.create(meta)
  const sealed = stored ? [...stored.blockTimes] : []
  if (sealed.length === 0) {
    // Slot 0, the genesis block, is sealed from the start.
    sealed.push(meta.genesisTime)
    store.appendBlockTime(meta.genesisTime)
  }
  const records = stored?.records ?? []
  const last = records.at(-1)
  const lastSlot = last ? slotOf(last) : -1
  let workingTime = Math.max(sealed.at(-1) ?? meta.genesisTime, into.now)
  if (lastSlot >= sealed.length) {
    // A crash came between a transaction and the sealing of its slot (or of slots before it):
    // those slots are sealed with the last known time, and the transaction's slot reopens.
    const lastTime = sealed.at(-1) ?? meta.genesisTime
    while (sealed.length < lastSlot) {
      sealed.push(lastTime)
      store.appendBlockTime(lastTime)
    }
    workingTime = last?.kind === 'transaction' ? last.entry.blockTime : lastTime
  }
  const blocks = new Blocks(meta.genesisHash, sealed, workingTime)
  const finalized = Math.max(0, blocks.working - into.finalizationDepth)

  const states = new Map<string, AccountView | null>()
  for (const record of records) {
    if (record.kind === 'transaction') into.ledger.add(record.entry)
    for (const [address, account] of record.accounts) {
      if (record.kind === 'accounts') into.history.forget(address)
      else if (record.entry.slot > finalized) {
        into.history.record(address, record.entry.slot, states.get(address) ?? null, account)
      }
      states.set(address, account)
    }
  }
  for (const [address, account] of states) {
    if (account) into.executor.setAccount(address, account)
  }
  return { blocks, genesisTime: meta.genesisTime, faucetSeed: meta.faucetSeed }
}
