// The HTTP providers against a local server that replays the recorded response shapes of the
// public APIs (no request leaves the machine).
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CoinGeckoProvider,
  FixedRateProvider,
  KrakenProvider,
  RATE_MAX_AGE_MS,
  RateService,
  rateProvidersFromConfig,
} from './rates.js'

// Shapes as documented by CoinGecko (/api/v3/simple/price) and Kraken (/0/public/Ticker).
const COINGECKO_RESPONSE = { solana: { eur: 123.45 } }
const KRAKEN_RESPONSE = {
  error: [],
  result: {
    SOLEUR: {
      a: ['123.46000', '12', '12.000'],
      b: ['123.44000', '3', '3.000'],
      c: ['123.45000', '0.50000000'],
      v: ['1000.0', '5000.0'],
      p: ['122.0', '121.0'],
      t: [100, 500],
      l: ['120.00000', '119.00000'],
      h: ['125.00000', '126.00000'],
      o: '121.00000',
    },
  },
}

let server: http.Server
let base = ''
let mode: 'ok' | 'broken' | 'error' = 'ok'
/** What both sources answer for EUR per USDC. */
let usdcRate: number | string = 0.923456
/** The CoinGecko key headers of the last request. */
let keyHeaders: Record<string, string | undefined> = {}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    keyHeaders = {
      demo: req.headers['x-cg-demo-api-key'] as string | undefined,
      pro: req.headers['x-cg-pro-api-key'] as string | undefined,
    }
    if (mode === 'error') {
      res.writeHead(503).end()
      return
    }
    res.setHeader('content-type', 'application/json')
    if (mode === 'broken') return res.end('{"unexpected":true}')
    if (req.url?.startsWith('/api/v3/simple/price?ids=solana&vs_currencies=eur')) {
      return res.end(JSON.stringify(COINGECKO_RESPONSE))
    }
    if (req.url === '/0/public/Ticker?pair=SOLEUR') return res.end(JSON.stringify(KRAKEN_RESPONSE))
    if (req.url?.startsWith('/api/v3/simple/price?ids=usd-coin&vs_currencies=eur')) {
      return res.end(JSON.stringify({ 'usd-coin': { eur: usdcRate } }))
    }
    if (req.url === '/0/public/Ticker?pair=USDCEUR') {
      return res.end(
        JSON.stringify({ error: [], result: { USDCEUR: { c: [String(usdcRate), '1'] } } }),
      )
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  server.close()
})

const quiet = { warn() {} }

describe('rate providers', () => {
  it('reads CoinGecko and Kraken into cents per SOL', async () => {
    mode = 'ok'
    expect(await new CoinGeckoProvider({ baseUrl: base }).fetchCentsPerSol()).toBe(12345n)
    expect(await new KrakenProvider(base).fetchCentsPerSol()).toBe(12345n)
    expect(await new FixedRateProvider(15000n).fetchCentsPerSol()).toBe(15000n)
  })

  it('fails on a broken answer or an HTTP error', async () => {
    for (const m of ['broken', 'error'] as const) {
      mode = m
      await expect(new CoinGeckoProvider({ baseUrl: base }).fetchCentsPerSol()).rejects.toThrow()
      await expect(new KrakenProvider(base).fetchCentsPerSol()).rejects.toThrow()
    }
    mode = 'ok'
  })
})

describe('RateService', () => {
  it('refuses to price with no rate or a rate older than 10 minutes', async () => {
    let now = 1_000_000
    const service = new RateService(new CoinGeckoProvider({ baseUrl: base }), quiet, () => now)
    expect(() => service.current()).toThrow(/RATE_UNAVAILABLE|unavailable/i)
    mode = 'ok'
    await service.refresh()
    expect(service.current().centsPerSol).toBe(12345n)
    mode = 'error'
    now += RATE_MAX_AGE_MS - 1
    await service.refresh() // fails, keeps the old rate
    expect(service.current().centsPerSol).toBe(12345n)
    now += 2
    expect(() => service.current()).toThrow()
    mode = 'ok'
  })
})

/** A provider whose rate the test sets; null fails like a network error. */
class SettableProvider {
  rate: bigint | null
  constructor(
    readonly name: string,
    rate: bigint | null,
  ) {
    this.rate = rate
  }
  async fetchCentsPerSol(): Promise<bigint> {
    if (this.rate === null) throw new Error(`${this.name} unreachable`)
    return this.rate
  }
}

