// The SPL Token methods of the JSON-RPC (getTokenAccountBalance, getTokenAccountsByOwner,
// getTokenSupply), with a node's parameters and error messages, as of the commitment asked for.
import { address } from '@solana/kit'
import type { LocalChain } from './chain.js'
import { renderAccount } from './encode.js'
import {
  type At,
  accountEncoding,
  base58Key,
  checkContext,
  config,
  dataSliceParam,
  type Handler,
  invalid,
  pubkeyParam,
  withContext,
} from './params.js'
import {
  isTokenProgram,
  jsonParsedTokenData,
  mintOf,
  tokenAccountOf,
  uiTokenAmount,
} from './token-accounts.js'

function decimalsOfMint(chain: LocalChain, at: At, mint: string): number {
  const account = chain.accountAt(mint, at.slot)
  if (!account) throw invalid('Invalid param: could not find mint')
  const state = mintOf(account)
  if (!state) throw invalid('Invalid param: mint could not be unpacked')
  return state.decimals
}

/** The token program whose accounts a getTokenAccountsByOwner filter selects, and the mint. */
function tokenFilter(chain: LocalChain, at: At, value: unknown) {
  const filter = (value ?? {}) as Record<string, unknown>
  const hasMint = typeof filter.mint === 'string'
  const hasProgram = typeof filter.programId === 'string'
  if (typeof value !== 'object' || hasMint === hasProgram) {
    throw invalid('Invalid params: expected a filter object with either mint or programId')
  }
  if (hasMint) {
    const mint = base58Key(filter.mint as string, 32)
    const account = chain.accountAt(mint, at.slot)
    if (!account) throw invalid('Invalid param: could not find mint')
    if (!isTokenProgram(account.owner)) throw invalid('Invalid param: not a Token mint')
    return { programId: account.owner, mint }
  }
  const programId = base58Key(filter.programId as string, 32)
  if (!isTokenProgram(programId)) throw invalid('Invalid param: unrecognized Token program id')
  return { programId, mint: null }
}

export const TOKEN_METHODS: Readonly<Record<string, Handler>> = {
  getTokenAccountBalance: (chain, params) => {
    const key = pubkeyParam(params, 0)
    const at = checkContext(chain, config(params, 1))
    const account = chain.accountAt(key, at.slot)
    if (!account) throw invalid('Invalid param: could not find account')
    const token = tokenAccountOf(account)
    if (!token) throw invalid('Invalid param: not a Token account')
    return withContext(at, uiTokenAmount(token.amount, decimalsOfMint(chain, at, token.mint)))
  },

  getTokenSupply: (chain, params) => {
    const key = pubkeyParam(params, 0)
    const at = checkContext(chain, config(params, 1))
    const account = chain.accountAt(key, at.slot)
    if (!account || !isTokenProgram(account.owner)) throw invalid('Invalid param: not a Token mint')
    const mint = mintOf(account)
    if (!mint) throw invalid('Invalid param: mint could not be unpacked')
    return withContext(at, uiTokenAmount(mint.supply, mint.decimals))
  },

  getTokenAccountsByOwner: (chain, params) => {
    const owner = pubkeyParam(params, 0)
    const options = config(params, 2)
    const at = checkContext(chain, options)
    const { programId, mint } = tokenFilter(chain, at, params[1])
    const encoding = accountEncoding(options.encoding, 'binary')
    const dataSlice = dataSliceParam(options.dataSlice)
    const found = []
    for (const candidate of chain.svm.getProgramAccounts(address(programId))) {
      const account = chain.accountAt(candidate.address, at.slot)
      const token = tokenAccountOf(account)
      if (!account || !token || token.owner !== owner) continue
      if (mint !== null && token.mint !== mint) continue
      const parsed =
        encoding === 'jsonParsed'
          ? jsonParsedTokenData(account, (of) => chain.accountAt(of, at.slot))
          : null
      found.push({
        pubkey: candidate.address,
        account: renderAccount(account, encoding, dataSlice, parsed),
      })
    }
    return withContext(at, found)
  },
}
