// EUR/SOL rates. A provider answers "euro cents per 1 SOL"; the RateService refreshes it every
// 30 s in the background and refuses to price a crypto payment from a rate older than 10 minutes.
// A second source is asked when the first fails, and must agree before a rate that jumped more
// than 20 % from the last one is believed (a broken or manipulated feed must not price payments).
// Every accepted rate goes to the history, so a transfer is valued at the rate when it landed.
// USDC has a RateService of its own from the same sources (CoinGecko's `usd-coin`, Kraken's
// USDCEUR), with the same guards: a rate is then euro cents per 1,000 USDC (amounts.ts).
import type { PaymentCurrencyCode } from '@shop/contract'
import type { AppConfig, RateProviderName } from '../config.js'
import { AppError } from '../http/errors.js'
import type { Logger } from '../logger.js'
import { parseDecimalScaled, RATE_DECIMALS } from './amounts.js'

export interface RateProvider {
  readonly name: string
  /**
   * The euro rate: cents per 1e9 base units (per 1 SOL, or per 1,000 USDC for a USDC provider).
   * Throws on any network or format problem.
   */
  fetchCentsPerSol(): Promise<bigint>
}

/** What each source calls a currency. */
const ASSET_NAMES: Record<PaymentCurrencyCode, { coingecko: string; kraken: string }> = {
  SOL: { coingecko: 'solana', kraken: 'SOLEUR' },
  USDC: { coingecko: 'usd-coin', kraken: 'USDCEUR' },
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

/** A rate further than this from the last accepted one needs a second source's agreement. */
export const RATE_JUMP_LIMIT_PERCENT = 20n
/** Two sources agree when they are this close. */
const SOURCES_AGREE_PERCENT = 3n

async function getJson(url: string, headers: Record<string, string> = {}): Promise<unknown> {
  const response = await fetch(url, {
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    headers: { accept: 'application/json', ...headers },
  })
  if (!response.ok) throw new Error(`rate request failed with HTTP ${response.status}`)
  return response.json()
}

function centsFrom(value: unknown, currency: PaymentCurrencyCode = 'SOL'): bigint {
  // Numbers are turned into their shortest decimal text first, then parsed without a float step.
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : ''
  const cents = parseDecimalScaled(text, RATE_DECIMALS[currency])
  if (cents === null || cents <= 0n)
    throw new Error(`unexpected rate value ${JSON.stringify(value)}`)
  return cents
}

/**
 * CoinGecko's simple price API: `{"solana":{"eur":123.45}}`. Its free ("demo") plan wants a key
 * in `x-cg-demo-api-key` on the public host; the paid ("pro") plan a key in `x-cg-pro-api-key`
 * on its own host.
 */
export class CoinGeckoProvider implements RateProvider {
  readonly name = 'coingecko'
  readonly #baseUrl: string
  readonly #headers: Record<string, string>
  readonly #currency: PaymentCurrencyCode

  constructor(
    options: {
      baseUrl?: string
      apiKey?: string | null
      plan?: 'demo' | 'pro'
      currency?: PaymentCurrencyCode
    } = {},
  ) {
    const pro = options.plan === 'pro'
    this.#currency = options.currency ?? 'SOL'
    this.#baseUrl =
      options.baseUrl ?? (pro ? 'https://pro-api.coingecko.com' : 'https://api.coingecko.com')
    this.#headers = options.apiKey
      ? { [pro ? 'x-cg-pro-api-key' : 'x-cg-demo-api-key']: options.apiKey }
      : {}
  }

  async fetchCentsPerSol(): Promise<bigint> {
    const id = ASSET_NAMES[this.#currency].coingecko
    const body = (await getJson(
      `${this.#baseUrl}/api/v3/simple/price?ids=${id}&vs_currencies=eur`,
      this.#headers,
    )) as Record<string, { eur?: unknown } | undefined>
    return centsFrom(body[id]?.eur, this.#currency)
  }
}

/** Kraken's public ticker: `{"error":[],"result":{"SOLEUR":{"c":["123.45000","0.5"],…}}}`. */
export class KrakenProvider implements RateProvider {
  readonly name = 'kraken'
  constructor(
    private readonly baseUrl = 'https://api.kraken.com',
    private readonly currency: PaymentCurrencyCode = 'SOL',
  ) {}
  async fetchCentsPerSol(): Promise<bigint> {
    const pair = ASSET_NAMES[this.currency].kraken
    const body = (await getJson(`${this.baseUrl}/0/public/Ticker?pair=${pair}`)) as {
      error?: unknown[]
      result?: Record<string, { c?: unknown[] }>
    }
    if (body.error && body.error.length > 0) throw new Error(`kraken: ${String(body.error[0])}`)
    const ticker = body.result ? Object.values(body.result)[0] : undefined
    return centsFrom(ticker?.c?.[0], this.currency)
  }
}

export interface LockedRate {
  centsPerSol: bigint
  fetchedAt: number
  source: string
}

/** Where accepted rates are kept (the payments module's rate history). */
export interface RateRecorder {
  record(centsPerSol: bigint, source: string, at: Date): Promise<void>
}

/** What the back office shows of the rate. */
export interface RateStatus {
  centsPerSol: bigint | null
  source: string | null
  fetchedAt: Date | null
  lastError: string | null
}

function percentApart(a: bigint, b: bigint): bigint {
  const difference = a > b ? a - b : b - a
  return (difference * 100n) / (b > 0n ? b : 1n)
}

export class RateService {
  #latest: LockedRate | null = null
  #lastError: string | null = null
  #timer: NodeJS.Timeout | null = null
  readonly #providers: readonly RateProvider[]

  /** `providers`: the source first, then the ones asked when it fails or to confirm a jump. */
  constructor(
    providers: RateProvider | readonly RateProvider[],
    private readonly log: Pick<Logger, 'warn'>,
    private readonly now: () => number = Date.now,
    private readonly recorder: RateRecorder | null = null,
  ) {
    this.#providers = Array.isArray(providers) ? providers : [providers as RateProvider]
    if (this.#providers.length === 0) throw new Error('RateService needs a provider')
  }

  get providerName(): string {
    return this.#providers[0]?.name ?? 'none'
  }

  /** Fetches once now; failures and unconfirmed jumps are logged and the previous rate kept. */
  async refresh(): Promise<void> {
    const fetched = await this.#fetchFirst(this.#providers)
    if (!fetched) return
    const latest = this.#latest
    if (latest && percentApart(fetched.centsPerSol, latest.centsPerSol) > RATE_JUMP_LIMIT_PERCENT) {
      const others = this.#providers.filter((provider) => provider.name !== fetched.source)
      const second = await this.#fetchFirst(others)
      if (
        !second ||
        percentApart(second.centsPerSol, fetched.centsPerSol) > SOURCES_AGREE_PERCENT
      ) {
        this.#lastError = `${fetched.source} moved more than ${RATE_JUMP_LIMIT_PERCENT} % and no second source agrees`
        this.log.warn(
          {
            source: fetched.source,
            rate: String(fetched.centsPerSol),
            last: String(latest.centsPerSol),
          },
          'rate refused: it jumped and no second source agrees',
        )
        return
      }
    }
    this.#latest = { ...fetched, fetchedAt: this.now() }
    this.#lastError = null
    await this.recorder
      ?.record(fetched.centsPerSol, fetched.source, new Date(this.#latest.fetchedAt))
      .catch((error: unknown) => this.log.warn({ err: error }, 'rate history not written'))
  }

  async #fetchFirst(
    providers: readonly RateProvider[],
  ): Promise<{ centsPerSol: bigint; source: string } | null> {
    for (const provider of providers) {
      try {
        return { centsPerSol: await provider.fetchCentsPerSol(), source: provider.name }
      } catch (error) {
        this.#lastError = `${provider.name}: ${error instanceof Error ? error.message : String(error)}`
        this.log.warn({ provider: provider.name, err: error }, 'rate refresh failed')
      }
    }
    return null
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

  status(): RateStatus {
    return {
      centsPerSol: this.#latest?.centsPerSol ?? null,
      source: this.#latest?.source ?? null,
      fetchedAt: this.#latest ? new Date(this.#latest.fetchedAt) : null,
      lastError: this.#lastError,
    }
  }
}

type RateConfig = Pick<
  AppConfig,
  | 'rateProvider'
  | 'rateFallbackProvider'
  | 'rateFixedCentsPerSol'
  | 'rateFixedCentsPerKiloUsdc'
  | 'rateApiUrl'
  | 'coingeckoApiKey'
  | 'coingeckoPlan'
>

function providerNamed(
  name: RateProviderName,
  config: RateConfig,
  primary: boolean,
  currency: PaymentCurrencyCode,
): RateProvider {
  // RATE_API_URL (a proxy, or a test server) stands in for the first source's own host.
  const baseUrl = primary ? (config.rateApiUrl ?? undefined) : undefined
  switch (name) {
    case 'fixed':
      return new FixedRateProvider(
        currency === 'USDC' ? config.rateFixedCentsPerKiloUsdc : config.rateFixedCentsPerSol,
      )
    case 'coingecko':
      return new CoinGeckoProvider({
        baseUrl,
        apiKey: config.coingeckoApiKey,
        plan: config.coingeckoPlan,
        currency,
      })
    case 'kraken':
      return new KrakenProvider(baseUrl, currency)
  }
}

/** The configured source, then its fallback, for SOL (the default) or USDC. */
export function rateProvidersFromConfig(
  config: RateConfig,
  currency: PaymentCurrencyCode = 'SOL',
): RateProvider[] {
  const providers = [providerNamed(config.rateProvider, config, true, currency)]
  if (config.rateFallbackProvider && config.rateFallbackProvider !== config.rateProvider) {
    providers.push(providerNamed(config.rateFallbackProvider, config, false, currency))
  }
  return providers
}
