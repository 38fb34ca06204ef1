// `npm run bench`: measures the shop the way its customers feel it and prints one table with
// every figure, its budget and pass/fail (docs/performance.md explains each). Everything is
// measured side by side in one run on this machine; absolute numbers drift between machines.
//
//   npm run bench                      the full run (about 4 minutes)
//   npm run bench -- --quick           shorter load runs, for trying a change
//   npm run bench -- --only=mixed        (sections: web, catalogue, mixed, payments, startup, checkout)
//   npm run bench -- --json=out.json   also write the rows as JSON
//   npm run bench -- --strict          exit 1 when a budget is missed
//
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) is used
// only to create a temporary database, which is dropped afterwards.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildStale } from '../scripts/build-if-stale.mjs'
import { startChain } from './lib/chain.mjs'
import { hasWrk } from './lib/load.mjs'
import { fmt, Report } from './lib/report.mjs'
import { openShopDatabase } from './lib/server-modules.mjs'
import { BENCH_JWT_SECRET, procStatusKb, startShop } from './lib/shop.mjs'
import { catalogue } from './sections/catalogue.mjs'
import {
  CARTS_PER_PRODUCT,
  fireCheckouts,
  oversellCheck,
  PRODUCTS,
  prepareCheckout,
  reportCheckout,
  warmUpCheckouts,
} from './sections/checkout.mjs'
import {
  MIXED_SIZES,
  mixedGrowth,
  mixedLoad,
  ownerPages,
  prepareMixedShop,
} from './sections/mixed.mjs'
import { paymentDetection } from './sections/payments.mjs'
import { coldStart, rssFloor } from './sections/startup.mjs'
import { webBrowser, webStatic } from './sections/web.mjs'

const args = process.argv.slice(2)
const flag = (name) => args.includes(`--${name}`)
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1]
const only = option('only')?.split(',')
const wanted = (section) => !only || only.includes(section)
const quick = flag('quick')
const LOAD = { duration: quick ? 4 : 10, warmup: quick ? 1 : 2 }
/** Each of the mixed workload's two rounds. */
const MIXED_LOAD = { duration: quick ? 5 : 15 }
const CHECKOUT_USERS = PRODUCTS * CARTS_PER_PRODUCT
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

const log = (text) => process.stderr.write(`[bench] ${text}\n`)
const report = new Report()
const started = performance.now()

/** Runs one part; a failure becomes a FAIL row and the rest of the bench goes on. */
async function section(area, name, fn) {
  log(`${name}...`)
  try {
    await fn()
  } catch (error) {
    report.add(
      area,
      `${name}: did not complete`,
      String(error?.message ?? error).slice(0, 160),
      '',
      false,
    )
    log(String(error?.stack ?? error))
  }
}

/** Measures the code as it is: builds what changed since the last build, as `npm start` does. */
function ensureBuilt() {
  buildStale({ log })
}

/** The catalogue needs wrk (Debian's package); without it that part fails and says so. */
function catalogueWithWrk(run) {
  return async () => {
    if (!hasWrk()) throw new Error('wrk is not installed (Debian: apt-get install wrk)')
    await run()
  }
}

async function checkoutOnPglite(dataDir, chain) {
  const prepDb = await openShopDatabase({ dataDir })
  const prepared = await prepareCheckout(prepDb, CHECKOUT_USERS)
  await prepDb.database.close()
  const shop = await startShop({ dataDir, chain })
  let fired
  try {
    await warmUpCheckouts(shop, prepared.warmup)
    fired = await fireCheckouts(shop, prepared.users)
  } finally {
    await shop.stop()
  }
  const checkDb = await openShopDatabase({ dataDir })
  try {
    const check = await oversellCheck(checkDb, prepared, fired.answers)
    reportCheckout(report, 'PGlite', 100, CHECKOUT_USERS, fired, check)
  } finally {
    await checkDb.database.close()
  }
}

