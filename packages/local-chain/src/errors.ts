// Errors as the real Solana RPC reports them: JSON-RPC error objects with Solana's own codes, and
// transaction errors in the serde JSON shape of `TransactionError` (`"BlockhashNotFound"`,
// `{"InstructionError":[0,{"Custom":1}]}`), plus their human-readable text for messages.
import type { FailedTransactionMetadata } from 'litesvm'
import {
  InstructionErrorBorshIo,
  InstructionErrorCustom,
  TransactionErrorDuplicateInstruction,
  TransactionErrorInstructionError,
  TransactionErrorInsufficientFundsForRent,
  TransactionErrorProgramExecutionTemporarilyRestricted,
} from 'litesvm/dist/internal.js'

export const PARSE_ERROR = -32700
export const INVALID_REQUEST = -32600
export const METHOD_NOT_FOUND = -32601
export const INVALID_PARAMS = -32602
export const INTERNAL_ERROR = -32603
export const SEND_TRANSACTION_PREFLIGHT_FAILURE = -32002
export const BLOCK_NOT_AVAILABLE = -32004
export const TRANSACTION_SIGNATURE_VERIFICATION_FAILURE = -32003
export const TRANSACTION_SIGNATURE_LEN_MISMATCH = -32013
export const UNSUPPORTED_TRANSACTION_VERSION = -32015
export const MIN_CONTEXT_SLOT_NOT_REACHED = -32016

/** A JSON-RPC error the server sends as `{code, message, data?}`. */
export class JsonRpcError extends Error {
  override name = 'JsonRpcError'
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }

  static invalidParams(message: string): JsonRpcError {
    return new JsonRpcError(INVALID_PARAMS, message)
  }
}

/** The serde JSON form of Solana's `TransactionError`. */
export type TransactionErrorJson = string | Record<string, unknown>

// LiteSVM reports field-less variants as numbers in the order of its own enums (see its
// internal.d.ts; a test keeps these tables in step with it), with their `Display` texts.
export const TRANSACTION_ERRORS: readonly (readonly [string, string])[] = [
  ['AccountInUse', 'Account in use'],
  ['AccountLoadedTwice', 'Account loaded twice'],
  ['AccountNotFound', 'Attempt to debit an account but found no record of a prior credit.'],
  ['ProgramAccountNotFound', 'Attempt to load a program that does not exist'],
  ['InsufficientFundsForFee', 'Insufficient funds for fee'],
  ['InvalidAccountForFee', 'This account may not be used to pay transaction fees'],
  ['AlreadyProcessed', 'This transaction has already been processed'],
  ['BlockhashNotFound', 'Blockhash not found'],
  ['CallChainTooDeep', 'Loader call chain is too deep'],
  ['MissingSignatureForFee', 'Transaction requires a fee but has no signature present'],
  ['InvalidAccountIndex', 'Transaction contains an invalid account reference'],
  ['SignatureFailure', 'Transaction did not pass signature verification'],
  ['InvalidProgramForExecution', 'This program may not be used for executing instructions'],
  ['SanitizeFailure', 'Transaction failed to sanitize accounts offsets correctly'],
  ['ClusterMaintenance', 'Transactions are currently disabled due to cluster maintenance'],
  [
    'AccountBorrowOutstanding',
    'Transaction processing left an account with an outstanding borrowed reference',
  ],
  ['WouldExceedMaxBlockCostLimit', 'Transaction would exceed max Block Cost Limit'],
  ['UnsupportedVersion', 'Transaction version is unsupported'],
  ['InvalidWritableAccount', 'Transaction loads a writable account that cannot be written'],
  ['WouldExceedMaxAccountCostLimit', 'Transaction would exceed max account limit within the block'],
  [
    'WouldExceedAccountDataBlockLimit',
    'Transaction would exceed account data limit within the block',
  ],
  ['TooManyAccountLocks', 'Transaction locked too many accounts'],
  ['AddressLookupTableNotFound', "Transaction loads an address table account that doesn't exist"],
  [
    'InvalidAddressLookupTableOwner',
    'Transaction loads an address table account with an invalid owner',
  ],
  ['InvalidAddressLookupTableData', 'Transaction loads an address table account with invalid data'],
  ['InvalidAddressLookupTableIndex', 'Transaction address table lookup uses an invalid index'],
  [
    'InvalidRentPayingAccount',
    'Transaction leaves an account with a lower balance than rent-exempt minimum',
  ],
  ['WouldExceedMaxVoteCostLimit', 'Transaction would exceed max Vote Cost Limit'],
  ['WouldExceedAccountDataTotalLimit', 'Transaction would exceed total account data limit'],
  ['MaxLoadedAccountsDataSizeExceeded', 'Transaction exceeded max loaded accounts data size cap'],
  ['ResanitizationNeeded', 'ResanitizationNeeded'],
  [
    'InvalidLoadedAccountsDataSizeLimit',
    'LoadedAccountsDataSizeLimit set for transaction must be greater than 0.',
  ],
  ['UnbalancedTransaction', 'Sum of account balances before and after transaction do not match'],
  ['ProgramCacheHitMaxLimit', 'Program cache hit max limit'],
  ['CommitCancelled', 'CommitCancelled'],
]

