// A single-node Solana chain for local runs and tests: LiteSVM executes the transactions, and
// this class adds what a validator's RPC needs on top: slots and block times, a window of valid
// recent blockhashes, a faucet, and a ledger of every processed transaction, because LiteSVM keeps
// no per-address history and the shop finds payments through `getSignaturesForAddress`.
import {
  address,
  appendTransactionMessageInstruction,
  blockhash,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Encoder,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  getTransactionEncoder,
  type KeyPairSigner,
  lamports,
  pipe,
  type SignatureBytes,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Transaction,
  signature as toSignature,
  verifySignature,
} from '@solana/kit'
import {
  Clock,
  EpochSchedule,
  FailedTransactionMetadata,
  LiteSVM,
  type SimulatedTransactionInfo,
  type TransactionMetadata,
} from 'litesvm'
import {
  type DescribedError,
  describeTransactionError,
  INVALID_PARAMS,
  JsonRpcError,
  namedTransactionError,
  SEND_TRANSACTION_PREFLIGHT_FAILURE,
  TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
  type TransactionErrorJson,
} from './errors.js'
import {
  ADDRESS_LOOKUP_TABLE_PROGRAM_ADDRESS,
  MEMO_PROGRAM_ADDRESSES,
  SYSTEM_PROGRAM_ADDRESS,
  transferSolInstruction,
} from './system-program.js'
import {
  encodeBase58,
  PACKET_DATA_SIZE,
  type ParsedMessage,
  type ParsedTransaction,
  parseMessage,
  parseTransaction,
  WireFormatError,
} from './wire.js'

/** Blocks a blockhash stays usable for, as on the real cluster (MAX_PROCESSING_AGE). */
export const BLOCKHASH_VALIDITY_BLOCKS = 150
export const SLOTS_PER_EPOCH = 432_000
export const LAMPORTS_PER_SIGNATURE = 5000n
/** What solana-test-validator's faucet holds: 500 million SOL. */
const DEFAULT_FAUCET_LAMPORTS = 500_000_000n * 1_000_000_000n
// An address lookup table's fixed header (LookupTableMeta) precedes its 32-byte addresses.
const LOOKUP_TABLE_META_SIZE = 56
const ZERO_SIGNATURE = encodeBase58(new Uint8Array(64))

export interface LocalChainOptions {
  /** Wall clock in milliseconds; block times follow it (plus `advanceTime`). */
  now?: () => number
  /** Lamports the faucet behind `airdrop`/`requestAirdrop` starts with. */
  faucetLamports?: bigint
}

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

/** Everything the RPC reports about a processed transaction. */
export interface LedgerEntry {
  /** Position in the ledger: later transactions have larger numbers. */
  sequence: number
  signature: string
  slot: number
  blockTime: number
  /** The transaction as it was sent (`wire` serves the base58/base64 encodings). */
  transaction: ParsedTransaction
  /** The message's own keys followed by the keys loaded from lookup tables. */
  accountKeys: string[]
  loadedAddresses: LoadedAddresses
  preBalances: bigint[]
  postBalances: bigint[]
  fee: bigint
  err: TransactionErrorJson | null
  logMessages: string[]
  computeUnitsConsumed: bigint
  innerInstructions: InnerInstructionSet[]
  returnData: ReturnData | null
  /** As the RPC formats memos: "[length] text", joined by "; ". */
  memo: string | null
}

export interface Simulation {
  transaction: ParsedTransaction
  accountKeys: string[]
  loadedAddresses: LoadedAddresses
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

const base58Bytes = getBase58Encoder()
const transactionDecoder = getTransactionDecoder()

export class LocalChain {
  readonly #svm: LiteSVM
  readonly #clockMs: () => number
  readonly #faucetLamports: bigint
  #faucet: Promise<KeyPairSigner> | undefined
  #timeOffsetSeconds = 0
  #slot = 0
  #blockTime: number
  readonly #genesisTime: number
  readonly #genesisHash: string
  /** Recent blockhashes and the last block height each may land in. */
  readonly #blockhashes = new Map<string, number>()
  #latestBlockhash: string
  readonly #entries: LedgerEntry[] = []
  readonly #bySignature = new Map<string, LedgerEntry>()
  readonly #byAddress = new Map<string, LedgerEntry[]>()

