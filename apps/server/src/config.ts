// Configuration comes from the environment only. Every value has a safe default for a local
// start, and a wrong value stops the server at once with a message that names the variable.
import path from 'node:path'
import { MAINNET_USDC_MINT } from '@shop/contract'
import { isAddress } from '@solana/kit'
import { proxyEntryProblem } from './http/client-address.js'
import { DEFAULT_OVERLOAD_LIMITS, type OverloadLimits } from './http/overload.js'
import { DEFAULT_SERVER_LIMITS, type ServerLimits } from './http/server-limits.js'
import { SERVER_ROOT } from './server-root.js'
import { parseDecimalScaled, parseEurToCents } from './solana/amounts.js'

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
const LOG_LEVELS: readonly LogLevel[] = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
]

export interface AppConfig {
  port: number
  host: string
  /** Folder of the embedded database and of generated secrets. */
  dataDir: string
  /** PostgreSQL connection string; when null the embedded PGlite in dataDir is used. */
  databaseUrl: string | null
  seedDemo: boolean
  /** SEED_DEMO=large: the demo plus a large generated shop (db/seed/large-shop.ts). */
  seedLarge: boolean
  /** Secret that signs access tokens; null means "generate one and keep it in dataDir". */
  jwtSecret: string | null
  /** Seals delivery codes (DELIVERY_KEY); generated into DATA_DIR when unset (secrets.ts). */
  deliveryKey: string | null
  /**
   * The key before DELIVERY_KEY during a rotation (DELIVERY_KEY_PREVIOUS): its codes are still
   * read, and re-sealed under DELIVERY_KEY at start (decision 0029).
   */
  deliveryKeyPrevious: string | null
  logLevel: LogLevel
  /** Built web app served for every non-/api path; null disables serving it. */
  webDistDir: string | null
  telegramBotToken: string | null
  telegramBotUsername: string | null
  redisUrl: string | null
  /** A Solana JSON-RPC endpoint; null starts the embedded local chain (demo and tests). */
  solanaRpcUrl: string | null
  solanaCommitment: 'confirmed' | 'finalized'
  /** The merchant's public address; required with solanaRpcUrl, generated for the local chain. */
  merchantWallet: string | null
  localChainPort: number
  /** Websocket endpoint of the provider; null derives it from solanaRpcUrl (port + 1). */
  solanaWsUrl: string | null
  rateProvider: RateProviderName
  /** A second source: asked when the first fails, and to confirm a rate jumping over 20 %. */
  rateFallbackProvider: RateProviderName | null
  /** CoinGecko's API key, sent as the header of its plan. */
  coingeckoApiKey: string | null
  coingeckoPlan: 'demo' | 'pro'
  /** Euro cents per SOL for the fixed provider. */
  rateFixedCentsPerSol: bigint
  /** Euro cents per 1,000 USDC for the fixed provider (RATE_FIXED_EUR_PER_USDC, default 0.92). */
  rateFixedCentsPerKiloUsdc: bigint
  /**
   * The USDC mint the shop counts (USDC_MINT); null: the mainnet USDC mint with SOLANA_RPC_URL,
   * the local chain's own play mint without (local-chain-mode.ts).
   */
  usdcMint: string | null
  /** Whether checkout and top-up take USDC (ACCEPT_USDC, default true). */
  acceptUsdc: boolean
  /** Base URL override for the HTTP rate provider (tests, proxies). */
  rateApiUrl: string | null
  paymentExpiryMinutes: number
  watchIntervalMs: number
  /** Between passes of the watcher while no payment is pending. */
  watchIdleIntervalMs: number
  /** Where the shop is reached from outside (setup and invitation links); null: localhost. */
  publicUrl: string | null
  /**
   * Reverse proxies (addresses, CIDR ranges, `loopback`…) whose X-Forwarded-For names the client
   * the rate limits count (TRUST_PROXY); empty: the socket's address is the client.
   */
  trustProxy: string[]
  /**
   * The IANA time zone the shop counts its days in (SHOP_TIME_ZONE): the dashboard's "today",
   * "this month" and sales per day.
   */
  shopTimeZone: string
  /**
   * Whether the hottest answers are sent again without Fastify's request cycle (ANSWER_CACHE,
   * decision 0024); off, every request takes Fastify's path.
   */
  answerCache: boolean
  /** Where the shop writes its backups (BACKUP_DIR; DATA_DIR/backups on PGlite). */
  backupDir: string
  /** Encrypts every backup (BACKUP_KEY); null writes them unencrypted. */
  backupKey: string | null
  /** Hours between scheduled backups (BACKUP_INTERVAL_HOURS); 0 takes none on a schedule. */
  backupIntervalHours: number
  /** How many of the newest backups are kept (BACKUP_KEEP); older ones are deleted. */
  backupKeep: number
  /** Timeouts and the connection cap per client (not from the environment; tests shorten them). */
  serverLimits: ServerLimits
  /** When the shop answers 503 rather than take more (not from the environment; tests lower them). */
  overload: OverloadLimits
}