/** A temporary PostgreSQL database for `fn(url, name, admin)`, dropped afterwards. */
async function withPostgresDatabase(fn) {
  const pg = (await import('pg')).default
  const name = `shop_bench_${crypto.randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: ADMIN_URL })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const url = new URL(ADMIN_URL)
  url.pathname = `/${name}`
  try {
    return await fn(url.href, name, admin)
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  }
}

/** The pids of the backends serving database `name` (the shop's pool and listener). */
const backendsOf = (admin, name) => async () =>
  (
    await admin.query(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    )
  ).rows.map((row) => row.pid)

/** The mixed workload at each size, on PGlite and on PostgreSQL (sections/mixed.mjs). */
async function mixed(tmp, chain) {
  for (const database of ['PGlite', 'PostgreSQL']) {
    const rates = []
    for (const size of MIXED_SIZES) {
      const dataDir = path.join(tmp, `mixed-${database}-${size.products}`)
      const run = async (databaseUrl = '', backends = undefined) => {
        const target = databaseUrl ? { url: databaseUrl } : { dataDir }
        const prepared = await prepareMixedShop(target, size, log)
        const shop = await startShop({
          dataDir,
          databaseUrl,
          chain,
          env: { DELIVERY_KEY: BENCH_JWT_SECRET },
        })
        try {
          const options = { database, size, backends }
          rates.push(await mixedLoad(shop, report, MIXED_LOAD, prepared, options))
          if (size.products >= 10_000) await ownerPages(shop, report, database)
        } finally {
          await shop.stop()
        }
      }
      await section(
        'Mixed workload',
        `mixed workload, ${database}, ${size.products} products`,
        () =>
          database === 'PGlite'
            ? run()
            : withPostgresDatabase((url, name, admin) => run(url, backendsOf(admin, name))),
      )
    }
    if (rates.length === 2) mixedGrowth(report, database, rates[0], rates[1])
  }
}

/** On a temporary PostgreSQL database: the catalogue (per core, with its backends) and checkout. */
async function onPostgres(tmp, chain) {
  await withPostgresDatabase(async (url, name, admin) => {
    const shop = await startShop({ dataDir: path.join(tmp, 'pg-data'), databaseUrl: url, chain })
    try {
      if (wanted('catalogue')) {
        // The shop's backends (its pool and its listener) run on the shop's CPU too.
        const backends = backendsOf(admin, name)
        await section(
          'Catalogue',
          'catalogue on PostgreSQL',
          catalogueWithWrk(() =>
            catalogue(shop, report, LOAD, { database: 'PostgreSQL', backends }),
          ),
        )
      }
      if (wanted('checkout')) {
        await section('Checkout', 'checkout on PostgreSQL', async () => {
          const shopDb = await openShopDatabase({ url })
          try {
            const prepared = await prepareCheckout(shopDb, CHECKOUT_USERS)
            await warmUpCheckouts(shop, prepared.warmup)
            const fired = await fireCheckouts(shop, prepared.users, name)
            const check = await oversellCheck(shopDb, prepared, fired.answers)
            reportCheckout(report, 'PostgreSQL', 300, CHECKOUT_USERS, fired, check)
          } finally {
            await shopDb.database.close()
          }
        })
      }
    } finally {
      await shop.stop()
    }
  })
}

async function main() {
  ensureBuilt()
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'))
  const dataDir = path.join(tmp, 'data')
  let chain = null
  try {
    if (wanted('web')) await section('Web', 'web bundle', async () => webStatic(report))

    const needShop = ['catalogue', 'mixed', 'web', 'payments', 'startup', 'checkout'].some(wanted)
    // The shop is measured as it runs in production: the Solana RPC is another process.
    chain = needShop ? await startChain(path.join(tmp, 'chain')) : null
    if (needShop) {
      log('first start on an empty PGlite folder (initdb, migrations, demo seed)')
      const first = await startShop({ dataDir, chain })
      const firstPeak = procStatusKb(first.pid, 'VmHWM')
      await first.stop()
      report.add(
        'Server',
        'first start on an empty folder: to /api/health, peak RSS',
        `${fmt.s(first.readyMs)}, ${firstPeak === null ? '?' : fmt.mb(firstPeak)}`,
        '',
        null,
        "once per data folder: PGlite's initdb; the memory stays in use until a restart",
      )
      // Measured on a restarted shop, as it runs every day after its first start.
      const shop = await startShop({ dataDir, chain })
      try {
        if (wanted('catalogue')) {
          await section(
            'Catalogue',
            'catalogue on PGlite',
            catalogueWithWrk(() => catalogue(shop, report, LOAD)),
          )
        }
        if (wanted('web')) await section('Web', 'landing page', () => webBrowser(shop, report))
        if (wanted('payments')) {
          await section('Payment detection', 'payment detection', () =>
            paymentDetection(shop, report),
          )
        }
      } finally {
        await shop.stop()
      }
    }
    if (wanted('startup')) {
      await section('Server', 'RSS floor', async () => rssFloor(dataDir, report))
      await section('Server', 'cold start', () => coldStart(dataDir, report, { chain }))
      await section('Server', 'cold start of the demo', () =>
        coldStart(dataDir, report, { chain: null, runs: 1 }),
      )
    }
    if (wanted('checkout')) {
      await section('Checkout', 'checkout on PGlite', () => checkoutOnPglite(dataDir, chain))
    }
    if (wanted('catalogue') || wanted('checkout')) {
      await section('Server', 'PostgreSQL', () => onPostgres(tmp, chain))
    }
    if (wanted('mixed'))
      await section(
        'Mixed workload',
        'mixed workload',
        catalogueWithWrk(() => mixed(tmp, chain)),
      )
  } finally {
    await chain?.stop()
    fs.rmSync(tmp, { recursive: true, force: true })
  }

  const seconds = (performance.now() - started) / 1000
  const cpus = os.cpus()
  process.stdout.write(
    `\nnpm run bench: ${new Date().toISOString()}, Node ${process.version}, ${cpus.length} x ${cpus[0]?.model ?? 'CPU'}, load ${os.loadavg()[0].toFixed(1)}, ${seconds.toFixed(0)} s${quick ? ' (--quick)' : ''}\n\n`,
  )
  process.stdout.write(`${report.render()}\n\n`)
  const failed = report.failed
  process.stdout.write(
    failed.length === 0
      ? 'Every budget is met.\n'
      : `${failed.length} figure(s) miss their budget: see docs/performance.md.\n`,
  )
  const jsonFile = option('json')
  if (jsonFile) fs.writeFileSync(jsonFile, `${JSON.stringify(report.rows, null, 2)}\n`)
  if (flag('strict') && failed.length > 0) process.exitCode = 1
}

await main()
