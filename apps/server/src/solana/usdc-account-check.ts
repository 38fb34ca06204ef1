// The start's check for USDC on a real cluster (docs/usdc.md): a Solana Pay transfer with
// `spl-token` goes to the merchant's associated token account for the mint, and a wallet refuses
// to pay (or would have to create it) when there is none. So when it is missing the log says how
// to create it, and USDC is refused (CURRENCY_NOT_ACCEPTED) while SOL works as before. An RPC
// that cannot answer the question refuses USDC too: better no USDC than payments that bounce.
import type { Logger } from '../logger.js'
import type { ChainClient } from './chain-client.js'

export async function checkUsdcAccount(
  chain: Pick<ChainClient, 'merchant' | 'usdcMint' | 'usdcAccount' | 'accountExists'>,
  usdc: { mint: string | null; accepted: boolean },
  log: Pick<Logger, 'warn' | 'info'>,
): Promise<boolean> {
  const account = chain.usdcAccount()
  if (!usdc.accepted || !usdc.mint || !account) return false
  const tokenAccount = await account
  let exists: boolean
  try {
    exists = await chain.accountExists(tokenAccount)
  } catch (error) {
    log.warn(
      { err: error, mint: usdc.mint },
      'USDC refused: the merchant token account could not be checked; restart to check again',
    )
    usdc.accepted = false
    return false
  }
  if (!exists) {
    log.warn(
      { mint: usdc.mint, wallet: chain.merchant, tokenAccount },
      `USDC refused: the merchant wallet has no token account for the USDC mint; create it with \`spl-token create-account ${usdc.mint} --owner ${chain.merchant}\` (or set ACCEPT_USDC=false), then restart. SOL payments work as before`,
    )
    usdc.accepted = false
    return false
  }
  log.info({ mint: usdc.mint, tokenAccount }, 'USDC accepted')
  return true
}