/** The shop speaks English and Lithuanian and sells in euros: its days are Lithuania's by default. */
export const DEFAULT_SHOP_TIME_ZONE = 'Europe/Vilnius'

/**
 * A time zone by its IANA name (`Area/City`, or `UTC`), which the database's `at time zone` reads
 * (the start asks the database whether it knows it: main.ts). Abbreviations and offsets are
 * refused: a name such as "EET" or "+02:00" knows no summer time.
 */
function timeZone(env: Env, name: string, fallback: string): string {
  const raw = text(env, name) ?? fallback
  if (raw !== 'UTC' && !/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)+$/.test(raw)) {
    throw new ConfigError(
      `${name} must be an IANA time zone such as Europe/Vilnius or UTC, got "${raw}"`,
    )
  }
  return raw
}

export type RateProviderName = 'fixed' | 'coingecko' | 'kraken'
const RATE_PROVIDERS: readonly RateProviderName[] = ['fixed', 'coingecko', 'kraken']

function rateProviderName(env: Env, name: string, fallback: RateProviderName | null) {
  const raw = text(env, name) ?? fallback
  if (raw === null || raw === 'none') return null
  if (!RATE_PROVIDERS.includes(raw as RateProviderName)) {
    throw new ConfigError(
      `${name} must be ${RATE_PROVIDERS.join(', ')}${fallback === null ? ' or none' : ''}`,
    )
  }
  return raw as RateProviderName
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** apps/web/dist. */
export const DEFAULT_WEB_DIST_DIR = path.resolve(SERVER_ROOT, '../web/dist')

type Env = Record<string, string | undefined>

function text(env: Env, name: string): string | null {
  const value = env[name]?.trim()
  return value ? value : null
}

function integerInRange(env: Env, name: string, fallback: number, min: number, max: number) {
  const raw = text(env, name)
  if (raw === null) return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`)
  }
  return value
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = text(env, name)?.toLowerCase()
  if (raw === undefined || raw === null) return fallback
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true
  if (['0', 'false', 'no', 'off'].includes(raw)) return false
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`)
}

