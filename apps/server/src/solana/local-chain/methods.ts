// The Solana JSON-RPC methods the local chain answers, with the real RPC's parameters, defaults,
// limits and error messages. Unknown methods are answered with "Method not found" by the server.
import { getBase58Encoder } from '@solana/kit'
import type { LocalChain } from './chain.js'
import {
  type AccountEncoding,
  base64,
  type DataSlice,
  renderAccount,
  renderSimulatedInnerInstructions,
  renderTransaction,
  type TransactionEncoding,
} from './encode.js'
import { JsonRpcError, MIN_CONTEXT_SLOT_NOT_REACHED } from './errors.js'

/** The agave release whose RPC this mimics; clients only show or compare it. */
export const SOLANA_CORE_VERSION = '2.3.13'
/** Identifier of the feature set; real nodes derive it from their active features. */
const FEATURE_SET = 3_294_202_862
const MAX_SIGNATURE_STATUSES = 256
const MAX_SIGNATURES_FOR_ADDRESS = 1000
const MAX_MULTIPLE_ACCOUNTS = 100
/** Longest base58 / base64 text of a 1232-byte transaction. */
const MAX_BASE58_SIZE = 1683
const MAX_BASE64_SIZE = 1644

type Params = readonly unknown[]
type Handler = (chain: LocalChain, params: Params) => unknown

const base58Bytes = getBase58Encoder()

function invalid(message: string): JsonRpcError {
  return JsonRpcError.invalidParams(message)
}

function context(chain: LocalChain) {
  return { apiVersion: SOLANA_CORE_VERSION, slot: chain.slot }
}

function withContext(chain: LocalChain, value: unknown) {
  return { context: context(chain), value }
}

function config(params: Params, index: number): Record<string, unknown> {
  const value = params[index]
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalid(`Invalid params: invalid type: expected a configuration object at ${index}`)
  }
  return value as Record<string, unknown>
}

function stringParam(params: Params, index: number, what: string): string {
  const value = params[index]
  if (typeof value !== 'string') throw invalid(`Invalid params: missing or invalid ${what}`)
  return value
}

function base58Key(value: string, size: number): string {
  let bytes: Uint8Array
  try {
    bytes = Uint8Array.from(base58Bytes.encode(value))
  } catch {
    throw invalid('Invalid param: Invalid')
  }
  if (bytes.length !== size) throw invalid('Invalid param: WrongSize')
  return value
}

function pubkeyParam(params: Params, index: number): string {
  return base58Key(stringParam(params, index, 'pubkey'), 32)
}

function signatureValue(value: unknown): string {
  if (typeof value !== 'string') throw invalid('Invalid params: signature must be a string')
  return base58Key(value, 64)
}

/** A u64 from JSON: a safe integer, or a bigint the parser kept exact. */
function u64(value: unknown, what: string): bigint {
  if (typeof value === 'bigint' && value >= 0n && value <= 0xffff_ffff_ffff_ffffn) return value
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  throw invalid(`Invalid params: ${what} must be an unsigned 64-bit integer`)
}

function optionalCount(value: unknown, what: string): number | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value
  throw invalid(`Invalid params: ${what} must be an unsigned integer`)
}

const COMMITMENTS = new Set([
  'processed',
  'confirmed',
  'finalized',
  'recent',
  'single',
  'singleGossip',
  'root',
  'max',
])

/** Validates commitment and minContextSlot, the options most methods share. */
function checkContext(
  chain: LocalChain,
  options: Record<string, unknown>,
  atLeastConfirmed = false,
) {
  const commitment = options.commitment
  if (commitment !== undefined && commitment !== null) {
    if (typeof commitment !== 'string' || !COMMITMENTS.has(commitment)) {
      throw invalid(`Invalid params: unknown commitment ${String(commitment)}`)
    }
    if (atLeastConfirmed && (commitment === 'processed' || commitment === 'recent')) {
      throw invalid('Method does not support commitment below `confirmed`')
    }
  }
  const minContextSlot = optionalCount(options.minContextSlot, 'minContextSlot')
  if (minContextSlot !== undefined && chain.slot < minContextSlot) {
    throw new JsonRpcError(
      MIN_CONTEXT_SLOT_NOT_REACHED,
      'Minimum context slot has not been reached',
      {
        contextSlot: chain.slot,
      },
    )
  }
}

/** Decodes a transaction sent as base58 (the documented default) or base64. */
function decodeWireParam(params: Params, options: Record<string, unknown>): Uint8Array {
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

function accountEncoding(value: unknown, fallback: AccountEncoding): AccountEncoding {
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

function dataSliceParam(value: unknown): DataSlice | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'object') throw invalid('Invalid params: dataSlice must be an object')
  const slice = value as Record<string, unknown>
  return {
    offset: optionalCount(slice.offset, 'dataSlice.offset') ?? 0,
    length: optionalCount(slice.length, 'dataSlice.length') ?? 0,
  }
}

