// SPL Token accounts and mints as a cluster's RPC reads them (through the maintained
// @solana-program/token codecs): the token balances of a transaction's accounts, and the
// `uiTokenAmount` shape of getTransaction, getTokenAccountBalance and jsonParsed accounts.
import {
  AccountState,
  getMintDecoder,
  getTokenDecoder,
  type Mint,
  TOKEN_PROGRAM_ADDRESS,
  type Token,
} from '@solana-program/token'
import type { AccountView } from './model.js'

export { TOKEN_PROGRAM_ADDRESS }
export const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS14EQnnYHPFndWvpZ6BjVe'

const TOKEN_ACCOUNT_SIZE = 165
const MINT_SIZE = 82
const MULTISIG_SIZE = 355
// Token-2022 puts an account-type byte after the base state when a state has extensions.
const ACCOUNT_TYPE_MINT = 1
const ACCOUNT_TYPE_ACCOUNT = 2

const tokenDecoder = getTokenDecoder()
const mintDecoder = getMintDecoder()

export function isTokenProgram(owner: string): boolean {
  return owner === TOKEN_PROGRAM_ADDRESS || owner === TOKEN_2022_PROGRAM_ADDRESS
}

/** Whether `data` unpacks as `base` bytes of state, as the token programs' `unpack` checks. */
function hasStateShape(account: AccountView, base: number, accountType: number): boolean {
  if (!isTokenProgram(account.owner)) return false
  const length = account.data.length
  if (length === base) return true
  if (account.owner !== TOKEN_2022_PROGRAM_ADDRESS || length <= TOKEN_ACCOUNT_SIZE) return false
  return length !== MULTISIG_SIZE && account.data[TOKEN_ACCOUNT_SIZE] === accountType
}

/** An initialized token account's state, or null for anything else. */
export function tokenAccountOf(account: AccountView | null): Token | null {
  if (!account || !hasStateShape(account, TOKEN_ACCOUNT_SIZE, ACCOUNT_TYPE_ACCOUNT)) return null
  const token = tokenDecoder.decode(account.data.subarray(0, TOKEN_ACCOUNT_SIZE))
  return token.state === AccountState.Uninitialized ? null : token
}

/** An initialized mint's state, or null for anything else. */
export function mintOf(account: AccountView | null): Mint | null {
  if (!account || !hasStateShape(account, MINT_SIZE, ACCOUNT_TYPE_MINT)) return null
  const mint = mintDecoder.decode(account.data.subarray(0, MINT_SIZE))
  return mint.isInitialized ? mint : null
}

/** One entry of a transaction's `preTokenBalances` / `postTokenBalances`. */
export interface TokenBalance {
  accountIndex: number
  mint: string
  owner: string
  programId: string
  amount: bigint
  decimals: number
}

/**
 * The token balances of a transaction's accounts at one moment, as a node collects them around
 * execution: every key that is a token account whose mint can be read, in key order, except
 * the programs it invokes (`invoked`, key indexes).
 */
export function tokenBalancesOf(
  accountKeys: readonly string[],
  getAccount: (of: string) => AccountView | null,
  invoked: ReadonlySet<number> = new Set(),
): TokenBalance[] {
  const decimalsOfMint = new Map<string, number | null>()
  const balances: TokenBalance[] = []
  accountKeys.forEach((key, accountIndex) => {
    if (invoked.has(accountIndex)) return
    const account = getAccount(key)
    const token = tokenAccountOf(account)
    if (!account || !token) return
    if (!decimalsOfMint.has(token.mint)) {
      decimalsOfMint.set(token.mint, mintOf(getAccount(token.mint))?.decimals ?? null)
    }
    const decimals = decimalsOfMint.get(token.mint)
    if (decimals === null || decimals === undefined) return
    balances.push({
      accountIndex,
      mint: token.mint,
      owner: token.owner,
      programId: account.owner,
      amount: token.amount,
      decimals,
    })
  })
  return balances
}

/** The RPC's decimal text of an amount: trailing zeros and a bare point trimmed. */
export function uiAmountString(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString()
  const digits = amount.toString().padStart(decimals + 1, '0')
  const text = `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`
  return text.replace(/0+$/, '').replace(/\.$/, '')
}

export interface UiTokenAmount {
  amount: string
  decimals: number
  /** A float for display only (deprecated by the RPC in favour of uiAmountString). */
  uiAmount: number | null
  uiAmountString: string
}

/** `uiTokenAmount` as the RPC computes it from an account (getTokenAccountBalance, jsonParsed). */
export function uiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  const text = uiAmountString(amount, decimals)
  return { amount: amount.toString(), decimals, uiAmount: Number(text), uiAmountString: text }
}

/**
 * A transaction's token balances as getTransaction returns them. A node reads them back from its
 * ledger store, which keeps the float as a plain number, so a zero amount comes back as null.
 */
export function renderTokenBalances(balances: readonly TokenBalance[]) {
  return balances.map((balance) => {
    const ui = uiTokenAmount(balance.amount, balance.decimals)
    return {
      accountIndex: balance.accountIndex,
      mint: balance.mint,
      owner: balance.owner,
      programId: balance.programId,
      uiTokenAmount: { ...ui, uiAmount: ui.uiAmount === 0 ? null : ui.uiAmount },
    }
  })
}

const STATE_NAMES = ['uninitialized', 'initialized', 'frozen'] as const
const optionalAddress = (value: { __option: 'Some'; value: string } | { __option: 'None' }) =>
  value.__option === 'Some' ? value.value : null

/**
 * A token account's or mint's data as jsonParsed shows it (`spl-token`), or null where the RPC
 * falls back to base64: other owners, Token-2022 states with extensions, a token account whose
 * mint cannot be read.
 */
export function jsonParsedTokenData(
  account: AccountView,
  getAccount: (of: string) => AccountView | null,
) {
  if (account.owner !== TOKEN_PROGRAM_ADDRESS) return null
  const space = account.data.length
  const token = tokenAccountOf(account)
  if (token) {
    const decimals = mintOf(getAccount(token.mint))?.decimals
    if (decimals === undefined) return null
    const delegate = optionalAddress(token.delegate)
    const closeAuthority = optionalAddress(token.closeAuthority)
    const info = {
      isNative: token.isNative.__option === 'Some',
      mint: token.mint,
      owner: token.owner,
      state: STATE_NAMES[token.state],
      tokenAmount: uiTokenAmount(token.amount, decimals),
      ...(delegate
        ? { delegate, delegatedAmount: uiTokenAmount(token.delegatedAmount, decimals) }
        : {}),
      ...(token.isNative.__option === 'Some'
        ? { rentExemptReserve: uiTokenAmount(token.isNative.value, decimals) }
        : {}),
      ...(closeAuthority ? { closeAuthority } : {}),
    }
    return { parsed: { info, type: 'account' }, program: 'spl-token', space }
  }
  const mint = mintOf(account)
  if (!mint) return null
  const info = {
    decimals: mint.decimals,
    freezeAuthority: optionalAddress(mint.freezeAuthority),
    isInitialized: mint.isInitialized,
    mintAuthority: optionalAddress(mint.mintAuthority),
    supply: mint.supply.toString(),
  }
  return { parsed: { info, type: 'mint' }, program: 'spl-token', space }
}
