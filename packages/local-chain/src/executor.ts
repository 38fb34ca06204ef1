// LiteSVM behind the chain: runs or simulates one transaction with this chain's blockhash window
// and reports the result in the RPC's terms, reads and sets accounts. It knows nothing of slots,
// ledgers or commitment; LocalChain decides what to record.
import { address, lamports, signature as toSignature } from '@solana/kit'
import {
  EpochSchedule,
  FailedTransactionMetadata,
  LiteSVM,
  type SimulatedTransactionInfo,
  type TransactionMetadata,
} from 'litesvm'
import { writableKeys } from './account-roles.js'
import {
  describeTransactionError,
  namedTransactionError,
  type TransactionErrorJson,
} from './errors.js'
import { innerInstructionsOf, memoOf, resolveAccountKeys, returnDataOf } from './execution-meta.js'
import type {
  AccountView,
  InnerInstructionSet,
  ResolvedKeys,
  ReturnData,
  Simulation,
} from './model.js'
import type { AccountState } from './store-format.js'
import { type TokenBalance, tokenBalancesOf } from './token-accounts.js'
import type { ParsedMessage, ParsedTransaction } from './wire.js'

export const SLOTS_PER_EPOCH = 432_000

/** A transaction the runtime executed and charged (successfully or not). */
export interface Execution extends ResolvedKeys {
  preBalances: bigint[]
  postBalances: bigint[]
  preTokenBalances: TokenBalance[]
  postTokenBalances: TokenBalance[]
  fee: bigint
  err: TransactionErrorJson | null
  logMessages: string[]
  computeUnitsConsumed: bigint
  innerInstructions: InnerInstructionSet[]
  returnData: ReturnData | null
  memo: string | null
  /** The accounts it could write, before and after. */
  before: AccountState[]
  after: AccountState[]
}

export class Executor {
  readonly svm = new LiteSVM()

  constructor() {
    // Plain epochs without warm-up keep getEpochInfo's arithmetic obvious.
    this.svm.setEpochSchedule(
      new EpochSchedule(BigInt(SLOTS_PER_EPOCH), BigInt(SLOTS_PER_EPOCH), false, 0n, 0n),
    )
  }

  account(of: string): AccountView | null {
    const account = this.svm.getAccount(address(of))
    if (!account.exists) return null
    return {
      lamports: account.lamports,
      owner: account.programAddress,
      data: Uint8Array.from(account.data),
      executable: account.executable,
    }
  }

  balance(of: string): bigint {
    return this.svm.getBalance(address(of)) ?? 0n
  }

  setAccount(of: string, account: AccountView): void {
    this.svm.setAccount({
      address: address(of),
      lamports: lamports(account.lamports),
      programAddress: address(account.owner),
      executable: account.executable,
      data: account.data,
      space: BigInt(account.data.length),
    })
  }

  resolveKeys(message: ParsedMessage): ResolvedKeys {
    return resolveAccountKeys(message, (of) => this.account(of))
  }

  /** A simulation the RPC refuses before running anything (`error` names the reason). */
  refusal(
    transaction: ParsedTransaction,
    error: string,
    replacementBlockhash: Simulation['replacementBlockhash'],
  ): Simulation {
    return {
      transaction,
      ...this.resolveKeys(transaction.message),
      err: namedTransactionError(error),
      logs: [],
      unitsConsumed: 0n,
      returnData: null,
      innerInstructions: [],
      postAccounts: new Map(),
      replacementBlockhash,
    }
  }