  constructor(options: LocalChainOptions = {}) {
    this.#clockMs = options.now ?? Date.now
    this.#faucetLamports = options.faucetLamports ?? DEFAULT_FAUCET_LAMPORTS
    // LiteSVM's own blockhash check accepts only its latest hash; this class keeps the
    // real cluster's window of 150 blocks instead and switches the check per transaction.
    this.#svm = new LiteSVM()
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
    return this.#entries.length
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
    return this.#bySignature.get(signature)
  }

  /** Ledger entries that touch `of`, newest first, paged like getSignaturesForAddress. */
  getSignaturesForAddress(of: string, query: SignatureQuery = {}): LedgerEntry[] {
    const list = this.#byAddress.get(of) ?? []
    const limit = query.limit ?? 1000
    let end = list.length
    if (query.before !== undefined) {
      const before = this.#bySignature.get(query.before)
      // The real RPC answers nothing when it cannot find the `before` transaction.
      if (!before) return []
      end = firstIndexAtOrAfter(list, before.sequence)
    }
    const untilSequence =
      query.until === undefined ? -1 : (this.#bySignature.get(query.until)?.sequence ?? -1)
    const found: LedgerEntry[] = []
    for (let i = end - 1; i >= 0 && found.length < limit; i--) {
      const entry = list[i]
      if (!entry || entry.sequence <= untilSequence) break
      found.push(entry)
    }
    return found
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
      const replaced = Uint8Array.from(transaction.wire)
      replaced.set(
        base58Bytes.encode(replacement.blockhash),
        transaction.messageOffset + transaction.message.recentBlockhashOffset,
      )
      transaction = parseTransaction(replaced)
    }
    if (options.sigVerify && !(await signaturesAreValid(transaction))) {
      const keys = this.#accountKeys(transaction.message)
      return {
        transaction,
        ...keys,
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
    const faucet = await this.#faucetSigner()
    const latest = this.latestBlockhash()
    const message = pipe(
      createTransactionMessage({ version: 'legacy' }),
      (m) => setTransactionMessageFeePayerSigner(faucet, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          {
            blockhash: blockhash(latest.blockhash),
            lastValidBlockHeight: BigInt(latest.lastValidBlockHeight),
          },
          m,
        ),
      (m) =>
        appendTransactionMessageInstruction(
          transferSolInstruction({ source: faucet, destination: address(to), lamports: amount }),
          m,
        ),
    )
    const signed = await signTransactionMessageWithSigners(message)
    const wire = Uint8Array.from(getTransactionEncoder().encode(signed))
    return this.sendTransaction(wire, { skipPreflight: true })
  }

  #faucetSigner(): Promise<KeyPairSigner> {
    this.#faucet ??= generateKeyPairSigner().then((signer) => {
      this.#svm.setAccount({
        address: signer.address,
        lamports: lamports(this.#faucetLamports),
        programAddress: SYSTEM_PROGRAM_ADDRESS,
        executable: false,
        data: new Uint8Array(0),
        space: 0n,
      })
      return signer
    })
    return this.#faucet
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

