// The transaction methods of the JSON-RPC: airdrops, sending and simulating, statuses, history
// by address and single transactions.
import type { LocalChain } from './chain.js'
import {
  base64,
  renderAccount,
  renderSimulatedInnerInstructions,
  renderTransaction,
} from './encode.js'
import {
  accountEncoding,
  checkContext,
  config,
  decodeWireParam,
  type Handler,
  invalid,
  optionalCount,
  type Params,
  pubkeyParam,
  signatureValue,
  transactionRenderParams,
  u64,
  withContext,
} from './params.js'

const MAX_SIGNATURE_STATUSES = 256
const MAX_SIGNATURES_FOR_ADDRESS = 1000

function signatureStatus(chain: LocalChain, signature: string) {
  const entry = chain.getTransaction(signature)
  if (!entry) return null
  // Statuses are known from `processed` on; the status says how far the transaction has come.
  const { confirmations, confirmationStatus } = chain.statusOf(entry)
  return {
    slot: entry.slot,
    confirmations,
    err: entry.err,
    status: entry.err === null ? { Ok: null } : { Err: entry.err },
    confirmationStatus,
  }
}

export const TRANSACTION_METHODS: Readonly<Record<string, Handler>> = {
  requestAirdrop: async (chain, params) => {
    const key = pubkeyParam(params, 0)
    const amount = u64(params[1], 'lamports')
    checkContext(chain, config(params, 2))
    return chain.airdrop(key, amount)
  },

  sendTransaction: async (chain, params) => {
    const options = config(params, 1)
    checkContext(chain, {
      commitment: options.preflightCommitment,
      minContextSlot: options.minContextSlot,
    })
    const wire = decodeWireParam(params, options)
    return chain.sendTransaction(wire, { skipPreflight: options.skipPreflight === true })
  },

  simulateTransaction: async (chain, params) => {
    const options = config(params, 1)
    checkContext(chain, options)
    // Simulation runs on the newest state (LiteSVM keeps no older one), so its context is the
    // processed slot whatever commitment was asked for.
    const at = { level: 'processed' as const, slot: chain.slot }
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
    return withContext(at, {
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
      { level: 'processed', slot: chain.slot },
      signatures.map((value) => signatureStatus(chain, signatureValue(value))),
    )
  },

  getSignaturesForAddress: (chain, params) => {
    const key = pubkeyParam(params, 0)
    const options = config(params, 1)
    const at = checkContext(chain, options, true)
    const limit = optionalCount(options.limit, 'limit') ?? MAX_SIGNATURES_FOR_ADDRESS
    if (limit === 0 || limit > MAX_SIGNATURES_FOR_ADDRESS) {
      throw invalid(`Invalid limit; max ${MAX_SIGNATURES_FOR_ADDRESS}`)
    }
    const before = options.before == null ? undefined : signatureValue(options.before)
    const until = options.until == null ? undefined : signatureValue(options.until)
    return chain
      .getSignaturesForAddress(
        key,
        { limit, ...(before ? { before } : {}), ...(until ? { until } : {}) },
        at.level,
      )
      .map((entry) => ({
        signature: entry.signature,
        slot: entry.slot,
        err: entry.err,
        memo: entry.memo,
        blockTime: entry.blockTime,
        confirmationStatus: chain.statusOf(entry).confirmationStatus,
      }))
  },

  getTransaction: (chain, params) => {
    const signature = signatureValue(params[0])
    // The second parameter may still be a bare encoding string (deprecated form).
    const options = typeof params[1] === 'string' ? { encoding: params[1] } : config(params, 1)
    const at = checkContext(chain, options, true)
    const render = transactionRenderParams(options)
    const entry = chain.getTransaction(signature)
    if (!entry || entry.slot > at.slot) return null
    return renderTransaction(entry, render)
  },
}