  /**
   * Runs `transaction` without committing it. `blockhashValid`: whether the chain's window
   * accepts its blockhash; if not, LiteSVM's own check decides, which still lets durable-nonce
   * transactions through and reports BlockhashNotFound for the rest.
   */
  simulate(
    transaction: ParsedTransaction,
    blockhashValid: boolean,
    replacementBlockhash: Simulation['replacementBlockhash'],
  ): Simulation {
    const base = { transaction, ...this.resolveKeys(transaction.message), replacementBlockhash }
    this.svm.withBlockhashCheck(!blockhashValid)
    // Signatures are checked (or deliberately not) by the caller, as the RPC does.
    this.svm.withSigverify(false)
    let result: SimulatedTransactionInfo | FailedTransactionMetadata
    try {
      result = this.svm.simulateTransaction(transaction.kit)
    } finally {
      this.svm.withSigverify(true)
    }
    const meta = result.meta()
    const execution = {
      ...base,
      logs: meta.logs(),
      unitsConsumed: meta.computeUnitsConsumed(),
      returnData: returnDataOf(meta),
      innerInstructions: innerInstructionsOf(meta),
    }
    if (result instanceof FailedTransactionMetadata) {
      return { ...execution, err: describeTransactionError(result.err()), postAccounts: new Map() }
    }
    const postAccounts = new Map<string, AccountView>()
    for (const account of result.postAccounts()) {
      postAccounts.set(account.address, {
        lamports: account.lamports,
        owner: account.programAddress,
        data: Uint8Array.from(account.data),
        executable: account.executable,
      })
    }
    return { ...execution, err: null, postAccounts }
  }

  /**
   * Executes and commits `transaction`; null when the runtime rejects it before execution (no
   * funds for the fee, unknown blockhash): a validator would drop it, uncharged.
   */
  execute(transaction: ParsedTransaction, blockhashValid: boolean): Execution | null {
    const signature = transaction.signatures[0] ?? ''
    const keys = this.resolveKeys(transaction.message)
    const written = writableKeys(transaction.message, keys.loadedAddresses, keys.accountKeys)
    const before = written.map((key): AccountState => [key, this.account(key)])
    const preBalances = keys.accountKeys.map((key) => this.balance(key))
    // Reading an account from LiteSVM is slow next to a transfer: the token balances reuse the
    // writable accounts' states read anyway and read each other key once (it cannot change).
    const invoked = new Set(transaction.message.instructions.map((i) => i.programIdIndex))
    const unwritten = new Map<string, AccountView | null>()
    const readOnce = (key: string) => {
      if (!unwritten.has(key)) unwritten.set(key, this.account(key))
      return unwritten.get(key) ?? null
    }
    const stateIn = (states: Map<string, AccountView | null>) => (key: string) =>
      states.has(key) ? (states.get(key) ?? null) : readOnce(key)
    const preTokenBalances = tokenBalancesOf(keys.accountKeys, stateIn(new Map(before)), invoked)
    this.svm.withBlockhashCheck(!blockhashValid)
    let result: TransactionMetadata | FailedTransactionMetadata
    try {
      result = this.svm.sendTransaction(transaction.kit)
    } catch {
      // The LiteSVM wrapper throws on input it cannot submit; a validator would drop it.
      return null
    }
    const failed = result instanceof FailedTransactionMetadata ? result : null
    // A failed transaction that was charged its fee is in LiteSVM's history; one rejected
    // before execution is not. The chain sends each signature once, so a hit is this one.
    if (failed && this.svm.getTransaction(toSignature(signature)) === null) return null
    const meta = failed ? failed.meta() : (result as TransactionMetadata)
    const postBalances = keys.accountKeys.map((key) => this.balance(key))
    const after = written.map((key): AccountState => [key, this.account(key)])
    const sum = (values: bigint[]) => values.reduce((total, value) => total + value, 0n)
    return {
      ...keys,
      preBalances,
      postBalances,
      preTokenBalances,
      postTokenBalances: tokenBalancesOf(keys.accountKeys, stateIn(new Map(after)), invoked),
      fee: sum(preBalances) - sum(postBalances),
      err: failed ? describeTransactionError(failed.err()).json : null,
      logMessages: meta.logs(),
      computeUnitsConsumed: meta.computeUnitsConsumed(),
      innerInstructions: innerInstructionsOf(meta),
      returnData: returnDataOf(meta),
      memo: memoOf(transaction.message),
      before,
      after,
    }
  }
}
