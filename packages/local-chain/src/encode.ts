// Turns ledger entries, simulations and accounts into the JSON the real RPC returns for
// getTransaction ("json", "jsonParsed", "base64", "base58"), simulateTransaction and
// getAccountInfo. jsonParsed understands the System, Memo, SPL Token and Associated Token
// programs' instructions (the ones the shop sends) and SPL Token accounts; other instructions
// fall back to the partially decoded form, and other accounts to base64, as the RPC does for
// programs it has no parser for.
import { writableFlags } from './account-roles.js'
import { JsonRpcError, UNSUPPORTED_TRANSACTION_VERSION } from './errors.js'
import type { AccountView, InnerInstructionSet, LedgerEntry } from './model.js'
import {
  MEMO_PROGRAM_ADDRESSES,
  parseSystemInstruction,
  SYSTEM_PROGRAM_ADDRESS,
} from './system-program.js'
import { renderTokenBalances } from './token-accounts.js'
import { parseTokenProgramInstruction } from './token-instructions.js'
import { type CompiledInstruction, encodeBase58, type ParsedMessage } from './wire.js'

export type TransactionEncoding = 'json' | 'jsonParsed' | 'base64' | 'base58'
export type AccountEncoding = 'binary' | 'base58' | 'base64' | 'base64+zstd' | 'jsonParsed'

/** rentEpoch of every rent-exempt account since rent collection ended (u64::MAX). */
const RENT_EXEMPT_EPOCH = 0xffff_ffff_ffff_ffffn
/** The RPC refuses to base58-encode more account data than this. */
const MAX_BASE58_BYTES = 128

export function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')
}

export interface RenderTransactionOptions {
  encoding: TransactionEncoding
  /** Undefined when the request did not set maxSupportedTransactionVersion. */
  maxSupportedTransactionVersion: number | undefined
}

