// A single-node Solana chain for local runs and tests: LiteSVM executes the transactions, and
// this class adds what a validator's RPC needs on top: slots and block times, a window of valid
// recent blockhashes, a faucet, and a ledger of every processed transaction.
import { address, signature as toSignature } from '@solana/kit'
import {
  Clock,
  EpochSchedule,
  FailedTransactionMetadata,
  LiteSVM,
  type SimulatedTransactionInfo,
  type TransactionMetadata,
} from 'litesvm'
import {
  describeTransactionError,
  JsonRpcError,
  namedTransactionError,
  SEND_TRANSACTION_PREFLIGHT_FAILURE,
  TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
} from './errors.js'
import { innerInstructionsOf, memoOf, resolveAccountKeys, returnDataOf } from './execution-meta.js'
import { DEFAULT_FAUCET_LAMPORTS, Faucet } from './faucet.js'
import { Ledger } from './ledger.js'
import type { AccountView, LedgerEntry, SignatureQuery, Simulation } from './model.js'
import { decodeTransaction, signaturesAreValid } from './transaction-checks.js'
import {
  encodeBase58,
  type ParsedMessage,
  type ParsedTransaction,
  parseMessage,
  withRecentBlockhash,
} from './wire.js'

export type { AccountView, LedgerEntry, Simulation } from './model.js'

/** Blocks a blockhash stays usable for, as on the real cluster (MAX_PROCESSING_AGE). */
export const BLOCKHASH_VALIDITY_BLOCKS = 150
export const SLOTS_PER_EPOCH = 432_000
export const LAMPORTS_PER_SIGNATURE = 5000n
const ZERO_SIGNATURE = encodeBase58(new Uint8Array(64))

export interface LocalChainOptions {
  /** Wall clock in milliseconds; block times follow it (plus `advanceTime`). */
  now?: () => number
  /** Lamports the faucet behind `airdrop`/`requestAirdrop` starts with. */
  faucetLamports?: bigint
}

export class LocalChain {
  readonly #svm: LiteSVM
  readonly #clockMs: () => number
  readonly #faucet: Faucet
  #timeOffsetSeconds = 0
  #slot = 0
  #blockTime: number
  readonly #genesisTime: number
  readonly #genesisHash: string
  /** Recent blockhashes and the last block height each may land in. */
  readonly #blockhashes = new Map<string, number>()
  #latestBlockhash: string
  readonly #ledger = new Ledger()