export const INSTRUCTION_ERRORS: readonly (readonly [string, string])[] = [
  ['GenericError', 'generic instruction error'],
  ['InvalidArgument', 'invalid program argument'],
  ['InvalidInstructionData', 'invalid instruction data'],
  ['InvalidAccountData', 'invalid account data for instruction'],
  ['AccountDataTooSmall', 'account data too small for instruction'],
  ['InsufficientFunds', 'insufficient funds for instruction'],
  ['IncorrectProgramId', 'incorrect program id for instruction'],
  ['MissingRequiredSignature', 'missing required signature for instruction'],
  ['AccountAlreadyInitialized', 'instruction requires an uninitialized account'],
  ['UninitializedAccount', 'instruction requires an initialized account'],
  ['UnbalancedInstruction', 'sum of account balances before and after instruction do not match'],
  ['ModifiedProgramId', 'instruction illegally modified the program id of an account'],
  [
    'ExternalAccountLamportSpend',
    'instruction spent from the balance of an account it does not own',
  ],
  ['ExternalAccountDataModified', 'instruction modified data of an account it does not own'],
  ['ReadonlyLamportChange', 'instruction changed the balance of a read-only account'],
  ['ReadonlyDataModified', 'instruction modified data of a read-only account'],
  ['DuplicateAccountIndex', 'instruction contains duplicate accounts'],
  ['ExecutableModified', 'instruction changed executable bit of an account'],
  ['RentEpochModified', 'instruction modified rent epoch of an account'],
  ['NotEnoughAccountKeys', 'insufficient account keys for instruction'],
  [
    'AccountDataSizeChanged',
    "program other than the account's owner changed the size of the account data",
  ],
  ['AccountNotExecutable', 'instruction expected an executable account'],
  [
    'AccountBorrowFailed',
    'instruction tries to borrow reference for an account which is already borrowed',
  ],
  ['AccountBorrowOutstanding', 'instruction left account with an outstanding borrowed reference'],
  ['DuplicateAccountOutOfSync', 'instruction modifications of multiply-passed account differ'],
  ['InvalidError', 'program returned invalid error code'],
  ['ExecutableDataModified', 'instruction changed executable accounts data'],
  ['ExecutableLamportChange', 'instruction changed the balance of an executable account'],
  ['ExecutableAccountNotRentExempt', 'executable accounts must be rent exempt'],
  ['UnsupportedProgramId', 'Unsupported program id'],
  ['CallDepth', 'Cross-program invocation call depth too deep'],
  ['MissingAccount', 'An account required by the instruction is missing'],
  ['ReentrancyNotAllowed', 'Cross-program invocation reentrancy not allowed for this instruction'],
  ['MaxSeedLengthExceeded', 'Length of the seed is too long for address generation'],
  ['InvalidSeeds', 'Provided seeds do not result in a valid address'],
  ['InvalidRealloc', 'Failed to reallocate account data'],
  ['ComputationalBudgetExceeded', 'Computational budget exceeded'],
  ['PrivilegeEscalation', 'Cross-program invocation with unauthorized signer or writable account'],
  ['ProgramEnvironmentSetupFailure', 'Failed to create program execution environment'],
  ['ProgramFailedToComplete', 'Program failed to complete'],
  ['ProgramFailedToCompile', 'Program failed to compile'],
  ['Immutable', 'Account is immutable'],
  ['IncorrectAuthority', 'Incorrect authority provided'],
  ['AccountNotRentExempt', 'An account does not have enough lamports to be rent-exempt'],
  ['InvalidAccountOwner', 'Invalid account owner'],
  ['ArithmeticOverflow', 'Program arithmetic overflowed'],
  ['UnsupportedSysvar', 'Unsupported sysvar'],
  ['IllegalOwner', 'Provided owner is not allowed'],
  [
    'MaxAccountsDataAllocationsExceeded',
    'Accounts data allocations exceeded the maximum allowed per transaction',
  ],
  ['MaxAccountsExceeded', 'Max accounts exceeded'],
  ['MaxInstructionTraceLengthExceeded', 'Max instruction trace length exceeded'],
  ['BuiltinProgramsMustConsumeComputeUnits', 'Builtin programs must consume compute units'],
  ['BorshIoError', 'Failed to serialize or deserialize account data'],
]