  /** Resolves the keys a v0 message loads from lookup tables, as far as the tables allow. */
  #accountKeys(message: ParsedMessage): {
    accountKeys: string[]
    loadedAddresses: LoadedAddresses
  } {
    const loadedAddresses: LoadedAddresses = { writable: [], readonly: [] }
    for (const lookup of message.addressTableLookups) {
      const table = this.getAccount(lookup.accountKey)
      if (!table || table.owner !== ADDRESS_LOOKUP_TABLE_PROGRAM_ADDRESS) continue
      const stored = (table.data.length - LOOKUP_TABLE_META_SIZE) / 32
      const at = (index: number) =>
        index < stored
          ? encodeBase58(
              table.data.subarray(
                LOOKUP_TABLE_META_SIZE + index * 32,
                LOOKUP_TABLE_META_SIZE + (index + 1) * 32,
              ),
            )
          : null
      for (const index of lookup.writableIndexes) {
        const key = at(index)
        if (key) loadedAddresses.writable.push(key)
      }
      for (const index of lookup.readonlyIndexes) {
        const key = at(index)
        if (key) loadedAddresses.readonly.push(key)
      }
    }
    return {
      accountKeys: [
        ...message.staticAccountKeys,
        ...loadedAddresses.writable,
        ...loadedAddresses.readonly,
      ],
      loadedAddresses,
    }
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
    const keys = this.#accountKeys(transaction.message)
    const base = { transaction, ...keys, replacementBlockhash }
    if (this.#bySignature.has(transaction.signatures[0] ?? ZERO_SIGNATURE)) {
      return {
        ...base,
        err: namedTransactionError('AlreadyProcessed'),
        logs: [],
        unitsConsumed: 0n,
        returnData: null,
        innerInstructions: [],
        postAccounts: new Map(),
      }
    }
    this.#prepareBlockhashCheck(transaction.message)
    // Signatures are checked (or deliberately not) by the caller, as the RPC does.
    this.#svm.withSigverify(false)
    let result: SimulatedTransactionInfo | FailedTransactionMetadata
    try {
      result = this.#svm.simulateTransaction(toKitTransaction(transaction))
    } finally {
      this.#svm.withSigverify(true)
    }
    if (result instanceof FailedTransactionMetadata) {
      const meta = result.meta()
      return {
        ...base,
        err: describeTransactionError(result.err()),
        logs: meta.logs(),
        unitsConsumed: meta.computeUnitsConsumed(),
        returnData: returnDataOf(meta),
        innerInstructions: innerInstructionsOf(meta),
        postAccounts: new Map(),
      }
    }
    const meta = result.meta()
    const postAccounts = new Map<string, AccountView>()
    for (const account of result.postAccounts()) {
      postAccounts.set(account.address, {
        lamports: account.lamports,
        owner: account.programAddress,
        data: Uint8Array.from(account.data),
        executable: account.executable,
      })
    }
    return {
      ...base,
      err: null,
      logs: meta.logs(),
      unitsConsumed: meta.computeUnitsConsumed(),
      returnData: returnDataOf(meta),
      innerInstructions: innerInstructionsOf(meta),
      postAccounts,
    }
  }

  /** Executes and, when the runtime includes it in a block, records the transaction. */
  #process(transaction: ParsedTransaction): LedgerEntry | null {
    const signature = transaction.signatures[0] ?? ZERO_SIGNATURE
    if (this.#bySignature.has(signature)) return null
    const { accountKeys, loadedAddresses } = this.#accountKeys(transaction.message)
    const preBalances = accountKeys.map((key) => this.getBalance(key))
    const previousSlot = this.#slot
    const previousBlockTime = this.#blockTime
    this.#enterSlot(previousSlot + 1)
    this.#prepareBlockhashCheck(transaction.message)
    let result: TransactionMetadata | FailedTransactionMetadata | null
    try {
      result = this.#svm.sendTransaction(toKitTransaction(transaction))
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
      sequence: this.#entries.length,
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
    this.#entries.push(entry)
    this.#bySignature.set(signature, entry)
    for (const key of new Set(accountKeys)) {
      const list = this.#byAddress.get(key)
      if (list) list.push(entry)
      else this.#byAddress.set(key, [entry])
    }
    this.#sealSlot()
    return entry
  }
}

/** Index of the first entry whose sequence is >= `sequence` (entries are in ledger order). */
function firstIndexAtOrAfter(list: LedgerEntry[], sequence: number): number {
  let low = 0
  let high = list.length
  while (low < high) {
    const middle = (low + high) >> 1
    if ((list[middle]?.sequence ?? Number.POSITIVE_INFINITY) < sequence) low = middle + 1
    else high = middle
  }
  return low
}

function invalidTransaction(text: string): JsonRpcError {
  return new JsonRpcError(INVALID_PARAMS, `invalid transaction: ${text}`)
}

