// The accounts a chain has from its first start, set directly rather than by transactions: the
// faucet's (funded once, when it first signs) and the play USDC mint (decision 0052).
import type { LocalChain } from './chain.js'
import { Faucet } from './faucet.js'
import { PlayUsdc } from './play-usdc.js'
import { SYSTEM_PROGRAM_ADDRESS } from './system-program.js'

type GenesisHost = Pick<LocalChain, 'getAccount' | 'setAccount' | 'minimumBalanceForRentExemption'>

export interface GenesisOptions {
  faucetSeed: Uint8Array
  faucetLamports: bigint
  /** The chain's data folder, which keeps the mint's keypair files; null in memory. */
  dataDir: string | null
}

export function openGenesisAccounts(
  chain: GenesisHost,
  options: GenesisOptions,
): { faucet: Faucet; usdc: PlayUsdc } {
  const faucet = new Faucet(options.faucetSeed, (address) => {
    if (chain.getAccount(address)) return
    chain.setAccount(address, {
      lamports: options.faucetLamports,
      owner: SYSTEM_PROGRAM_ADDRESS,
      data: new Uint8Array(0),
      executable: false,
    })
  })
  const usdc = new PlayUsdc(options.dataDir, {
    getAccount: (of) => chain.getAccount(of),
    setAccount: (of, account) => chain.setAccount(of, account),
    minimumBalanceForRentExemption: (length) => chain.minimumBalanceForRentExemption(length),
    faucet: () => faucet.signer(),
  })
  return { faucet, usdc }
}
