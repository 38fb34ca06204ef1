// Without SOLANA_RPC_URL the shop runs its own Solana chain (LiteSVM behind a standard JSON-RPC
// endpoint on LOCAL_CHAIN_PORT, WebSocket subscriptions on the next port), kept in
// DATA_DIR/local-chain, so a newcomer can try real signed SOL payments with no network.
// The merchant address is a fresh key whose private half is thrown away at once: the shop never
// holds a key, here as in production. The demo wallet is play money from the local airdrop. The
// chain has a play USDC mint of its own (decision 0052); the merchant gets its token account.
// The chain (@shop/local-chain, with LiteSVM) and the demo wallet are imported only on that path:
// a start with SOLANA_RPC_URL never loads them (test/production-loads-no-chain.test.ts).
import fs from 'node:fs'
import path from 'node:path'
import type { LocalChainRpc } from '@shop/local-chain'
import { generateKeyPairSigner } from '@solana/kit'
import type { AppConfig } from './config.js'
import type { DemoWallet } from './modules/payments/demo-wallet.js'
import type { ChainSettings } from './service-options.js'
import { websocketUrlOf } from './solana/subscription.js'

const MERCHANT_RENT_LAMPORTS = 1_000_000n // 0.001 SOL, above the rent-exempt minimum

export interface ChainSetup {
  chain: ChainSettings
  demoWallet: DemoWallet | null
  localChain: LocalChainRpc | null
  /** The local chain's play USDC mint; null on a real cluster. */
  playUsdcMint: string | null
}

/** The same demo merchant address across restarts, kept in DATA_DIR. */
async function demoMerchantAddress(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'local-merchant-address')
  try {
    return fs.readFileSync(file, 'utf8').trim()
  } catch {
    const { address } = await generateKeyPairSigner()
    fs.mkdirSync(dataDir, { recursive: true })
    fs.writeFileSync(file, address)
    return address
  }
}

export async function setUpChain(config: AppConfig): Promise<ChainSetup> {
  if (config.solanaRpcUrl && config.merchantWallet) {
    return {
      chain: {
        rpcUrl: config.solanaRpcUrl,
        merchantAddress: config.merchantWallet,
        wsUrl: config.solanaWsUrl ?? websocketUrlOf(config.solanaRpcUrl),
      },
      demoWallet: null,
      localChain: null,
      playUsdcMint: null,
    }
  }
  const [{ startLocalChainRpc, SYSTEM_PROGRAM_ADDRESS }, { DemoWallet }] = await Promise.all([
    import('@shop/local-chain'),
    import('./modules/payments/demo-wallet.js'),
  ])
  const localChain = await startLocalChainRpc({
    port: config.localChainPort,
    chainOptions: { dataDir: path.join(config.dataDir, 'local-chain') },
  })
  const merchantAddress = config.merchantWallet ?? (await demoMerchantAddress(config.dataDir))
  // A rent-exempt balance lets even a tiny first transfer land (a real merchant address has one
  // already). Set directly, once, when the chain has no such account yet, so it is no transfer
  // the watcher would have to explain.
  if (!localChain.chain.getAccount(merchantAddress)) {
    localChain.chain.setAccount(merchantAddress, {
      lamports: MERCHANT_RENT_LAMPORTS,
      owner: SYSTEM_PROGRAM_ADDRESS,
      data: new Uint8Array(0),
      executable: false,
    })
  }
  // Its empty USDC account, set the same way (and only once) so the first USDC payment lands.
  await localChain.chain.usdc.ensureTokenAccount(merchantAddress)
  return {
    chain: { rpcUrl: localChain.url, merchantAddress, wsUrl: localChain.wsUrl },
    demoWallet: await DemoWallet.create(localChain.url, localChain),
    localChain,
    playUsdcMint: localChain.chain.usdc.mint,
  }
}
