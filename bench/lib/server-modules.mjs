// The shop's own modules (built), for preparing data the way the shop itself writes it: accounts
// with sessions, balance credits with their ledger lines, carts. Never used while the shop
// process owns a PGlite folder (the data-folder lock would refuse anyway).
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { BENCH_JWT_SECRET, SERVER_DIST } from './shop.mjs'

const dist = (file) => import(pathToFileURL(path.join(SERVER_DIST, file)).href)

/** Opens the database (PGlite folder or PostgreSQL URL) with the shop's services on it. */
export async function openShopDatabase({ dataDir = null, url = null }) {
  const [{ openDatabase }, { createServices }, { loadConfig }, schema, drizzle, { runSteps }] =
    await Promise.all([
      dist('db/client.js'),
      dist('services.js'),
      dist('config.js'),
      dist('db/schema.js'),
      import('drizzle-orm'),
      dist('db/steps.js'),
    ])
  const database = await openDatabase(url ? { url, poolSize: 10 } : { dataDir })
  const config = { ...loadConfig({}), jwtSecret: BENCH_JWT_SECRET, deliveryKey: BENCH_JWT_SECRET }
  const services = createServices(config, database)
  return { database, db: database.db, services, schema, drizzle, config, runSteps }
}
