// The text form of what the chain keeps in its data folder: one JSON line per ledger record (a
// transaction with the accounts it wrote, or accounts set directly), bigints as decimal strings,
// bytes as base64. A transaction is kept as its wire bytes and parsed again on load.
import { writableKeys } from './account-roles.js'
import type { TransactionErrorJson } from './errors.js'
import type { AccountView, InnerInstructionSet, LedgerEntry } from './model.js'
import type { TokenBalance } from './token-accounts.js'
import { parseTransaction } from './wire.js'

export type AccountState = readonly [address: string, account: AccountView | null]

export type LedgerRecord =
  | { kind: 'transaction'; entry: LedgerEntry; accounts: AccountState[] }
  | { kind: 'accounts'; slot: number; accounts: AccountState[] }

type StoredAccount = [string, string, string, string, boolean] | [string, null]

interface StoredEntry {
  sequence: number
  signature: string
  slot: number
  blockTime: number
  wire: string
  accountKeys: string[]
  loaded: { writable: string[]; readonly: string[] }
  pre: string[]
  post: string[]
  /** Token balances: [accountIndex, mint, owner, programId, amount, decimals]; absent in older ledgers. */
  preTok?: StoredTokenBalance[]
  postTok?: StoredTokenBalance[]
  fee: string
  err: TransactionErrorJson | null
  logs: string[]
  units: string
  inner: { index: number; instructions: [number, number[], string, number][] }[]
  returnData: [string, string] | null
  memo: string | null
}

type StoredTokenBalance = [number, string, string, string, string, number]

const storeTokenBalance = (b: TokenBalance): StoredTokenBalance => [
  b.accountIndex,
  b.mint,
  b.owner,
  b.programId,
  String(b.amount),
  b.decimals,
]
const loadTokenBalance = ([
  accountIndex,
  mint,
  owner,
  programId,
  amount,
  decimals,
]: StoredTokenBalance): TokenBalance => ({
  accountIndex,
  mint,
  owner,
  programId,
  amount: BigInt(amount),
  decimals,
})

const b64 = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')
const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'base64'))

function storeAccount([address, account]: AccountState): StoredAccount {
  if (!account) return [address, null]
  return [address, String(account.lamports), account.owner, b64(account.data), account.executable]
}

function loadAccount(stored: StoredAccount): AccountState {
  if (stored[1] === null) return [stored[0], null]
  const [address, lamports, owner, data, executable] = stored
  return [address, { lamports: BigInt(lamports), owner, data: bytes(data), executable }]
}

function storeEntry(entry: LedgerEntry): StoredEntry {
  return {
    sequence: entry.sequence,
    signature: entry.signature,
    slot: entry.slot,
    blockTime: entry.blockTime,
    wire: b64(entry.transaction.wire),
    accountKeys: entry.accountKeys,
    loaded: entry.loadedAddresses,
    pre: entry.preBalances.map(String),
    post: entry.postBalances.map(String),
    preTok: entry.preTokenBalances.map(storeTokenBalance),
    postTok: entry.postTokenBalances.map(storeTokenBalance),
    fee: String(entry.fee),
    err: entry.err,
    logs: entry.logMessages,
    units: String(entry.computeUnitsConsumed),
    inner: entry.innerInstructions.map((set) => ({
      index: set.index,
      instructions: set.instructions.map((call) => [
        call.programIdIndex,
        call.accounts,
        b64(call.data),
        call.stackHeight,
      ]),
    })),
    returnData: entry.returnData ? [entry.returnData.programId, b64(entry.returnData.data)] : null,
    memo: entry.memo,
  }
}

function loadEntry(stored: StoredEntry): LedgerEntry {
  const inner: InnerInstructionSet[] = stored.inner.map((set) => ({
    index: set.index,
    instructions: set.instructions.map(([programIdIndex, accounts, data, stackHeight]) => ({
      programIdIndex,
      accounts,
      data: bytes(data),
      stackHeight,
    })),
  }))
  const transaction = parseTransaction(bytes(stored.wire))
  return {
    sequence: stored.sequence,
    signature: stored.signature,
    slot: stored.slot,
    blockTime: stored.blockTime,
    transaction,
    accountKeys: stored.accountKeys,
    loadedAddresses: stored.loaded,
    preBalances: stored.pre.map(BigInt),
    postBalances: stored.post.map(BigInt),
    preTokenBalances: (stored.preTok ?? []).map(loadTokenBalance),
    postTokenBalances: (stored.postTok ?? []).map(loadTokenBalance),
    fee: BigInt(stored.fee),
    err: stored.err,
    logMessages: stored.logs,
    computeUnitsConsumed: BigInt(stored.units),
    innerInstructions: inner,
    returnData: stored.returnData
      ? { programId: stored.returnData[0], data: bytes(stored.returnData[1]) }
      : null,
    memo: stored.memo,
    writableKeys: writableKeys(transaction.message, stored.loaded, stored.accountKeys),
  }
}

/** One line of the ledger file, newline included. */
export function formatRecord(record: LedgerRecord): string {
  const accounts = record.accounts.map(storeAccount)
  const line =
    record.kind === 'transaction'
      ? { t: 'tx', entry: storeEntry(record.entry), accounts }
      : { t: 'accounts', slot: record.slot, accounts }
  return `${JSON.stringify(line)}\n`
}

/** Reads one line of the ledger file; throws on anything that is not a whole record. */
export function parseRecord(line: string): LedgerRecord {
  const value = JSON.parse(line) as {
    t: string
    entry?: StoredEntry
    slot?: number
    accounts: StoredAccount[]
  }
  const accounts = value.accounts.map(loadAccount)
  if (value.t === 'tx' && value.entry) {
    return { kind: 'transaction', entry: loadEntry(value.entry), accounts }
  }
  if (value.t === 'accounts' && typeof value.slot === 'number') {
    return { kind: 'accounts', slot: value.slot, accounts }
  }
  throw new Error(`unknown ledger record ${value.t}`)
}
