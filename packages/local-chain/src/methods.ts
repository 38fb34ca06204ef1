// The Solana JSON-RPC methods the local chain answers, with the real RPC's parameters, defaults,
// limits and error messages, each as of the commitment asked for (`finalized` by default, as the
// RPC): chain state and accounts here, transactions, blocks and tokens in their own files. Unknown
// methods are answered with "Method not found" by the dispatcher.
import type { LocalChain } from './chain.js'
import { renderAccount } from './encode.js'
import { BLOCK_METHODS } from './methods-blocks.js'
import { TOKEN_METHODS } from './methods-tokens.js'
import { TRANSACTION_METHODS } from './methods-transactions.js'
import {
  type At,
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
import { jsonParsedTokenData } from './token-accounts.js'

/** Identifier of the feature set; real nodes derive it from their active features. */
const FEATURE_SET = 3_294_202_862
const MAX_MULTIPLE_ACCOUNTS = 100

function accountInfo(chain: LocalChain, at: At, key: string, options: Record<string, unknown>) {
  const account = chain.accountAt(key, at.slot)
  if (!account) return null
  const encoding = accountEncoding(options.encoding, 'binary')
  const parsed =
    encoding === 'jsonParsed'
      ? jsonParsedTokenData(account, (of) => chain.accountAt(of, at.slot))
      : null
  return renderAccount(account, encoding, dataSliceParam(options.dataSlice), parsed)
}

const STATE_METHODS: Readonly<Record<string, Handler>> = {
  getHealth: () => 'ok',

  getVersion: () => ({ 'feature-set': FEATURE_SET, 'solana-core': SOLANA_CORE_VERSION }),

  getGenesisHash: (chain) => chain.genesisHash,

  getSlot: (chain, params) => checkContext(chain, config(params, 0)).slot,

  getBlockHeight: (chain, params) => checkContext(chain, config(params, 0)).slot,

  getTransactionCount: (chain, params) =>
    chain.transactionCountAt(checkContext(chain, config(params, 0)).level),

  getFirstAvailableBlock: () => 0,

  minimumLedgerSlot: () => 0,

  getEpochInfo: (chain, params) => {
    const at = checkContext(chain, config(params, 0))
    const slotsInEpoch = Number(chain.svm.getEpochSchedule().slotsPerEpoch)
    return {
      absoluteSlot: at.slot,
      blockHeight: at.slot,
      epoch: Math.floor(at.slot / slotsInEpoch),
      slotIndex: at.slot % slotsInEpoch,
      slotsInEpoch,
      transactionCount: chain.transactionCountAt(at.level),
    }
  },

  getLatestBlockhash: (chain, params) => {
    const at = checkContext(chain, config(params, 0))
    return withContext(at, chain.latestBlockhash(at.level))
  },

  isBlockhashValid: (chain, params) => {
    const blockhash = base58Key(stringParam(params, 0, 'blockhash'), 32)
    const at = checkContext(chain, config(params, 1))
    return withContext(at, chain.isBlockhashValid(blockhash, at.level))
  },

  getFeeForMessage: (chain, params) => {
    const encoded = stringParam(params, 0, 'message')
    const at = checkContext(chain, config(params, 1))
    const message = new Uint8Array(Buffer.from(encoded, 'base64'))
    return withContext(at, chain.feeForMessage(message, at.level))
  },

  getRecentPrioritizationFees: (chain) => [{ slot: chain.slot, prioritizationFee: 0 }],

  getMinimumBalanceForRentExemption: (chain, params) => {
    const length = optionalCount(params[0], 'data length') ?? 0
    checkContext(chain, config(params, 1))
    return chain.minimumBalanceForRentExemption(BigInt(length))
  },

  getBalance: (chain, params) => {
    const key = pubkeyParam(params, 0)
    const at = checkContext(chain, config(params, 1))
    return withContext(at, chain.accountAt(key, at.slot)?.lamports ?? 0n)
  },

  getAccountInfo: (chain, params) => {
    const key = pubkeyParam(params, 0)
    const options = config(params, 1)
    const at = checkContext(chain, options)
    return withContext(at, accountInfo(chain, at, key, options))
  },

  getMultipleAccounts: (chain, params) => {
    const keys = params[0]
    if (!Array.isArray(keys)) throw invalid('Invalid params: expected an array of pubkeys')
    if (keys.length > MAX_MULTIPLE_ACCOUNTS) {
      throw invalid(`Too many inputs provided; max ${MAX_MULTIPLE_ACCOUNTS}`)
    }
    const options = config(params, 1)
    const at = checkContext(chain, options)
    const checked = keys.map((_, i) => pubkeyParam(keys, i))
    return withContext(
      at,
      checked.map((key) =>
        accountInfo(chain, at, key, { ...options, encoding: options.encoding ?? 'base64' }),
      ),
    )
  },
}

export const METHODS: Readonly<Record<string, Handler>> = {
  ...STATE_METHODS,
  ...TRANSACTION_METHODS,
  ...BLOCK_METHODS,
  ...TOKEN_METHODS,
}
