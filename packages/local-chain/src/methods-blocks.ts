// The block methods of the JSON-RPC: getBlock (full, accounts, signatures or no transaction
// detail), getBlockTime, getBlocks and getBlocksWithLimit. A block is available once its slot is
// sealed and has reached the commitment asked for (at least `confirmed`, as on the RPC).
import type { BlockView, LocalChain } from './chain.js'
import { renderTransaction } from './encode.js'
import { BLOCK_NOT_AVAILABLE, JsonRpcError } from './errors.js'
import type { LedgerEntry } from './model.js'
import {
  type At,
  checkContext,
  config,
  type Handler,
  invalid,
  optionalCount,
  type Params,
  transactionRenderParams,
} from './params.js'

const MAX_SLOT_RANGE = 500_000
const DETAILS = new Set(['full', 'accounts', 'signatures', 'none'])

function slotParam(params: Params, index: number, what: string): number {
  const slot = optionalCount(params[index], what)
  if (slot === undefined) throw invalid(`Invalid params: missing ${what}`)
  return slot
}

/** The newest block a call at `at` may see. */
function newestBlock(chain: LocalChain, at: At): number {
  return Math.min(at.slot, chain.slot - 1)
}

function availableBlock(chain: LocalChain, at: At, slot: number): BlockView {
  const block = slot <= newestBlock(chain, at) ? chain.block(slot) : null
  if (!block) throw new JsonRpcError(BLOCK_NOT_AVAILABLE, `Block not available for slot ${slot}`)
  return block
}

/** A transaction as `transactionDetails: "accounts"` shows it: keys, signatures, balances. */
function accountsOnly(entry: LedgerEntry, maxSupportedTransactionVersion: number | undefined) {
  const parsed = renderTransaction(entry, {
    encoding: 'jsonParsed',
    maxSupportedTransactionVersion,
  })
  const { meta } = parsed
  const message = (parsed.transaction as { message: { accountKeys: unknown[] } }).message
  return {
    transaction: { accountKeys: message.accountKeys, signatures: entry.transaction.signatures },
    meta: {
      err: meta.err,
      fee: meta.fee,
      status: meta.status,
      preBalances: meta.preBalances,
      postBalances: meta.postBalances,
      preTokenBalances: meta.preTokenBalances,
      postTokenBalances: meta.postTokenBalances,
    },
    ...('version' in parsed ? { version: parsed.version } : {}),
  }
}

export const BLOCK_METHODS: Readonly<Record<string, Handler>> = {
  getBlock: (chain, params) => {
    const slot = slotParam(params, 0, 'slot')
    // The second parameter may still be a bare encoding string (deprecated form).
    const options = typeof params[1] === 'string' ? { encoding: params[1] } : config(params, 1)
    const at = checkContext(chain, options, true)
    const render = transactionRenderParams(options)
    const details = options.transactionDetails ?? 'full'
    if (typeof details !== 'string' || !DETAILS.has(details)) {
      throw invalid(`Invalid params: unknown variant \`${String(details)}\``)
    }
    const block = availableBlock(chain, at, slot)
    let transactions: Record<string, unknown> = {}
    if (details === 'full') {
      transactions = {
        transactions: block.entries.map((entry) => {
          const { slot: _slot, blockTime: _time, ...transaction } = renderTransaction(entry, render)
          return transaction
        }),
      }
    } else if (details === 'accounts') {
      const max = render.maxSupportedTransactionVersion
      transactions = { transactions: block.entries.map((entry) => accountsOnly(entry, max)) }
    } else if (details === 'signatures') {
      transactions = { signatures: block.entries.map((entry) => entry.signature) }
    }
    return {
      blockHeight: block.slot,
      blockTime: block.blockTime,
      blockhash: block.blockhash,
      parentSlot: block.parentSlot,
      previousBlockhash: block.previousBlockhash,
      ...transactions,
      // A single node without stake pays no rewards; the list is there unless declined.
      ...(options.rewards === false ? {} : { rewards: [] }),
    }
  },

  getBlockTime: (chain, params) => {
    const slot = slotParam(params, 0, 'slot')
    const at = { level: 'confirmed' as const, slot: chain.commitmentSlot('confirmed') }
    return availableBlock(chain, at, slot).blockTime
  },

  getBlocks: (chain, params) => {
    const start = slotParam(params, 0, 'start slot')
    // getBlocks(start, config) is allowed too: the end slot is optional.
    const endGiven = typeof params[1] === 'number' || typeof params[1] === 'bigint'
    const end = endGiven ? slotParam(params, 1, 'end slot') : undefined
    const at = checkContext(chain, config(params, endGiven ? 2 : 1), true)
    const newest = newestBlock(chain, at)
    if ((end ?? newest) - start > MAX_SLOT_RANGE) {
      throw invalid(`Slot range too large; max ${MAX_SLOT_RANGE}`)
    }
    const last = Math.min(end ?? newest, newest)
    return Array.from({ length: Math.max(0, last - start + 1) }, (_, i) => start + i)
  },

  getBlocksWithLimit: (chain, params) => {
    const start = slotParam(params, 0, 'start slot')
    const limit = slotParam(params, 1, 'limit')
    if (limit > MAX_SLOT_RANGE) throw invalid(`Limit too large; max ${MAX_SLOT_RANGE}`)
    const at = checkContext(chain, config(params, 2), true)
    const last = Math.min(start + limit - 1, newestBlock(chain, at))
    return Array.from({ length: Math.max(0, last - start + 1) }, (_, i) => start + i)
  },
}