  constructor(options: LocalChainOptions = {}) {
    this.#clockMs = options.now ?? Date.now
    // LiteSVM's own blockhash check accepts only its latest hash; this class keeps the
    // real cluster's window of 150 blocks instead and switches the check per transaction.
    this.#svm = new LiteSVM()
    this.#faucet = new Faucet(this.#svm, options.faucetLamports ?? DEFAULT_FAUCET_LAMPORTS)
    // Plain epochs without warm-up keep getEpochInfo's arithmetic obvious.
    this.#svm.setEpochSchedule(
      new EpochSchedule(BigInt(SLOTS_PER_EPOCH), BigInt(SLOTS_PER_EPOCH), false, 0n, 0n),
    )
    this.#genesisTime = this.now()
    this.#blockTime = this.#genesisTime
    this.#writeClock()
    this.#genesisHash = this.#svm.latestBlockhash()
    this.#latestBlockhash = this.#genesisHash
    this.#blockhashes.set(this.#genesisHash, BLOCKHASH_VALIDITY_BLOCKS)
  }

  /** The LiteSVM instance, for tests that need to set up accounts directly. */
  get svm(): LiteSVM {
    return this.#svm
  }

  get slot(): number {
    return this.#slot
  }

  /** Every slot here produces a block, so the block height equals the slot. */
  get blockHeight(): number {
    return this.#slot
  }

  get genesisHash(): string {
    return this.#genesisHash
  }

  /** Number of transactions in the ledger (failed ones included, as they paid a fee). */
  get transactionCount(): number {
    return this.#ledger.size
  }

  /** The chain's current Unix time in seconds. */
  now(): number {
    return Math.floor(this.#clockMs() / 1000) + this.#timeOffsetSeconds
  }

  latestBlockhash(): { blockhash: string; lastValidBlockHeight: number } {
    return {
      blockhash: this.#latestBlockhash,
      lastValidBlockHeight: this.#blockhashes.get(this.#latestBlockhash) ?? this.blockHeight,
    }
  }

  isBlockhashValid(blockhash: string): boolean {
    const lastValidBlockHeight = this.#blockhashes.get(blockhash)
    return lastValidBlockHeight !== undefined && this.blockHeight <= lastValidBlockHeight
  }

  /** Produces `count` empty slots, which also ages blockhashes; returns the new slot. */
  advanceSlots(count = 1): number {
    if (!Number.isInteger(count) || count < 1) throw new RangeError('count must be at least 1')
    this.#enterSlot(this.#slot + count)
    this.#sealSlot()
    return this.#slot
  }

  /** Moves the chain's clock forward, for block times of later transactions. */
  advanceTime(seconds: number): void {
    if (!Number.isInteger(seconds) || seconds < 0) throw new RangeError('seconds must be >= 0')
    this.#timeOffsetSeconds += seconds
  }

  getBalance(of: string): bigint {
    return this.#svm.getBalance(address(of)) ?? 0n
  }

  getAccount(of: string): AccountView | null {
    const account = this.#svm.getAccount(address(of))
    if (!account.exists) return null
    return {
      lamports: account.lamports,
      owner: account.programAddress,
      data: Uint8Array.from(account.data),
      executable: account.executable,
    }
  }

  minimumBalanceForRentExemption(dataLength: bigint): bigint {
    return this.#svm.minimumBalanceForRentExemption(dataLength)
  }

  /** The fee for a serialized message, or null when its blockhash is not valid (as the RPC). */
  feeForMessage(messageBytes: Uint8Array): bigint | null {
    let message: ParsedMessage
    try {
      message = parseMessage(messageBytes)
    } catch (error) {
      throw JsonRpcError.invalidParams(`invalid message: ${(error as Error).message}`)
    }
    if (!this.isBlockhashValid(message.recentBlockhash)) return null
    // LiteSVM charges the signature fee only (no prioritization fee), so this is what it takes.
    return LAMPORTS_PER_SIGNATURE * BigInt(message.header.numRequiredSignatures)
  }

  getTransaction(signature: string): LedgerEntry | undefined {
    return this.#ledger.get(signature)
  }

  /** Ledger entries that touch `of`, newest first, paged like getSignaturesForAddress. */
  getSignaturesForAddress(of: string, query: SignatureQuery = {}): LedgerEntry[] {
    return this.#ledger.forAddress(of, query)
  }

  /**
   * Submits a serialized transaction like the RPC's sendTransaction: with preflight, a
   * transaction that would fail is refused with Solana's preflight error and not processed;
   * without it, a transaction that fails while executing is still recorded with its error and
   * fee, and one the runtime rejects outright (bad blockhash, no fee payer) is silently dropped.
   * Returns the transaction's first signature either way.
   */
  async sendTransaction(
    wire: Uint8Array,
    options: { skipPreflight?: boolean } = {},
  ): Promise<string> {
    const transaction = decodeTransaction(wire)
    if (!options.skipPreflight) {
      if (!(await signaturesAreValid(transaction))) {
        throw new JsonRpcError(
          TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
          'Transaction signature verification failure',
        )
      }
      const simulation = this.#simulate(transaction, null)
      if (simulation.err) {
        throw new JsonRpcError(
          SEND_TRANSACTION_PREFLIGHT_FAILURE,
          `Transaction simulation failed: ${simulation.err.text}`,
          {
            accounts: null,
            err: simulation.err.json,
            innerInstructions: null,
            logs: simulation.logs,
            replacementBlockhash: null,
            returnData: null,
            unitsConsumed: simulation.unitsConsumed,
          },
        )
      }
    }
    this.#process(transaction)
    return transaction.signatures[0] ?? ZERO_SIGNATURE
  }

  /** Runs a transaction without committing it, like the RPC's simulateTransaction. */
  async simulateTransaction(
    wire: Uint8Array,
    options: { sigVerify?: boolean; replaceRecentBlockhash?: boolean } = {},
  ): Promise<Simulation> {
    let transaction = decodeTransaction(wire)
    let replacement: Simulation['replacementBlockhash'] = null
    if (options.replaceRecentBlockhash) {
      if (options.sigVerify) {
        throw JsonRpcError.invalidParams('sigVerify may not be used with replaceRecentBlockhash')
      }
      replacement = this.latestBlockhash()
      transaction = withRecentBlockhash(transaction, replacement.blockhash)
    }
    if (options.sigVerify && !(await signaturesAreValid(transaction))) {
      return {
        transaction,
        ...this.#accountKeys(transaction.message),
        err: namedTransactionError('SignatureFailure'),
        logs: [],
        unitsConsumed: 0n,
        returnData: null,
        innerInstructions: [],
        postAccounts: new Map(),
        replacementBlockhash: replacement,
      }
    }
    return this.#simulate(transaction, replacement)
  }

  /**
   * Sends `amount` lamports from the faucet in a real, recorded transfer, as solana-test-validator's
   * faucet does; returns its signature.
   */
  async airdrop(to: string, amount: bigint): Promise<string> {
    const wire = await this.#faucet.transfer(to, amount, this.latestBlockhash())
    return this.sendTransaction(wire, { skipPreflight: true })
  }

  #writeClock(): void {
    const epoch = BigInt(Math.floor(this.#slot / SLOTS_PER_EPOCH))
    this.#svm.setClock(
      new Clock(
        BigInt(this.#slot),
        BigInt(this.#genesisTime),
        epoch,
        epoch + 1n,
        BigInt(this.#blockTime),
      ),
    )
  }

  /** Makes `slot` current (clock and block time) before anything executes in it. */
  #enterSlot(slot: number): void {
    this.#slot = slot
    this.#blockTime = Math.max(this.#blockTime, this.now())
    this.#writeClock()
  }

  /** Closes the current slot: its block gets a fresh blockhash that later transactions use. */
  #sealSlot(): void {
    this.#svm.expireBlockhash()
    this.#latestBlockhash = this.#svm.latestBlockhash()
    this.#blockhashes.set(this.#latestBlockhash, this.blockHeight + BLOCKHASH_VALIDITY_BLOCKS)
    for (const [hash, lastValidBlockHeight] of this.#blockhashes) {
      if (lastValidBlockHeight < this.blockHeight) this.#blockhashes.delete(hash)
    }
  }

  #accountKeys(message: ParsedMessage) {
    return resolveAccountKeys(message, (of) => this.getAccount(of))
  }

  /** Points LiteSVM's blockhash check at this chain's window for one transaction. */
  #prepareBlockhashCheck(message: ParsedMessage): void {
    // Within the window the hash is accepted here; otherwise LiteSVM decides, which still lets
    // durable-nonce transactions through and reports BlockhashNotFound for the rest.
    this.#svm.withBlockhashCheck(!this.isBlockhashValid(message.recentBlockhash))
  }

  #simulate(
    transaction: ParsedTransaction,
    replacementBlockhash: Simulation['replacementBlockhash'],
  ): Simulation {
    const base = { transaction, ...this.#accountKeys(transaction.message), replacementBlockhash }
    const nothing = { returnData: null, innerInstructions: [], postAccounts: new Map() }
    if (this.#ledger.has(transaction.signatures[0] ?? ZERO_SIGNATURE)) {
      const err = namedTransactionError('AlreadyProcessed')
      return { ...base, ...nothing, err, logs: [], unitsConsumed: 0n }
    }
    this.#prepareBlockhashCheck(transaction.message)
    // Signatures are checked (or deliberately not) by the caller, as the RPC does.
    this.#svm.withSigverify(false)
    let result: SimulatedTransactionInfo | FailedTransactionMetadata
    try {
      result = this.#svm.simulateTransaction(transaction.kit)
    } finally {
      this.#svm.withSigverify(true)
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

  /** Executes and, when the runtime includes it in a block, records the transaction. */
  #process(transaction: ParsedTransaction): LedgerEntry | null {
    const signature = transaction.signatures[0] ?? ZERO_SIGNATURE
    if (this.#ledger.has(signature)) return null
    const { accountKeys, loadedAddresses } = this.#accountKeys(transaction.message)
    const preBalances = accountKeys.map((key) => this.getBalance(key))
    const previousSlot = this.#slot
    const previousBlockTime = this.#blockTime
    this.#enterSlot(previousSlot + 1)
    this.#prepareBlockhashCheck(transaction.message)
    let result: TransactionMetadata | FailedTransactionMetadata | null
    try {
      result = this.#svm.sendTransaction(transaction.kit)
    } catch {
      // The LiteSVM wrapper throws on input it cannot submit; a validator would drop it.
      result = null
    }
    const failed = result instanceof FailedTransactionMetadata ? result : null
    // A failed transaction that was charged its fee is in LiteSVM's history; one rejected
    // before execution (no funds for the fee, unknown blockhash) is not. Duplicates never get
    // here, so a history hit is this very transaction.
    const included =
      result !== null &&
      (failed === null || this.#svm.getTransaction(toSignature(signature)) !== null)
    if (result === null || !included) {
      this.#slot = previousSlot
      this.#blockTime = previousBlockTime
      this.#writeClock()
      return null
    }
    const meta = failed ? failed.meta() : (result as TransactionMetadata)
    const postBalances = accountKeys.map((key) => this.getBalance(key))
    const fee =
      preBalances.reduce((sum, value) => sum + value, 0n) -
      postBalances.reduce((sum, value) => sum + value, 0n)
    const entry: LedgerEntry = {
      sequence: this.#ledger.nextSequence,
      signature,
      slot: this.#slot,
      blockTime: this.#blockTime,
      transaction,
      accountKeys,
      loadedAddresses,
      preBalances,
      postBalances,
      fee,
      err: failed ? describeTransactionError(failed.err()).json : null,
      logMessages: meta.logs(),
      computeUnitsConsumed: meta.computeUnitsConsumed(),
      innerInstructions: innerInstructionsOf(meta),
      returnData: returnDataOf(meta),
      memo: memoOf(transaction.message),
    }
    this.#ledger.add(entry)
    this.#sealSlot()
    return entry
  }
}