/** Parses and sanitizes a wire transaction with the RPC's error messages. */
function decodeTransaction(wire: Uint8Array): ParsedTransaction {
  if (wire.length > PACKET_DATA_SIZE) {
    throw JsonRpcError.invalidParams(
      `decoded solana_transaction::versioned::VersionedTransaction too large: ${wire.length} bytes (max: ${PACKET_DATA_SIZE} bytes)`,
    )
  }
  let transaction: ParsedTransaction
  try {
    transaction = parseTransaction(wire)
  } catch (error) {
    if (!(error instanceof WireFormatError)) throw error
    throw JsonRpcError.invalidParams(
      `failed to deserialize solana_transaction::versioned::VersionedTransaction: ${error.message}`,
    )
  }
  const { header, staticAccountKeys, instructions, addressTableLookups } = transaction.message
  const keyCount = staticAccountKeys.length
  const loadedCount = addressTableLookups.reduce(
    (sum, lookup) => sum + lookup.writableIndexes.length + lookup.readonlyIndexes.length,
    0,
  )
  const sane =
    header.numRequiredSignatures >= 1 &&
    transaction.signatures.length === header.numRequiredSignatures &&
    header.numRequiredSignatures <= keyCount &&
    header.numReadonlySignedAccounts < header.numRequiredSignatures &&
    header.numReadonlyUnsignedAccounts <= keyCount - header.numRequiredSignatures &&
    instructions.every(
      (instruction) =>
        instruction.programIdIndex > 0 &&
        instruction.programIdIndex < keyCount &&
        instruction.accounts.every((index) => index < keyCount + loadedCount),
    )
  if (!sane) throw invalidTransaction('Transaction failed to sanitize accounts offsets correctly')
  if (new Set(staticAccountKeys).size !== keyCount) throw invalidTransaction('Account loaded twice')
  return transaction
}

/** Checks every required signature against its signer key (the RPC's preflight step 1). */
async function signaturesAreValid(transaction: ParsedTransaction): Promise<boolean> {
  const { numRequiredSignatures } = transaction.message.header
  for (let i = 0; i < numRequiredSignatures; i++) {
    const key = transaction.message.staticAccountKeys[i]
    const signature = transaction.signatureBytes[i]
    if (!key || !signature) return false
    const publicKey = await getPublicKeyFromAddress(address(key))
    if (
      !(await verifySignature(publicKey, signature as SignatureBytes, transaction.messageBytes))
    ) {
      return false
    }
  }
  return true
}

/** The shape LiteSVM's wrapper takes; it serializes it back to the same wire bytes. */
function toKitTransaction(transaction: ParsedTransaction): Transaction {
  return transactionDecoder.decode(transaction.wire)
}

function innerInstructionsOf(meta: TransactionMetadata): InnerInstructionSet[] {
  const sets: InnerInstructionSet[] = []
  meta.innerInstructions().forEach((calls, index) => {
    // The RPC lists only top-level instructions that made calls.
    if (calls.length === 0) return
    sets.push({
      index,
      instructions: calls.map((call) => {
        const compiled = call.instruction()
        return {
          programIdIndex: compiled.programIdIndex(),
          accounts: Array.from(compiled.accounts()),
          data: Uint8Array.from(compiled.data()),
          stackHeight: call.stackHeight(),
        }
      }),
    })
  })
  return sets
}

function returnDataOf(meta: TransactionMetadata): ReturnData | null {
  const returned = meta.returnData()
  const data = returned.data()
  if (data.length === 0) return null
  return { programId: encodeBase58(returned.programId()), data: Uint8Array.from(data) }
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

function memoOf(message: ParsedMessage): string | null {
  const memos: string[] = []
  for (const instruction of message.instructions) {
    const program = message.staticAccountKeys[instruction.programIdIndex]
    if (!program || !MEMO_PROGRAM_ADDRESSES.includes(program)) continue
    let text: string
    try {
      text = utf8.decode(instruction.data)
    } catch {
      text = '(unparseable)'
    }
    memos.push(`[${instruction.data.length}] ${text}`)
  }
  return memos.length > 0 ? memos.join('; ') : null
}