/** A transaction error as JSON plus the text the runtime's `Display` would print. */
export interface DescribedError {
  json: TransactionErrorJson
  text: string
}

function fieldless(table: readonly (readonly [string, string])[], index: number) {
  const entry = table[index]
  return entry ? { json: entry[0], text: entry[1] } : { json: `Unknown(${index})`, text: 'unknown' }
}

function describeInstructionError(value: unknown): { json: unknown; text: string } {
  if (typeof value === 'number') return fieldless(INSTRUCTION_ERRORS, value)
  if (value instanceof InstructionErrorCustom) {
    return {
      json: { Custom: value.code },
      text: `custom program error: 0x${value.code.toString(16)}`,
    }
  }
  if (value instanceof InstructionErrorBorshIo) {
    return {
      json: { BorshIoError: value.msg },
      text: `Failed to serialize or deserialize account data: ${value.msg}`,
    }
  }
  return { json: 'GenericError', text: 'generic instruction error' }
}

/** Converts LiteSVM's error object to the JSON and text the real RPC would show. */
export function describeTransactionError(err: ReturnType<FailedTransactionMetadata['err']>) {
  if (typeof err === 'number') return fieldless(TRANSACTION_ERRORS, err)
  if (err instanceof TransactionErrorInstructionError) {
    const inner = describeInstructionError(err.err())
    return {
      json: { InstructionError: [err.index, inner.json] },
      text: `Error processing Instruction ${err.index}: ${inner.text}`,
    }
  }
  if (err instanceof TransactionErrorDuplicateInstruction) {
    return {
      json: { DuplicateInstruction: err.index },
      text: `Transaction contains a duplicate instruction (${err.index}) that is not allowed`,
    }
  }
  if (err instanceof TransactionErrorInsufficientFundsForRent) {
    return {
      json: { InsufficientFundsForRent: { account_index: err.accountIndex } },
      text: `Transaction results in an account (${err.accountIndex}) with insufficient funds for rent`,
    }
  }
  if (err instanceof TransactionErrorProgramExecutionTemporarilyRestricted) {
    return {
      json: { ProgramExecutionTemporarilyRestricted: { account_index: err.accountIndex } },
      text: `Execution of the program referenced by account at index ${err.accountIndex} is temporarily restricted.`,
    }
  }
  return {
    json: 'SanitizeFailure',
    text: 'Transaction failed to sanitize accounts offsets correctly',
  }
}

/** A field-less transaction error by name, for failures decided before the runtime runs. */
export function namedTransactionError(name: string): DescribedError {
  const entry = TRANSACTION_ERRORS.find(([json]) => json === name)
  if (!entry) throw new Error(`unknown transaction error ${name}`)
  return { json: entry[0], text: entry[1] }
}
