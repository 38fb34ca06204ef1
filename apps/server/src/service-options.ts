// What the app's builder (app.ts) and the tests may pass to createServices beside the config.
import type { KeyName } from './backup/keys.js'
import type { Logger } from './logger.js'
import type { AuthRateLimitOptions } from './modules/auth/rate-limits.js'
import type { FreeSpace } from './modules/system/disk-space.js'
import type { RateProvider } from './solana/rates.js'

export interface ServiceOptions {
  /** Where services report operational events (the app's logger). */
  log?: Logger
  /** Login and sign-up limits, and the rate-limit store's clock; tests shorten the windows. */
  authLimits?: AuthRateLimitOptions
  /** Where SOL payments are watched; without it crypto payments answer 503. */
  chain?: ChainSettings
  /** The EUR/SOL rate source; from the config when absent. */
  rateProvider?: RateProvider
  /** The EUR/USDC rate source (cents per 1,000 USDC); from the config when absent. */
  usdcRateProvider?: RateProvider
  /** The keys the shop generated into DATA_DIR (secrets.ts): an encrypted backup carries them. */
  generatedKeys?: readonly KeyName[]
  /** How the data folder's free space is read (tests fill the disk this way). */
  freeSpace?: FreeSpace
}

export interface ChainSettings {
  rpcUrl: string
  merchantAddress: string
  /** The provider's websocket, when it has one (watcher notifications); polling otherwise. */
  wsUrl?: string | null
  /** Signatures per history page (default 1000, the RPC's most; tests walk many small pages). */
  pageLimit?: number
  /** How often pending payments are looked up by reference (default 20 s). */
  backstopMs?: number
  /**
   * The mint counted as USDC: USDC_MINT (the mainnet mint with a real cluster) or the local
   * chain's play mint; null or absent: USDC is not offered.
   */
  usdcMint?: string | null
}
