// What the chain records and reports: accounts, ledger entries and simulations, in the terms of
// the RPC (base58 keys, bigint lamports) rather than LiteSVM's.
import type { DescribedError, TransactionErrorJson } from './errors.js'
import type { CommitmentLevel } from './timing.js'
import type { TokenBalance } from './token-accounts.js'
import type { ParsedTransaction } from './wire.js'

export interface AccountView {
  lamports: bigint
  owner: string
  data: Uint8Array
  executable: boolean
}

export interface InnerInstruction {
  programIdIndex: number
  accounts: number[]
  data: Uint8Array
  stackHeight: number
}

export interface InnerInstructionSet {
  /** Index of the top-level instruction that made these calls. */
  index: number
  instructions: InnerInstruction[]
}

export interface ReturnData {
  programId: string
  data: Uint8Array
}

export interface LoadedAddresses {
  writable: string[]
  readonly: string[]
}

/** The message's own keys followed by the keys loaded from lookup tables. */
export interface ResolvedKeys {
  accountKeys: string[]
  loadedAddresses: LoadedAddresses
}

/** Everything the RPC reports about a processed transaction. */
export interface LedgerEntry extends ResolvedKeys {
  /** Position in the ledger: later transactions have larger numbers. */
  sequence: number
  signature: string
  slot: number
  blockTime: number
  /** The transaction as it was sent (`wire` serves the base58/base64 encodings). */
  transaction: ParsedTransaction
  preBalances: bigint[]
  postBalances: bigint[]
  /** The token accounts among its keys, before and after (see tokenBalancesOf). */
  preTokenBalances: TokenBalance[]
  postTokenBalances: TokenBalance[]
  fee: bigint
  err: TransactionErrorJson | null
  logMessages: string[]
  computeUnitsConsumed: bigint
  innerInstructions: InnerInstructionSet[]
  returnData: ReturnData | null
  /** As the RPC formats memos: "[length] text", joined by "; ". */
  memo: string | null
  /** The accounts the transaction could write (the chain keeps their states). */
  writableKeys: string[]
}

export interface Simulation extends ResolvedKeys {
  transaction: ParsedTransaction
  err: DescribedError | null
  logs: string[]
  unitsConsumed: bigint
  returnData: ReturnData | null
  innerInstructions: InnerInstructionSet[]
  /** State after the simulated execution of the accounts it could write. */
  postAccounts: Map<string, AccountView>
  replacementBlockhash: { blockhash: string; lastValidBlockHeight: number } | null
}

export interface SignatureQuery {
  before?: string
  until?: string
  limit?: number
}

export interface BlockView {
  slot: number
  blockTime: number
  blockhash: string
  parentSlot: number
  previousBlockhash: string
  entries: readonly LedgerEntry[]
}

export interface SignatureStatusView {
  confirmationStatus: CommitmentLevel
  /** Blocks since the transaction's block; null once it is finalized. */
  confirmations: number | null
}
