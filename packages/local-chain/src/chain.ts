// A single-node Solana chain for local runs and tests: LiteSVM executes the transactions, and
// this class adds what a cluster's RPC shows on top of it: slots and their blocks (transactions
// land in the working slot; `advanceSlots`, driven by the server's slot clock, seals it), the
// commitment levels with their lag, a window of valid recent blockhashes, a faucet, a play USDC
// mint, a ledger of every processed transaction (with its token balances), and, with a data
// folder, all of it kept across restarts.
import { randomBytes } from 'node:crypto'
import { Clock } from 'litesvm'
import { AccountHistory } from './account-history.js'
import type { Blocks, LatestBlockhash } from './blocks.js'
import { ChainEvents, type ChainListener } from './chain-events.js'
import { JsonRpcError, TRANSACTION_SIGNATURE_VERIFICATION_FAILURE } from './errors.js'
import { Executor, SLOTS_PER_EPOCH } from './executor.js'
import { DEFAULT_FAUCET_LAMPORTS, type Faucet } from './faucet.js'
import { openGenesisAccounts } from './genesis-accounts.js'
import { Ledger } from './ledger.js'
import type {
  AccountView,
  BlockView,
  LedgerEntry,
  SignatureQuery,
  SignatureStatusView,
  Simulation,
} from './model.js'
import type { PlayUsdc } from './play-usdc.js'
import { restoreChain } from './restore.js'
import { type ChainStore, FolderStore, MemoryStore } from './store.js'
import { type ChainTiming, type CommitmentLevel, resolveTiming } from './timing.js'
import { decodeTransaction, preflightFailure, signaturesAreValid } from './transaction-checks.js'
import {
  encodeBase58,
  type ParsedMessage,
  type ParsedTransaction,
  parseMessage,
  withRecentBlockhash,
} from './wire.js'

export { BLOCKHASH_VALIDITY_BLOCKS } from './blocks.js'
export type { AccountView, BlockView, LedgerEntry, Simulation } from './model.js'
export { SLOTS_PER_EPOCH }

export const LAMPORTS_PER_SIGNATURE = 5000n
const ZERO_SIGNATURE = encodeBase58(new Uint8Array(64))

export interface LocalChainOptions {
  /** Wall clock in milliseconds; block times follow it (plus `advanceTime`). */
  now?: () => number
  /** Lamports the faucet behind `airdrop`/`requestAirdrop` starts with. */
  faucetLamports?: bigint
  /** A folder to keep the chain in across restarts; without one the chain lives in memory. */
  dataDir?: string
  /** Commitment lags (the slot clock itself is the server's); realistic ones by default. */
  timing?: Partial<ChainTiming>
}

export class LocalChain {
  readonly #executor = new Executor()
  readonly #clockMs: () => number
  readonly #timing: ChainTiming
  readonly #store: ChainStore
  readonly #blocks: Blocks
  readonly #ledger = new Ledger()
  readonly #history = new AccountHistory()
  readonly #events = new ChainEvents()
  readonly #faucet: Faucet
  readonly #usdc: PlayUsdc
  readonly #genesisTime: number
  #timeOffsetSeconds = 0
  /** The newest slot each lagging level has announced to listeners. */
  readonly #announced = { confirmed: 0, finalized: 0 }

