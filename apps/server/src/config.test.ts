import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.js'

describe('loadConfig', () => {
  it('has safe defaults for a local start', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: null,
      seedDemo: true,
      jwtSecret: null,
      logLevel: 'info',
      shopTimeZone: 'Europe/Vilnius',
      answerCache: true,
    })
    expect(loadConfig({ ANSWER_CACHE: 'off' }).answerCache).toBe(false)
    expect(loadConfig({ SEED_DEMO: 'large' })).toMatchObject({ seedDemo: true, seedLarge: true })
    expect(loadConfig({})).toMatchObject({ seedLarge: false })
  })

  it('takes the key before DELIVERY_KEY for a rotation, and none by default', () => {
    expect(loadConfig({}).deliveryKeyPrevious).toBeNull()
    const env = { DELIVERY_KEY: 'n'.repeat(40), DELIVERY_KEY_PREVIOUS: 'o'.repeat(40) }
    expect(loadConfig(env).deliveryKeyPrevious).toBe('o'.repeat(40))
  })

  it('takes the shop’s time zone by its IANA name, UTC and old aliases included', () => {
    for (const zone of [
      'UTC',
      'America/New_York',
      'Europe/Kiev',
      'America/Argentina/Buenos_Aires',
    ]) {
      expect(loadConfig({ SHOP_TIME_ZONE: zone }).shopTimeZone).toBe(zone)
    }
  })

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/shop',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/shop',
      BACKUP_DIR: '/srv/shop-backups',
      SEED_DEMO: 'false',
      JWT_SECRET: 'x'.repeat(40),
      LOG_LEVEL: 'warn',
    })
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/tmp/shop',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/shop',
      seedDemo: false,
      logLevel: 'warn',
    })
  })

  it('backs up daily into DATA_DIR/backups, keeping 14, unencrypted unless BACKUP_KEY is set', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/shop' })).toMatchObject({
      backupDir: '/tmp/shop/backups',
      backupKey: null,
      backupIntervalHours: 24,
      backupKeep: 14,
    })
    const config = loadConfig({
      BACKUP_DIR: '/srv/backups',
      BACKUP_KEY: 'b'.repeat(32),
      BACKUP_INTERVAL_HOURS: '0',
      BACKUP_KEEP: '3',
    })
    expect(config).toMatchObject({
      backupDir: '/srv/backups',
      backupKey: 'b'.repeat(32),
      backupIntervalHours: 0,
      backupKeep: 3,
    })
  })

  it.each([
    [{ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/shop' }, /BACKUP_DIR is required/],
    [{ BACKUP_KEY: 'b'.repeat(31) }, /BACKUP_KEY must be at least 32/],
    [{ BACKUP_INTERVAL_HOURS: '1.5' }, /BACKUP_INTERVAL_HOURS/],
    [{ BACKUP_INTERVAL_HOURS: '-1' }, /BACKUP_INTERVAL_HOURS/],
    [{ BACKUP_KEEP: '0' }, /BACKUP_KEEP/],
  ])('refuses the backup setting %o with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message)
  })

  it('counts USDC: the mainnet mint with a real RPC, none of its own locally, 0.92 EUR fixed', () => {
    const local = loadConfig({})
    expect(local).toMatchObject({
      usdcMint: null,
      acceptUsdc: true,
      rateFixedCentsPerKiloUsdc: 92_000n,
    })
    const real = loadConfig({
      SOLANA_RPC_URL: 'https://rpc.example',
      MERCHANT_WALLET: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
    })
    expect(real.usdcMint).toBe('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')
    const chosen = loadConfig({
      USDC_MINT: '82ZJ7nbGpixjeDCmEhUcmwXYfvurzAgGdtSMuHnUgyny',
      ACCEPT_USDC: 'false',
      RATE_FIXED_EUR_PER_USDC: '0.923456',
    })
    expect(chosen).toMatchObject({
      usdcMint: '82ZJ7nbGpixjeDCmEhUcmwXYfvurzAgGdtSMuHnUgyny',
      acceptUsdc: false,
      rateFixedCentsPerKiloUsdc: 92_346n,
    })
  })

  it.each([
    [{ USDC_MINT: 'not-a-mint' }, /USDC_MINT/],
    [{ ACCEPT_USDC: 'sometimes' }, /ACCEPT_USDC/],
    [{ RATE_FIXED_EUR_PER_USDC: '-1' }, /RATE_FIXED_EUR_PER_USDC/],
    [{ RATE_FIXED_EUR_PER_USDC: '0' }, /RATE_FIXED_EUR_PER_USDC/],
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ SEED_DEMO: 'maybe' }, /SEED_DEMO/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET/],
    [{ TELEGRAM_BOT_TOKEN: 'nope' }, /TELEGRAM_BOT_TOKEN/],
    [{ DELIVERY_KEY_PREVIOUS: 'short' }, /DELIVERY_KEY_PREVIOUS/],
    [{ DELIVERY_KEY: 'k'.repeat(40), DELIVERY_KEY_PREVIOUS: 'k'.repeat(40) }, /not the same/],
    // An abbreviation or an offset (neither knows summer time), or not a name at all; a name the
    // database does not know is refused at start (startup.test.ts).
    [{ SHOP_TIME_ZONE: 'EET' }, /SHOP_TIME_ZONE/],
    [{ SHOP_TIME_ZONE: '+02:00' }, /SHOP_TIME_ZONE/],
    [{ SHOP_TIME_ZONE: "Europe/Vilnius'; select 1; --" }, /SHOP_TIME_ZONE/],
  ])('refuses %o with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(message)
  })
})
