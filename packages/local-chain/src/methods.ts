// The Solana JSON-RPC methods the local chain answers, with the real RPC's parameters, defaults,
// limits and error messages: chain state and accounts here, transactions in
// methods-transactions.ts. Unknown methods are answered with "Method not found" by the server.
import type { LocalChain } from './chain.js'
import { renderAccount } from './encode.js'
import { TRANSACTION_METHODS } from './methods-transactions.js'
import {
  accountEncoding,
  base58Key,
  checkContext,
  config,
  dataSliceParam,
  type Handler,
  invalid,
  optionalCount,
  pubkeyParam,
  SOLANA_CORE_VERSION,
  stringParam,
  withContext,
} from './params.js'

/** Identifier of the feature set; real nodes derive it from their active features. */
const FEATURE_SET = 3_294_202_862
const MAX_MULTIPLE_ACCOUNTS = 100

function accountInfo(chain: LocalChain, key: string, options: Record<string, unknown>) {
  const account = chain.getAccount(key)
  if (!account) return null
  return renderAccount(
    account,
    accountEncoding(options.encoding, 'binary'),
    dataSliceParam(options.dataSlice),
  )
}

const STATE_METHODS: Readonly<Record<string, Handler>> = {
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
}

export const METHODS: Readonly<Record<string, Handler>> = {
  ...STATE_METHODS,
  ...TRANSACTION_METHODS,
}