  constructor(options: LocalChainOptions = {}) {
    this.#clockMs = options.now ?? Date.now
    this.#timing = resolveTiming(options.timing)
    this.#store = options.dataDir ? new FolderStore(options.dataDir) : new MemoryStore()
    try {
      const restored = restoreChain(this.#store, {
        executor: this.#executor,
        ledger: this.#ledger,
        history: this.#history,
        now: this.now(),
        finalizationDepth: this.#timing.finalizationDepth,
        newGenesis: () => ({
          genesisHash: encodeBase58(randomBytes(32)),
          genesisTime: this.now(),
          faucetSeed: Uint8Array.from(randomBytes(32)),
        }),
      })
      this.#blocks = restored.blocks
      this.#genesisTime = restored.genesisTime
      const genesis = openGenesisAccounts(this, {
        faucetSeed: restored.faucetSeed,
        faucetLamports: options.faucetLamports ?? DEFAULT_FAUCET_LAMPORTS,
        dataDir: options.dataDir ?? null,
      })
      this.#faucet = genesis.faucet
      this.#usdc = genesis.usdc
    } catch (error) {
      this.#store.close()
      throw error
    }
    this.#announced.confirmed = this.commitmentSlot('confirmed')
    this.#announced.finalized = this.commitmentSlot('finalized')
    this.#writeClock()
  }

  /** The LiteSVM instance, for tests that set up accounts directly (not kept in a data folder). */
  get svm() {
    return this.#executor.svm
  }

  /** The play USDC mint, there from the first start (decision 0052). */
  get usdc(): PlayUsdc {
    return this.#usdc
  }

  get timing(): ChainTiming {
    return this.#timing
  }

  /** The working slot: transactions land in it (the `processed` slot). */
  get slot(): number {
    return this.#blocks.working
  }

  /** Every slot here produces a block, so the block height equals the slot. */
  get blockHeight(): number {
    return this.#blocks.working
  }

  get genesisHash(): string {
    return this.#blocks.genesisHash
  }

  /** Number of transactions in the ledger (failed ones included, as they paid a fee). */
  get transactionCount(): number {
    return this.#ledger.size
  }

  /** The chain's current Unix time in seconds. */
  now(): number {
    return Math.floor(this.#clockMs() / 1000) + this.#timeOffsetSeconds
  }

  /** The newest slot at `level`. */
  commitmentSlot(level: CommitmentLevel): number {
    if (level === 'processed') return this.slot
    const depth =
      level === 'confirmed' ? this.#timing.confirmationDepth : this.#timing.finalizationDepth
    return Math.max(0, this.slot - depth)
  }

  transactionCountAt(level: CommitmentLevel): number {
    return this.#ledger.countUpTo(this.commitmentSlot(level))
  }

  latestBlockhash(level: CommitmentLevel = 'processed'): LatestBlockhash {
    return this.#blocks.latestAt(this.commitmentSlot(level))
  }

  isBlockhashValid(blockhash: string, level: CommitmentLevel = 'processed'): boolean {
    return this.#blocks.isValidAt(blockhash, this.commitmentSlot(level))
  }

  subscribe(listener: ChainListener): () => void {
    return this.#events.add(listener)
  }

  /** Seals `count` slots (the slot clock's tick), which also ages blockhashes; the new slot. */
  advanceSlots(count = 1): number {
    if (!Number.isInteger(count) || count < 1) throw new RangeError('count must be at least 1')
    for (let i = 0; i < count; i++) this.#tick()
    return this.slot
  }

  /** Moves the chain's clock forward, for block times of later slots. */
  advanceTime(seconds: number): void {
    if (!Number.isInteger(seconds) || seconds < 0) throw new RangeError('seconds must be >= 0')
    this.#timeOffsetSeconds += seconds
  }

  getBalance(of: string, level: CommitmentLevel = 'processed'): bigint {
    return this.getAccount(of, level)?.lamports ?? 0n
  }

  getAccount(of: string, level: CommitmentLevel = 'processed'): AccountView | null {
    return this.accountAt(of, this.commitmentSlot(level))
  }

  /** The account as of the end of `slot` (its newest state for the working slot). */
  accountAt(of: string, slot: number): AccountView | null {
    const older = slot < this.slot ? this.#history.at(of, slot) : undefined
    return older === undefined ? this.#executor.account(of) : older
  }

  /**
   * Sets an account directly, at every commitment at once, as a genesis account would be; kept
   * in the data folder, unlike `svm.setAccount`.
   */
  setAccount(of: string, account: AccountView): void {
    this.#executor.setAccount(of, account)
    this.#history.forget(of)
    this.#store.append({ kind: 'accounts', slot: this.slot, accounts: [[of, account]] })
    this.#events.emit('accountsSet', [of], this.slot)
  }

  minimumBalanceForRentExemption(dataLength: bigint): bigint {
    return this.#executor.svm.minimumBalanceForRentExemption(dataLength)
  }

  /** The fee for a serialized message, or null when its blockhash is not valid (as the RPC). */
  feeForMessage(messageBytes: Uint8Array, level: CommitmentLevel = 'processed'): bigint | null {
    let message: ParsedMessage
    try {
      message = parseMessage(messageBytes)
    } catch (error) {
      throw JsonRpcError.invalidParams(`invalid message: ${(error as Error).message}`)
    }
    if (!this.isBlockhashValid(message.recentBlockhash, level)) return null
    // LiteSVM charges the signature fee only (no prioritization fee), so this is what it takes.
    return LAMPORTS_PER_SIGNATURE * BigInt(message.header.numRequiredSignatures)
  }

  /** A processed transaction, whatever its commitment (see `statusOf`). */
  getTransaction(signature: string): LedgerEntry | undefined {
    return this.#ledger.get(signature)
  }

  statusOf(entry: LedgerEntry): SignatureStatusView {
    if (entry.slot <= this.commitmentSlot('finalized')) {
      return { confirmationStatus: 'finalized', confirmations: null }
    }
    const confirmations = this.slot - entry.slot
    if (entry.slot <= this.commitmentSlot('confirmed')) {
      return { confirmationStatus: 'confirmed', confirmations }
    }
    return { confirmationStatus: 'processed', confirmations }
  }

  /** Ledger entries at `level` that touch `of`, newest first, paged like the RPC's. */
  getSignaturesForAddress(
    of: string,
    query: SignatureQuery = {},
    level: CommitmentLevel = 'processed',
  ): LedgerEntry[] {
    return this.#ledger.forAddress(of, { ...query, maxSlot: this.commitmentSlot(level) })
  }

  /** A sealed slot's block, or null for the working slot and later ones. */
  block(slot: number): BlockView | null {
    if (!Number.isInteger(slot) || slot < 0 || slot >= this.slot) return null
    const parentSlot = Math.max(0, slot - 1)
    return {
      slot,
      blockTime: this.#blocks.timeOf(slot) ?? this.#genesisTime,
      blockhash: this.#blocks.hashOf(slot),
      parentSlot,
      previousBlockhash: this.#blocks.hashOf(parentSlot),
      entries: this.#ledger.inSlot(slot),
    }
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
      if (simulation.err) throw preflightFailure(simulation.err, simulation)
    }
    const signature = transaction.signatures[0] ?? ZERO_SIGNATURE
    this.#events.emit('received', signature, this.slot)
    this.#process(transaction)
    return signature
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
      return this.#executor.refusal(transaction, 'SignatureFailure', replacement)
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

  /** Closes the data folder (the chain is unusable afterwards). */
  close(): void {
    this.#events.clear()
    this.#store.close()
  }

  #writeClock(): void {
    const slot = BigInt(this.slot)
    const epoch = slot / BigInt(SLOTS_PER_EPOCH)
    const time = BigInt(this.#blocks.timeOf(this.slot) ?? this.now())
    this.#executor.svm.setClock(new Clock(slot, BigInt(this.#genesisTime), epoch, epoch + 1n, time))
  }

  #tick(): void {
    const previousRoot = this.commitmentSlot('finalized')
    const sealed = this.#blocks.seal(this.now())
    this.#store.appendBlockTime(this.#blocks.timeOf(sealed) ?? this.now())
    // Durable nonces take LiteSVM's own blockhash: it moves on with every block too.
    this.#executor.svm.expireBlockhash()
    this.#writeClock()
    const root = this.commitmentSlot('finalized')
    this.#events.emit('slot', { slot: this.slot, parent: sealed, root })
    for (const level of ['confirmed', 'finalized'] as const) {
      const target = this.commitmentSlot(level)
      if (target === this.slot) continue // no lag: announced as each transaction lands
      while (this.#announced[level] < target) {
        const slot = ++this.#announced[level]
        this.#events.emit('committed', level, slot, this.#ledger.inSlot(slot))
      }
    }
    this.#history.prune(root)
    if (root !== previousRoot) this.#events.emit('root', root)
  }

  #simulate(
    transaction: ParsedTransaction,
    replacementBlockhash: Simulation['replacementBlockhash'],
  ): Simulation {
    if (this.#ledger.has(transaction.signatures[0] ?? ZERO_SIGNATURE)) {
      return this.#executor.refusal(transaction, 'AlreadyProcessed', replacementBlockhash)
    }
    const blockhashValid = this.#blocks.isValid(transaction.message.recentBlockhash)
    return this.#executor.simulate(transaction, blockhashValid, replacementBlockhash)
  }

  /** Executes and, when the runtime includes it in a block, records the transaction. */
  #process(transaction: ParsedTransaction): LedgerEntry | null {
    const signature = transaction.signatures[0] ?? ZERO_SIGNATURE
    if (this.#ledger.has(signature)) return null
    const blockhashValid = this.#blocks.isValid(transaction.message.recentBlockhash)
    const execution = this.#executor.execute(transaction, blockhashValid)
    if (!execution) return null
    const { before, after, ...recorded } = execution
    const slot = this.slot
    const entry: LedgerEntry = {
      ...recorded,
      sequence: this.#ledger.nextSequence,
      signature,
      slot,
      blockTime: this.#blocks.timeOf(slot) ?? this.now(),
      transaction,
      writableKeys: after.map(([key]) => key),
    }
    this.#ledger.add(entry)
    if (this.commitmentSlot('finalized') < slot) {
      for (const [i, [key, account]] of before.entries()) {
        this.#history.record(key, slot, account, after[i]?.[1] ?? null)
      }
    }
    this.#store.append({ kind: 'transaction', entry, accounts: after })
    for (const level of ['processed', 'confirmed', 'finalized'] as const) {
      if (this.commitmentSlot(level) === slot) this.#events.emit('committed', level, slot, [entry])
    }
    return entry
  }
}