function compiledInstructionJson(instruction: CompiledInstruction, stackHeight: number | null) {
  return {
    programIdIndex: instruction.programIdIndex,
    accounts: instruction.accounts,
    data: encodeBase58(instruction.data),
    stackHeight,
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

function parsedInstructionJson(
  instruction: CompiledInstruction,
  accountKeys: string[],
  stackHeight: number | null,
) {
  const programId = accountKeys[instruction.programIdIndex] ?? ''
  const accounts = instruction.accounts.map((index) => accountKeys[index] ?? '')
  if (programId === SYSTEM_PROGRAM_ADDRESS) {
    const parsed = parseSystemInstruction(instruction.data, accounts)
    if (parsed) return { parsed, program: 'system', programId, stackHeight }
  }
  if (MEMO_PROGRAM_ADDRESSES.includes(programId)) {
    try {
      return { parsed: utf8.decode(instruction.data), program: 'spl-memo', programId, stackHeight }
    } catch {
      // Not UTF-8: shown undecoded below, as the RPC does.
    }
  }
  const token = parseTokenProgramInstruction(programId, instruction.data, accounts)
  if (token) return { parsed: token.parsed, program: token.program, programId, stackHeight }
  return { accounts, data: encodeBase58(instruction.data), programId, stackHeight }
}

function innerInstructionsJson(
  sets: InnerInstructionSet[],
  accountKeys: string[],
  parsed: boolean,
) {
  return sets.map((set) => ({
    index: set.index,
    instructions: set.instructions.map((instruction) =>
      parsed
        ? parsedInstructionJson(instruction, accountKeys, instruction.stackHeight)
        : compiledInstructionJson(instruction, instruction.stackHeight),
    ),
  }))
}

function lookupsJson(message: ParsedMessage) {
  return message.version === 0 ? { addressTableLookups: message.addressTableLookups } : {}
}

/** getTransaction's result for a ledger entry. */
export function renderTransaction(entry: LedgerEntry, options: RenderTransactionOptions) {
  const { message } = entry.transaction
  const version = message.version
  if (version !== 'legacy' && (options.maxSupportedTransactionVersion ?? -1) < version) {
    throw new JsonRpcError(
      UNSUPPORTED_TRANSACTION_VERSION,
      `Transaction version (${version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`,
    )
  }
  const parsed = options.encoding === 'jsonParsed'
  const withVersion = options.maxSupportedTransactionVersion !== undefined
  const meta = {
    err: entry.err,
    status: entry.err === null ? { Ok: null } : { Err: entry.err },
    fee: entry.fee,
    preBalances: entry.preBalances,
    postBalances: entry.postBalances,
    innerInstructions: innerInstructionsJson(entry.innerInstructions, entry.accountKeys, parsed),
    logMessages: entry.logMessages,
    preTokenBalances: renderTokenBalances(entry.preTokenBalances),
    postTokenBalances: renderTokenBalances(entry.postTokenBalances),
    rewards: [],
    // As documented: absent without maxSupportedTransactionVersion and with jsonParsed.
    ...(withVersion && !parsed ? { loadedAddresses: entry.loadedAddresses } : {}),
    ...(entry.returnData
      ? {
          returnData: {
            programId: entry.returnData.programId,
            data: [base64(entry.returnData.data), 'base64'],
          },
        }
      : {}),
    computeUnitsConsumed: entry.computeUnitsConsumed,
  }
  let transaction: unknown
  switch (options.encoding) {
    case 'base64':
      transaction = [base64(entry.transaction.wire), 'base64']
      break
    case 'base58':
      transaction = [encodeBase58(entry.transaction.wire), 'base58']
      break
    case 'jsonParsed': {
      const writable = writableFlags(message, entry.loadedAddresses)
      const staticCount = message.staticAccountKeys.length
      transaction = {
        signatures: entry.transaction.signatures,
        message: {
          accountKeys: entry.accountKeys.map((pubkey, index) => ({
            pubkey,
            signer: index < message.header.numRequiredSignatures,
            source: index < staticCount ? 'transaction' : 'lookupTable',
            writable: writable[index] ?? false,
          })),
          instructions: message.instructions.map((instruction) =>
            parsedInstructionJson(instruction, entry.accountKeys, null),
          ),
          recentBlockhash: message.recentBlockhash,
          ...lookupsJson(message),
        },
      }
      break
    }
    default:
      transaction = {
        signatures: entry.transaction.signatures,
        message: {
          accountKeys: message.staticAccountKeys,
          header: message.header,
          instructions: message.instructions.map((instruction) =>
            compiledInstructionJson(instruction, null),
          ),
          recentBlockhash: message.recentBlockhash,
          ...lookupsJson(message),
        },
      }
  }
  return {
    slot: entry.slot,
    blockTime: entry.blockTime,
    meta,
    transaction,
    ...(withVersion ? { version } : {}),
  }
}

/** simulateTransaction's inner instructions: parsed where a parser exists. */
export function renderSimulatedInnerInstructions(
  sets: InnerInstructionSet[],
  accountKeys: string[],
) {
  return innerInstructionsJson(sets, accountKeys, true)
}

export interface DataSlice {
  offset: number
  length: number
}

/** An account as getAccountInfo and friends return it. */
export function renderAccount(
  account: AccountView,
  encoding: AccountEncoding,
  dataSlice: DataSlice | undefined,
  /** jsonParsed's data where a parser knows the account (token-accounts.ts); else base64. */
  parsed: unknown = null,
) {
  const data = dataSlice
    ? account.data.subarray(dataSlice.offset, dataSlice.offset + dataSlice.length)
    : account.data
  let rendered: unknown
  switch (encoding) {
    case 'binary':
    case 'base58': {
      const text =
        data.length <= MAX_BASE58_BYTES
          ? encodeBase58(data)
          : 'error: data too large for bs58 encoding'
      // "binary" is the legacy default: a bare base58 string.
      rendered = encoding === 'binary' ? text : [text, 'base58']
      break
    }
    case 'base64+zstd':
      throw JsonRpcError.invalidParams('base64+zstd encoding is not supported by this node')
    default:
      // jsonParsed falls back to base64 as the RPC does without a parser (or with a data slice).
      rendered =
        encoding === 'jsonParsed' && parsed !== null && !dataSlice
          ? parsed
          : [base64(data), 'base64']
  }
  return {
    data: rendered,
    executable: account.executable,
    lamports: account.lamports,
    owner: account.owner,
    rentEpoch: RENT_EXEMPT_EPOCH,
    space: account.data.length,
  }
}
