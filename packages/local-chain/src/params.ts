// The parameters of the Solana JSON-RPC methods, checked with the real RPC's defaults, limits and
// error messages: configuration objects, keys, signatures, u64 numbers, commitment and
// minContextSlot, wire transactions and account encodings.
import { getBase58Encoder } from '@solana/kit'
import type { LocalChain } from './chain.js'
import type {
  AccountEncoding,
  DataSlice,
  RenderTransactionOptions,
  TransactionEncoding,
} from './encode.js'
import { JsonRpcError, MIN_CONTEXT_SLOT_NOT_REACHED } from './errors.js'
import type { CommitmentLevel } from './timing.js'

/** The agave release whose RPC this mimics; clients only show or compare it. */
export const SOLANA_CORE_VERSION = '2.3.13'
/** Longest base58 / base64 text of a 1232-byte transaction. */
const MAX_BASE58_SIZE = 1683
const MAX_BASE64_SIZE = 1644

export type Params = readonly unknown[]
export type Handler = (chain: LocalChain, params: Params) => unknown

const base58Bytes = getBase58Encoder()

/** The commitment a call answers at, and that level's newest slot. */
export interface At {
  level: CommitmentLevel
  slot: number
}

export function withContext(at: At, value: unknown) {
  return { context: { apiVersion: SOLANA_CORE_VERSION, slot: at.slot }, value }
}

export function invalid(message: string): JsonRpcError {
  return JsonRpcError.invalidParams(message)
}

export function config(params: Params, index: number): Record<string, unknown> {
  const value = params[index]
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalid(`Invalid params: invalid type: expected a configuration object at ${index}`)
  }
  return value as Record<string, unknown>
}

export function stringParam(params: Params, index: number, what: string): string {
  const value = params[index]
  if (typeof value !== 'string') throw invalid(`Invalid params: missing or invalid ${what}`)
  return value
}

export function base58Key(value: string, size: number): string {
  let bytes: Uint8Array
  try {
    bytes = Uint8Array.from(base58Bytes.encode(value))
  } catch {
    throw invalid('Invalid param: Invalid')
  }
  if (bytes.length !== size) throw invalid('Invalid param: WrongSize')
  return value
}

export function pubkeyParam(params: Params, index: number): string {
  return base58Key(stringParam(params, index, 'pubkey'), 32)
}

export function signatureValue(value: unknown): string {
  if (typeof value !== 'string') throw invalid('Invalid params: signature must be a string')
  return base58Key(value, 64)
}

/** A u64 from JSON: a safe integer, or a bigint the parser kept exact. */
export function u64(value: unknown, what: string): bigint {
  if (typeof value === 'bigint' && value >= 0n && value <= 0xffff_ffff_ffff_ffffn) return value
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  throw invalid(`Invalid params: ${what} must be an unsigned 64-bit integer`)
}

export function optionalCount(value: unknown, what: string): number | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value
  throw invalid(`Invalid params: ${what} must be an unsigned integer`)
}

// Deprecated names still accepted by the RPC, mapped as it maps them.
const COMMITMENTS: Readonly<Record<string, CommitmentLevel>> = {
  processed: 'processed',
  recent: 'processed',
  confirmed: 'confirmed',
  single: 'confirmed',
  singleGossip: 'confirmed',
  finalized: 'finalized',
  root: 'finalized',
  max: 'finalized',
}

/** A commitment parameter; the RPC's default is `finalized`. */
export function commitmentParam(value: unknown, atLeastConfirmed = false): CommitmentLevel {
  if (value === undefined || value === null) return 'finalized'
  const level = typeof value === 'string' && Object.hasOwn(COMMITMENTS, value) && COMMITMENTS[value]
  if (!level) throw invalid(`Invalid params: unknown commitment ${String(value)}`)
  if (atLeastConfirmed && level === 'processed') {
    throw invalid('Method does not support commitment below `confirmed`')
  }
  return level
}

/**
 * Validates commitment and minContextSlot, the options most methods share; the level the call
 * answers at.
 */
export function checkContext(
  chain: LocalChain,
  options: Record<string, unknown>,
  atLeastConfirmed = false,
): At {
  const level = commitmentParam(options.commitment, atLeastConfirmed)
  const slot = chain.commitmentSlot(level)
  const minContextSlot = optionalCount(options.minContextSlot, 'minContextSlot')
  if (minContextSlot !== undefined && slot < minContextSlot) {
    throw new JsonRpcError(
      MIN_CONTEXT_SLOT_NOT_REACHED,
      'Minimum context slot has not been reached',
      { contextSlot: slot },
    )
  }
  return { level, slot }
}

/** Decodes a transaction sent as base58 (the documented default) or base64. */
export function decodeWireParam(params: Params, options: Record<string, unknown>): Uint8Array {
  const encoded = stringParam(params, 0, 'transaction')
  const encoding = options.encoding ?? 'base58'
  if (encoding === 'base58') {
    if (encoded.length > MAX_BASE58_SIZE) {
      throw invalid(
        `base58 encoded solana_transaction::versioned::VersionedTransaction too large: ${encoded.length} bytes (max: encoded/raw ${MAX_BASE58_SIZE}/1232)`,
      )
    }
    try {
      return Uint8Array.from(base58Bytes.encode(encoded))
    } catch (error) {
      throw invalid(`invalid base58 encoding: ${(error as Error).message}`)
    }
  }
  if (encoding === 'base64') {
    if (encoded.length > MAX_BASE64_SIZE) {
      throw invalid(
        `base64 encoded solana_transaction::versioned::VersionedTransaction too large: ${encoded.length} bytes (max: encoded/raw ${MAX_BASE64_SIZE}/1232)`,
      )
    }
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded) || encoded.length % 4 !== 0) {
      throw invalid('invalid base64 encoding: InvalidByte')
    }
    return new Uint8Array(Buffer.from(encoded, 'base64'))
  }
  throw invalid(`unsupported encoding: ${String(encoding)}. Supported encodings: base58, base64`)
}

export function accountEncoding(value: unknown, fallback: AccountEncoding): AccountEncoding {
  if (value === undefined || value === null) return fallback
  if (
    value === 'base58' ||
    value === 'base64' ||
    value === 'base64+zstd' ||
    value === 'jsonParsed'
  ) {
    return value
  }
  if (value === 'binary') return 'binary'
  throw invalid(`Invalid params: unknown variant \`${String(value)}\``)
}

export function dataSliceParam(value: unknown): DataSlice | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'object') throw invalid('Invalid params: dataSlice must be an object')
  const slice = value as Record<string, unknown>
  return {
    offset: optionalCount(slice.offset, 'dataSlice.offset') ?? 0,
    length: optionalCount(slice.length, 'dataSlice.length') ?? 0,
  }
}

const TRANSACTION_ENCODINGS = new Set(['json', 'jsonParsed', 'base64', 'base58'])

/** `encoding` (default json) and `maxSupportedTransactionVersion` of getTransaction/getBlock. */
export function transactionRenderParams(
  options: Record<string, unknown>,
): RenderTransactionOptions {
  const encoding = options.encoding ?? 'json'
  if (typeof encoding !== 'string' || !TRANSACTION_ENCODINGS.has(encoding)) {
    throw invalid(`Invalid params: unknown variant \`${String(encoding)}\``)
  }
  const max = options.maxSupportedTransactionVersion
  if (max !== undefined && max !== null && typeof max !== 'number') {
    throw invalid('Invalid params: maxSupportedTransactionVersion must be a number')
  }
  return {
    encoding: encoding as TransactionEncoding,
    maxSupportedTransactionVersion: typeof max === 'number' ? max : undefined,
  }
}
