// Production entry point: read config, open and migrate the database, seed the demo shop on
// first start, listen, and shut down cleanly on SIGINT/SIGTERM.
import module from 'node:module'
import closeWithGrace from 'close-with-grace'
import { type AppConfig, ConfigError, loadConfig } from './config.js'
import { type Database, openDatabase } from './db/client.js'
import { DataDirLockedError } from './db/data-dir-lock.js'
import { describeError } from './http/loggable-error.js'
import { resolveDeliveryKey, resolveJwtSecret } from './secrets.js'

/** How long a shutdown may take (in-flight requests, a job's pass) before the process exits. */
const SHUTDOWN_DEADLINE_MS = 10_000

async function main(): Promise<void> {
  // Node 22.1+ keeps the compiled code of the modules loaded from here on (the app's, Fastify's,
  // @solana/kit's: most of them) in a cache folder of its own, so that a restart does not compile
  // them again. Node 20 has no such cache and starts without it.
  ;(module as { enableCompileCache?: () => unknown }).enableCompileCache?.()
  const baseConfig = loadConfig()
  const config = {
    ...baseConfig,
    jwtSecret: resolveJwtSecret(baseConfig),
    deliveryKey: resolveDeliveryKey(baseConfig),
  }

  // The database opens (PGlite compiles its WebAssembly, much of it on V8's background
  // threads) while the rest of the server's modules load: about a fifth of a cold start.
  const opening = openAndMigrate(config)
  opening.catch(() => {}) // awaited below; this only keeps a refusal from being "unhandled" meanwhile
  const [{ buildApp }, { startJobs }, { setUpChain }] = await Promise.all([
    import('./app.js'),
    import('./jobs.js'),
    import('./local-chain-mode.js'),
  ])
  const database = await opening

  const setup = await setUpChain(config)
  const { demoWallet, localChain } = setup
  // USDC_MINT (the mainnet mint with SOLANA_RPC_URL) is the USDC the shop counts; on its own
  // local chain, the chain's play mint unless USDC_MINT names another.
  const chain = { ...setup.chain, usdcMint: config.usdcMint ?? setup.playUsdcMint }
  const app = await buildApp(config, {
    database,
    chain,
    demoWallet,
    // An encrypted backup carries the keys the shop generated itself (docs/data-in-and-out.md).
    generatedKeys: [
      ...(baseConfig.jwtSecret === null ? (['JWT_SECRET'] as const) : []),
      ...(baseConfig.deliveryKey === null ? (['DELIVERY_KEY'] as const) : []),
    ],
  })
  const { services } = app.shop
  // On a real cluster the merchant's USDC token account must exist, or USDC is refused.
  if (config.solanaRpcUrl && services.chain) {
    const { checkUsdcAccount } = await import('./solana/usdc-account-check.js')
    await checkUsdcAccount(services.chain, services.payments.usdc, app.log)
  }
  services.rates.start()
  // The USDC rate is asked for only while USDC is taken (each refresh costs provider calls).
  if (services.payments.usdc.mint && services.payments.usdc.accepted) services.usdcRates.start()
  const { watcher } = services
  watcher?.listen()
  const upkeep =
    database.kind === 'pglite'
      ? new (await import('./db/pglite-upkeep.js')).PgliteUpkeep(database.db)
      : null
  const jobs = startJobs(
    database,
    [
      ...(watcher
        ? [
            {
              name: 'watch payments',
              run: () => watcher.poll(),
              nextDelayMs: () => watcher.nextDelayMs(),
              pause: (ms: number, signal: AbortSignal) => watcher.pause(ms, signal),
            },
          ]
        : []),
      {
        name: 'expire payments',
        // A payment expires only once the chain has been read past its expiry.
        run: async () => {
          const readThrough = watcher ? await watcher.readThrough() : new Date()
          return readThrough ? services.payments.lifecycle.expireDue(readThrough) : 0
        },
      },
      {
        name: 'back up',
        run: () => services.backups.runIfDue(),
        nextDelayMs: () => services.backups.nextDelayMs(),
      },
      ...(upkeep
        ? [
            {
              name: 'database upkeep',
              run: () => upkeep.run(),
              nextDelayMs: () => upkeep.nextDelayMs(),
            },
          ]
        : []),
    ],
    config.watchIntervalMs,
    app.log,
  )

  // SIGINT/SIGTERM (and an uncaught error) close the shop gracefully: no new requests (Fastify
  // answers 503 while closing), in-flight ones finish, the background jobs end their pass, then
  // the chain and the database close. What is not done by the deadline is cut off: exit 1.
  closeWithGrace({ delay: SHUTDOWN_DEADLINE_MS, logger: app.log }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'stopping after an uncaught error')
    else app.log.info({ signal }, 'shutting down')
    services.rates.stop()
    services.usdcRates.stop()
    await Promise.all([jobs.stop(), app.close(), watcher?.close()])
    await localChain?.close()
    await database.close()
  })

  if (config.deliveryKeyPrevious) await rotateDeliveryKey(database, config, app.log)

  // One start line, with the address the server really listens on (Fastify's own listen line:
  // one per address, so a host of 0.0.0.0 names every interface). It is the only address the
  // shop ever prints: no request's address is logged (docs/promises.md).
  const where = database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'
  const chainPort = localChain ? `, local Solana chain on port ${new URL(localChain.url).port}` : ''
  // While the shop has no active staff account, every start prints the link that creates the
  // owner (docs/back-office.md, "Staff accounts"): the same one until it is used or a day old.
  // A plain line, whatever LOG_LEVEL, on the ready line's origin unless PUBLIC_URL names one
  // (a sign-in on localhost does not carry over to 127.0.0.1), just before the ready line, so
  // that a script waiting for that line finds the link too.
  const setupPath = await services.staff.setup.ownerLinkIfNoStaff('')
  const { setupLinkLine } = await import('./modules/staff/setup.js')
  let printed = false
  await app.listen({
    port: config.port,
    host: config.host,
    listenTextResolver: (address) => {
      if (setupPath && !printed) {
        printed = true
        process.stdout.write(`${setupLinkLine(`${config.publicUrl ?? address}${setupPath}`)}\n`)
      }
      return `shop ready: ${address} (database: ${where}${chainPort})`
    },
  })
}