function accountInfo(chain: LocalChain, key: string, options: Record<string, unknown>) {
  const account = chain.getAccount(key)
  if (!account) return null
  return renderAccount(
    account,
    accountEncoding(options.encoding, 'binary'),
    dataSliceParam(options.dataSlice),
  )
}

function signatureStatus(chain: LocalChain, signature: string) {
  const entry = chain.getTransaction(signature)
  if (!entry) return null
  // LiteSVM commits at once and nothing can roll back, so every landed transaction is final.
  return {
    slot: entry.slot,
    confirmations: null,
    err: entry.err,
    status: entry.err === null ? { Ok: null } : { Err: entry.err },
    confirmationStatus: 'finalized',
  }
}

export const METHODS: Readonly<Record<string, Handler>> = {
  getHealth: () => 'ok',

  getVersion: () => ({ 'feature-set': FEATURE_SET, 'solana-core': SOLANA_CORE_VERSION }),

  getGenesisHash: (chain) => chain.genesisHash,

  getSlot: (chain, params) => {
    checkContext(chain, config(params, 0))
    return chain.slot
  },

  getBlockHeight: (chain, params) => {
    checkContext(chain, config(params, 0))
    return chain.blockHeight
  },

  getTransactionCount: (chain, params) => {
    checkContext(chain, config(params, 0))
    return chain.transactionCount
  },

  getFirstAvailableBlock: () => 0,

  getEpochInfo: (chain, params) => {
    checkContext(chain, config(params, 0))
    const schedule = chain.svm.getEpochSchedule()
    const slotsInEpoch = Number(schedule.slotsPerEpoch)
    return {
      absoluteSlot: chain.slot,
      blockHeight: chain.blockHeight,
      epoch: Math.floor(chain.slot / slotsInEpoch),
      slotIndex: chain.slot % slotsInEpoch,
      slotsInEpoch,
      transactionCount: chain.transactionCount,
    }
  },

  getLatestBlockhash: (chain, params) => {
    checkContext(chain, config(params, 0))
    return withContext(chain, chain.latestBlockhash())
  },

  isBlockhashValid: (chain, params) => {
    const blockhash = base58Key(stringParam(params, 0, 'blockhash'), 32)
    checkContext(chain, config(params, 1))
    return withContext(chain, chain.isBlockhashValid(blockhash))
  },

  getFeeForMessage: (chain, params) => {
    const encoded = stringParam(params, 0, 'message')
    checkContext(chain, config(params, 1))
    return withContext(chain, chain.feeForMessage(new Uint8Array(Buffer.from(encoded, 'base64'))))
  },

  getRecentPrioritizationFees: (chain) => [{ slot: chain.slot, prioritizationFee: 0 }],

  getMinimumBalanceForRentExemption: (chain, params) => {
    const length = optionalCount(params[0], 'data length') ?? 0
    checkContext(chain, config(params, 1))
    return chain.minimumBalanceForRentExemption(BigInt(length))
  },

  getBalance: (chain, params) => {
    const key = pubkeyParam(params, 0)
    checkContext(chain, config(params, 1))
    return withContext(chain, chain.getBalance(key))
  },

  getAccountInfo: (chain, params) => {
    const key = pubkeyParam(params, 0)
    const options = config(params, 1)
    checkContext(chain, options)
    return withContext(chain, accountInfo(chain, key, options))
  },

  getMultipleAccounts: (chain, params) => {
    const keys = params[0]
    if (!Array.isArray(keys)) throw invalid('Invalid params: expected an array of pubkeys')
    if (keys.length > MAX_MULTIPLE_ACCOUNTS) {
      throw invalid(`Too many inputs provided; max ${MAX_MULTIPLE_ACCOUNTS}`)
    }
    const options = config(params, 1)
    checkContext(chain, options)
    const checked = keys.map((_, i) => pubkeyParam(keys, i))
    return withContext(
      chain,
      checked.map((key) =>
        accountInfo(chain, key, { ...options, encoding: options.encoding ?? 'base64' }),
      ),
    )
  },

  requestAirdrop: async (chain, params) => {
    const key = pubkeyParam(params, 0)
    const amount = u64(params[1], 'lamports')
    checkContext(chain, config(params, 2))
    return chain.airdrop(key, amount)
  },

  sendTransaction: async (chain, params) => {
    const options = config(params, 1)
    checkContext(chain, { minContextSlot: options.minContextSlot })
    const wire = decodeWireParam(params, options)
    return chain.sendTransaction(wire, { skipPreflight: options.skipPreflight === true })
  },

  simulateTransaction: async (chain, params) => {
    const options = config(params, 1)
    checkContext(chain, options)
    const wire = decodeWireParam(params, options)
    const simulation = await chain.simulateTransaction(wire, {
      sigVerify: options.sigVerify === true,
      replaceRecentBlockhash: options.replaceRecentBlockhash === true,
    })
    let accounts: unknown = null
    if (options.accounts !== undefined && options.accounts !== null) {
      const wanted = options.accounts as { addresses?: unknown; encoding?: unknown }
      if (!Array.isArray(wanted.addresses)) {
        throw invalid('Invalid params: accounts.addresses must be an array')
      }
      const encoding = accountEncoding(wanted.encoding, 'base64')
      if (encoding === 'base58' || encoding === 'binary') {
        throw invalid('base58 encoding not supported')
      }
      if (wanted.addresses.length > simulation.accountKeys.length) {
        throw invalid(`Too many accounts provided; max ${simulation.accountKeys.length}`)
      }
      const addresses = wanted.addresses.map((_, i) => pubkeyParam(wanted.addresses as Params, i))
      accounts = addresses.map((key) => {
        if (simulation.err) return null
        const account = simulation.postAccounts.get(key) ?? chain.getAccount(key)
        return account ? renderAccount(account, encoding, undefined) : null
      })
    }
    return withContext(chain, {
      err: simulation.err?.json ?? null,
      logs: simulation.logs,
      accounts,
      unitsConsumed: simulation.unitsConsumed,
      returnData: simulation.returnData
        ? {
            programId: simulation.returnData.programId,
            data: [base64(simulation.returnData.data), 'base64'],
          }
        : null,
      innerInstructions:
        options.innerInstructions === true
          ? renderSimulatedInnerInstructions(simulation.innerInstructions, simulation.accountKeys)
          : null,
      replacementBlockhash: simulation.replacementBlockhash,
    })
  },

  getSignatureStatuses: (chain, params) => {
    const signatures = params[0]
    if (!Array.isArray(signatures)) throw invalid('Invalid params: expected an array of signatures')
    if (signatures.length > MAX_SIGNATURE_STATUSES) {
      throw invalid(`Too many inputs provided; max ${MAX_SIGNATURE_STATUSES}`)
    }
    config(params, 1)
    return withContext(
      chain,
      signatures.map((value) => signatureStatus(chain, signatureValue(value))),
    )
  },

  getSignaturesForAddress: (chain, params) => {
    const key = pubkeyParam(params, 0)
    const options = config(params, 1)
    checkContext(chain, options, true)
    const limit = optionalCount(options.limit, 'limit') ?? MAX_SIGNATURES_FOR_ADDRESS
    if (limit === 0 || limit > MAX_SIGNATURES_FOR_ADDRESS) {
      throw invalid(`Invalid limit; max ${MAX_SIGNATURES_FOR_ADDRESS}`)
    }
    const before = options.before == null ? undefined : signatureValue(options.before)
    const until = options.until == null ? undefined : signatureValue(options.until)
    return chain
      .getSignaturesForAddress(key, {
        limit,
        ...(before ? { before } : {}),
        ...(until ? { until } : {}),
      })
      .map((entry) => ({
        signature: entry.signature,
        slot: entry.slot,
        err: entry.err,
        memo: entry.memo,
        blockTime: entry.blockTime,
        confirmationStatus: 'finalized',
      }))
  },

  getTransaction: (chain, params) => {
    const signature = signatureValue(params[0])
    // The second parameter may still be a bare encoding string (deprecated form).
    const options = typeof params[1] === 'string' ? { encoding: params[1] } : config(params, 1)
    checkContext(chain, options, true)
    const encoding = options.encoding ?? 'json'
    if (
      encoding !== 'json' &&
      encoding !== 'jsonParsed' &&
      encoding !== 'base64' &&
      encoding !== 'base58'
    ) {
      throw invalid(`Invalid params: unknown variant \`${String(encoding)}\``)
    }
    const entry = chain.getTransaction(signature)
    if (!entry) return null
    const max = options.maxSupportedTransactionVersion
    if (max !== undefined && max !== null && typeof max !== 'number') {
      throw invalid('Invalid params: maxSupportedTransactionVersion must be a number')
    }
    return renderTransaction(entry, {
      encoding: encoding as TransactionEncoding,
      maxSupportedTransactionVersion: typeof max === 'number' ? max : undefined,
    })
  },
}
