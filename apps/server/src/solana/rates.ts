// EUR/SOL rates. A provider answers "euro cents per 1 SOL"; the RateService refreshes it every
// 30 s in the background and refuses to price a crypto payment from a rate older than 10 minutes.
import type { AppConfig } from '../config.js'
import { AppError } from '../http/errors.js'
import type { Logger } from '../logger.js'
import { parseEurToCents } from './amounts.js'

export interface RateProvider {
  readonly name: string
  /** Euro cents per 1 SOL. Throws on any network or format problem. */
  fetchCentsPerSol(): Promise<bigint>
}

export const RATE_REFRESH_MS = 30_000
export const RATE_MAX_AGE_MS = 10 * 60_000
const REQUEST_TIMEOUT_MS = 5_000

/** A constant rate: the local demo chain, and shops that price SOL by hand. */
export class FixedRateProvider implements RateProvider {
  readonly name = 'fixed'
  constructor(private readonly centsPerSol: bigint) {
    if (centsPerSol <= 0n) throw new RangeError('fixed rate must be positive')
  }
  async fetchCentsPerSol(): Promise<bigint> {
    return this.centsPerSol
  }
}

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, {
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    headers: { accept: 'application/json' },
  })
  if (!response.ok) throw new Error(`rate request failed with HTTP ${response.status}`)
  return response.json()
}

function centsFrom(value: unknown): bigint {
  // Numbers are turned into their shortest decimal text first, then parsed without a float step.
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : ''
  const cents = parseEurToCents(text)
  if (cents === null || cents <= 0n)
    throw new Error(`unexpected rate value ${JSON.stringify(value)}`)
  return cents
}

/** CoinGecko's simple price API: `{"solana":{"eur":123.45}}`. */
export class CoinGeckoProvider implements RateProvider {
  readonly name = 'coingecko'
  constructor(private readonly baseUrl = 'https://api.coingecko.com') {}
  async fetchCentsPerSol(): Promise<bigint> {
    const body = (await getJson(
      `${this.baseUrl}/api/v3/simple/price?ids=solana&vs_currencies=eur`,
    )) as { solana?: { eur?: unknown } }
    return centsFrom(body.solana?.eur)
  }
}

/** Kraken's public ticker: `{"error":[],"result":{"SOLEUR":{"c":["123.45000","0.5"],…}}}`. */
export class KrakenProvider implements RateProvider {
  readonly name = 'kraken'
  constructor(private readonly baseUrl = 'https://api.kraken.com') {}
  async fetchCentsPerSol(): Promise<bigint> {
    const body = (await getJson(`${this.baseUrl}/0/public/Ticker?pair=SOLEUR`)) as {
      error?: unknown[]
      result?: Record<string, { c?: unknown[] }>
    }
    if (body.error && body.error.length > 0) throw new Error(`kraken: ${String(body.error[0])}`)
    const ticker = body.result ? Object.values(body.result)[0] : undefined
    return centsFrom(ticker?.c?.[0])
  }
}

export interface LockedRate {
  centsPerSol: bigint
  fetchedAt: number
}

export class RateService {
  #latest: LockedRate | null = null
  #timer: NodeJS.Timeout | null = null

  constructor(
    private readonly provider: RateProvider,
    private readonly log: Pick<Logger, 'warn'>,
    private readonly now: () => number = Date.now,
  ) {}

  get providerName(): string {
    return this.provider.name
  }

  /** Fetches once now; failures are logged and the previous rate is kept. */
  async refresh(): Promise<void> {
    try {
      this.#latest = { centsPerSol: await this.provider.fetchCentsPerSol(), fetchedAt: this.now() }
    } catch (error) {
      this.log.warn({ provider: this.provider.name, err: error }, 'rate refresh failed')
    }
  }

  start(): void {
    if (this.#timer) return
    void this.refresh()
    this.#timer = setInterval(() => void this.refresh(), RATE_REFRESH_MS)
    this.#timer.unref()
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = null
  }

  /** The rate to lock into a new payment; 503 RATE_UNAVAILABLE when none is fresh enough. */
  current(): LockedRate {
    const latest = this.#latest
    if (!latest || this.now() - latest.fetchedAt > RATE_MAX_AGE_MS) {
      throw new AppError('RATE_UNAVAILABLE')
    }
    return latest
  }
}

export function rateProviderFromConfig(
  config: Pick<AppConfig, 'rateProvider' | 'rateFixedCentsPerSol' | 'rateApiUrl'>,
): RateProvider {
  switch (config.rateProvider) {
    case 'fixed':
      return new FixedRateProvider(config.rateFixedCentsPerSol)
    case 'coingecko':
      return new CoinGeckoProvider(config.rateApiUrl ?? undefined)
    case 'kraken':
      return new KrakenProvider(config.rateApiUrl ?? undefined)
  }
}