/**
 * DELIVERY_KEY_PREVIOUS is set: the codes the previous key sealed are re-sealed under
 * DELIVERY_KEY before the shop listens (decision 0029), and the log says when the old key can go.
 */
async function rotateDeliveryKey(
  database: Database,
  config: { deliveryKey: string; deliveryKeyPrevious: string | null },
  log: { info: (message: string) => void; warn: (message: string) => void },
): Promise<void> {
  const [{ CodeVault }, { resealOnStart }] = await Promise.all([
    import('./modules/delivery/code-vault.js'),
    import('./modules/delivery/rotation.js'),
  ])
  const report = await resealOnStart(
    database,
    new CodeVault(config.deliveryKey, config.deliveryKeyPrevious),
  )
  if (report === null) {
    log.info('delivery codes: another process is re-sealing them under the new DELIVERY_KEY')
    return
  }
  log.info(
    `delivery codes: ${report.resealed} re-sealed under the new DELIVERY_KEY; once every process runs with it, remove DELIVERY_KEY_PREVIOUS`,
  )
  if (report.unreadable > 0) {
    log.warn(
      `delivery codes: ${report.unreadable} open under neither DELIVERY_KEY nor DELIVERY_KEY_PREVIOUS (sealed under a key given neither way)`,
    )
  }
}

async function openAndMigrate(
  config: AppConfig & { jwtSecret: string; deliveryKey: string },
): Promise<Database> {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
  try {
    const { knowsTimeZone } = await import('./db/calendar.js')
    if (!(await knowsTimeZone(database.db, config.shopTimeZone))) {
      throw new ConfigError(
        `SHOP_TIME_ZONE "${config.shopTimeZone}" is not a time zone the database knows`,
      )
    }
    await database.migrate()
    if (config.seedDemo) {
      const { isEmptyShop, seedDemo } = await import('./db/seed/seed-demo.js')
      if (await isEmptyShop(database.db)) {
        await seedDemo(database.db, config.deliveryKey)
        if (config.seedLarge) {
          const { seedLargeShop, LARGE_SHOP_PASSWORD } = await import('./db/seed/large-shop.js')
          await seedLargeShop(database, config, undefined, (line) => console.log(line))
          console.log(
            `large shop: ready; customers customer_1, customer_2… sign in with "${LARGE_SHOP_PASSWORD}"`,
          )
        }
      }
    }
    return database
  } catch (error) {
    await database.close()
    throw error
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`Cannot start the shop: ${error.message}`)
  } else {
    // A failed migration or seed query is printed without its parameters.
    console.error(`Cannot start the shop: ${describeError(error)}`)
  }
  process.exit(1)
})