/** A URL with one of `schemes` (e.g. ['postgres', 'postgresql']), without trailing slashes. */
function url(env: Env, name: string, schemes: readonly string[]): string | null {
  const raw = text(env, name)
  if (raw === null) return null
  let parsed: URL
  try {
    parsed = new URL(raw)
  } catch {
    throw new ConfigError(`${name} is not a valid URL`)
  }
  if (!schemes.includes(parsed.protocol.replace(/:$/, ''))) {
    throw new ConfigError(`${name} must start with ${schemes.map((s) => `${s}://`).join(' or ')}`)
  }
  return raw.replace(/\/+$/, '')
}

/** TRUST_PROXY: proxy addresses and ranges separated by commas or spaces. */
function proxyList(env: Env, name: string): string[] {
  const entries = (text(env, name) ?? '').split(/[\s,]+/).filter(Boolean)
  for (const entry of entries) {
    const problem = proxyEntryProblem(entry)
    if (problem) {
      throw new ConfigError(
        `${name}: ${problem}; list addresses, CIDR ranges (10.0.0.0/8) or loopback, linklocal, uniquelocal`,
      )
    }
  }
  return entries
}

const postgresUrl = (env: Env, name: string) => url(env, name, ['postgres', 'postgresql'])
const httpUrl = (env: Env, name: string) => url(env, name, ['http', 'https'])

/** A secret of at least 32 characters, or null when unset. */
function longSecret(env: Env, name: string): string | null {
  const value = text(env, name)
  if (value !== null && value.length < 32) {
    throw new ConfigError(`${name} must be at least 32 characters long`)
  }
  return value
}

/**
 * BACKUP_DIR. On PostgreSQL the data folder is one machine's (each process may have its own, or
 * a container's that goes with it), so the owner names where backups live.
 */
function backupDir(env: Env, dataDir: string, databaseUrl: string | null): string {
  const raw = text(env, 'BACKUP_DIR')
  if (raw !== null) return path.resolve(raw)
  if (databaseUrl !== null) {
    throw new ConfigError(
      'BACKUP_DIR is required with DATABASE_URL: the folder the shop writes its backups to (keep it off the database server, and back it up off the machine)',
    )
  }
  return path.join(dataDir, 'backups')
}

/** What `npm run restore` reads from the environment: where to restore to and the keys. */
export interface RestoreConfig {
  dataDir: string
  databaseUrl: string | null
  jwtSecret: string | null
  deliveryKey: string | null
  backupKey: string | null
}

export function loadRestoreConfig(env: Env = process.env): RestoreConfig {
  return {
    dataDir: path.resolve(text(env, 'DATA_DIR') ?? './data'),
    databaseUrl: postgresUrl(env, 'DATABASE_URL'),
    jwtSecret: longSecret(env, 'JWT_SECRET'),
    deliveryKey: longSecret(env, 'DELIVERY_KEY'),
    backupKey: longSecret(env, 'BACKUP_KEY'),
  }
}

export function loadConfig(env: Env = process.env): AppConfig {
  const logLevel = (text(env, 'LOG_LEVEL') ?? 'info') as LogLevel
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`)
  }
  const jwtSecret = text(env, 'JWT_SECRET')
  if (jwtSecret !== null && jwtSecret.length < 32) {
    throw new ConfigError('JWT_SECRET must be at least 32 characters long')
  }
  const deliveryKey = text(env, 'DELIVERY_KEY')
  if (deliveryKey !== null && deliveryKey.length < 32) {
    throw new ConfigError('DELIVERY_KEY must be at least 32 characters long')
  }
  const deliveryKeyPrevious = text(env, 'DELIVERY_KEY_PREVIOUS')
  if (deliveryKeyPrevious !== null && deliveryKeyPrevious.length < 32) {
    throw new ConfigError('DELIVERY_KEY_PREVIOUS must be at least 32 characters long')
  }
  if (deliveryKeyPrevious !== null && deliveryKeyPrevious === deliveryKey) {
    throw new ConfigError('DELIVERY_KEY_PREVIOUS must be the key before DELIVERY_KEY, not the same')
  }
  const botToken = text(env, 'TELEGRAM_BOT_TOKEN')
  if (botToken !== null && !/^\d+:[\w-]{20,}$/.test(botToken)) {
    throw new ConfigError('TELEGRAM_BOT_TOKEN does not look like a bot token (<id>:<secret>)')
  }
  const webDist = text(env, 'WEB_DIST_DIR')
  const solanaRpcUrl = httpUrl(env, 'SOLANA_RPC_URL')
  const merchantWallet = text(env, 'MERCHANT_WALLET')
  if (merchantWallet !== null && !isAddress(merchantWallet)) {
    throw new ConfigError('MERCHANT_WALLET is not a valid Solana address')
  }
  if (solanaRpcUrl !== null && merchantWallet === null) {
    throw new ConfigError('MERCHANT_WALLET is required when SOLANA_RPC_URL is set')
  }
  const commitment = text(env, 'SOLANA_COMMITMENT') ?? 'confirmed'
  if (commitment !== 'confirmed' && commitment !== 'finalized') {
    throw new ConfigError('SOLANA_COMMITMENT must be confirmed or finalized')
  }
  const rateProvider = rateProviderName(env, 'RATE_PROVIDER', solanaRpcUrl ? 'coingecko' : 'fixed')
  if (rateProvider === null)
    throw new ConfigError('RATE_PROVIDER must be fixed, coingecko or kraken')
  // A remote source is checked against the other one; a fixed rate needs none.
  const otherSource = { coingecko: 'kraken', kraken: 'coingecko', fixed: null } as const
  const rateFallbackProvider = rateProviderName(
    env,
    'RATE_FALLBACK_PROVIDER',
    otherSource[rateProvider],
  )
  const coingeckoPlan = text(env, 'COINGECKO_API_PLAN') ?? 'demo'
  if (coingeckoPlan !== 'demo' && coingeckoPlan !== 'pro') {
    throw new ConfigError('COINGECKO_API_PLAN must be demo or pro')
  }
  const fixedRate = parseEurToCents(text(env, 'RATE_FIXED_EUR') ?? '150')
  if (fixedRate === null || fixedRate <= 0n) {
    throw new ConfigError('RATE_FIXED_EUR must be a positive euro amount such as 150 or 98.75')
  }
  const usdcRate = parseDecimalScaled(text(env, 'RATE_FIXED_EUR_PER_USDC') ?? '0.92', 5)
  if (usdcRate === null || usdcRate <= 0n) {
    throw new ConfigError(
      'RATE_FIXED_EUR_PER_USDC must be a positive euro amount such as 0.92 (at most 5 decimals count)',
    )
  }
  const usdcMint = text(env, 'USDC_MINT')
  if (usdcMint !== null && !isAddress(usdcMint)) {
    throw new ConfigError('USDC_MINT is not a valid Solana address (a token mint)')
  }
  const dataDir = path.resolve(text(env, 'DATA_DIR') ?? './data')
  const databaseUrl = postgresUrl(env, 'DATABASE_URL')
  return {
    port: integerInRange(env, 'PORT', 8080, 0, 65535),
    host: text(env, 'HOST') ?? '127.0.0.1',
    dataDir,
    databaseUrl,
    seedDemo: text(env, 'SEED_DEMO')?.toLowerCase() === 'large' || flag(env, 'SEED_DEMO', true),
    seedLarge: text(env, 'SEED_DEMO')?.toLowerCase() === 'large',
    answerCache: flag(env, 'ANSWER_CACHE', true),
    jwtSecret,
    deliveryKey,
    deliveryKeyPrevious,
    logLevel,
    webDistDir: webDist === 'off' ? null : path.resolve(webDist ?? DEFAULT_WEB_DIST_DIR),
    telegramBotToken: botToken,
    telegramBotUsername: text(env, 'TELEGRAM_BOT_USERNAME'),
    redisUrl: text(env, 'REDIS_URL'),
    solanaRpcUrl,
    solanaCommitment: commitment,
    merchantWallet,
    localChainPort: integerInRange(env, 'LOCAL_CHAIN_PORT', 8899, 0, 65535),
    solanaWsUrl: url(env, 'SOLANA_WS_URL', ['ws', 'wss']),
    rateProvider,
    rateFallbackProvider,
    coingeckoApiKey: text(env, 'COINGECKO_API_KEY'),
    coingeckoPlan,
    rateFixedCentsPerSol: fixedRate,
    rateFixedCentsPerKiloUsdc: usdcRate,
    usdcMint: usdcMint ?? (solanaRpcUrl ? MAINNET_USDC_MINT : null),
    acceptUsdc: flag(env, 'ACCEPT_USDC', true),
    rateApiUrl: httpUrl(env, 'RATE_API_URL'),
    publicUrl: httpUrl(env, 'PUBLIC_URL')?.replace(/\/+$/, '') ?? null,
    paymentExpiryMinutes: integerInRange(env, 'PAYMENT_EXPIRY_MINUTES', 15, 1, 24 * 60),
    watchIntervalMs: integerInRange(env, 'WATCH_INTERVAL_MS', 1000, 100, 60_000),
    watchIdleIntervalMs: integerInRange(env, 'WATCH_IDLE_INTERVAL_MS', 30_000, 100, 600_000),
    trustProxy: proxyList(env, 'TRUST_PROXY'),
    shopTimeZone: timeZone(env, 'SHOP_TIME_ZONE', DEFAULT_SHOP_TIME_ZONE),
    backupDir: backupDir(env, dataDir, databaseUrl),
    backupKey: longSecret(env, 'BACKUP_KEY'),
    backupIntervalHours: integerInRange(env, 'BACKUP_INTERVAL_HOURS', 24, 0, 24 * 366),
    backupKeep: integerInRange(env, 'BACKUP_KEEP', 14, 1, 10_000),
    serverLimits: DEFAULT_SERVER_LIMITS,
    overload: DEFAULT_OVERLOAD_LIMITS,
  }
}
