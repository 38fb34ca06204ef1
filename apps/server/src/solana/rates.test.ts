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

beforeAll(async () => {
  server = http.createServer((req, res) => {
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