describe('CoinGecko key', () => {
  it('is sent as the demo plan asks, or the pro plan', async () => {
    mode = 'ok'
    await new CoinGeckoProvider({ baseUrl: base, apiKey: 'demo-key' }).fetchCentsPerSol()
    expect(keyHeaders).toEqual({ demo: 'demo-key', pro: undefined })
    await new CoinGeckoProvider({
      baseUrl: base,
      apiKey: 'pro-key',
      plan: 'pro',
    }).fetchCentsPerSol()
    expect(keyHeaders).toEqual({ demo: undefined, pro: 'pro-key' })
    await new CoinGeckoProvider({ baseUrl: base }).fetchCentsPerSol()
    expect(keyHeaders).toEqual({ demo: undefined, pro: undefined })
  })
})

describe('RateService with a fallback and a sanity check', () => {
  it('asks the fallback when the source fails, and records what it accepts', async () => {
    const source = new SettableProvider('coingecko', null)
    const fallback = new SettableProvider('kraken', 12000n)
    const recorded: [bigint, string][] = []
    const service = new RateService([source, fallback], quiet, Date.now, {
      record: async (cents, from) => {
        recorded.push([cents, from])
      },
    })
    await service.refresh()
    expect(service.current()).toMatchObject({ centsPerSol: 12000n, source: 'kraken' })
    source.rate = 12100n
    await service.refresh()
    expect(service.current()).toMatchObject({ centsPerSol: 12100n, source: 'coingecko' })
    expect(recorded).toEqual([
      [12000n, 'kraken'],
      [12100n, 'coingecko'],
    ])
  })

  it('refuses a jump of more than 20 % until a second source agrees', async () => {
    const source = new SettableProvider('coingecko', 10000n)
    const second = new SettableProvider('kraken', 10000n)
    const service = new RateService([source, second], quiet)
    await service.refresh()
    // A broken source answers a third of the price; the second source does not agree.
    source.rate = 3300n
    await service.refresh()
    expect(service.current().centsPerSol).toBe(10000n)
    expect(service.status().lastError).toMatch(/more than 20 %/)
    // No second source at all: refused as well.
    second.rate = null
    await service.refresh()
    expect(service.current().centsPerSol).toBe(10000n)
    // The market really moved: both sources agree (within 3 %), the new rate is taken.
    source.rate = 7000n
    second.rate = 7100n
    await service.refresh()
    expect(service.current().centsPerSol).toBe(7000n)
    // Moves within 20 % need no second opinion.
    second.rate = null
    source.rate = 8000n
    await service.refresh()
    expect(service.current().centsPerSol).toBe(8000n)
  })
})

describe('USDC rates', () => {
  it("reads CoinGecko's usd-coin and Kraken's USDCEUR into cents per 1,000 USDC", async () => {
    mode = 'ok'
    usdcRate = 0.923456
    expect(
      await new CoinGeckoProvider({ baseUrl: base, currency: 'USDC' }).fetchCentsPerSol(),
    ).toBe(92_346n)
    usdcRate = '0.92100000'
    expect(await new KrakenProvider(base, 'USDC').fetchCentsPerSol()).toBe(92_100n)
  })

  it('keeps the same 20 % guard and fallback, in a service of its own', async () => {
    mode = 'ok'
    usdcRate = 0.92
    const recorded: [bigint, string][] = []
    const service = new RateService(
      rateProvidersFromConfig(
        {
          rateProvider: 'coingecko',
          rateFallbackProvider: null,
          rateFixedCentsPerSol: 15_000n,
          rateFixedCentsPerKiloUsdc: 92_000n,
          rateApiUrl: base,
          coingeckoApiKey: null,
          coingeckoPlan: 'demo',
        },
        'USDC',
      ),
      quiet,
      Date.now,
      { record: async (cents, from) => void recorded.push([cents, from]) },
    )
    await service.refresh()
    expect(service.current().centsPerSol).toBe(92_000n)
    // A depeg to 0.50 from one source alone (no fallback here: it would be another host) is
    // refused: no second source agrees. The fallback path is RateService's, tested above.
    usdcRate = 0.5
    await service.refresh()
    expect(service.current().centsPerSol).toBe(92_000n)
    expect(service.status().lastError).toMatch(/more than 20 %/)
    expect(recorded).toEqual([[92_000n, 'coingecko']])
  })
})
