// The PostgreSQL server of the tests (TEST_DATABASE_URL): databases of their own, created and
// dropped by the suites, the run's template (postgres-template.ts) and the crash suite's.
import crypto from 'node:crypto'
import pg from 'pg'

/** TEST_DATABASE_URL: a PostgreSQL server where tests may create and drop databases. */
export function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('the PostgreSQL tests need TEST_DATABASE_URL')
  return url
}

async function asAdmin(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl() })
  await admin.connect()
  try {
    await admin.query(statement)
  } finally {
    await admin.end()
  }
}

export interface PostgresTestDatabase {
  name: string
  url: string
  /** Drops the database, closing whatever is still connected to it. */
  drop(): Promise<void>
}

/**
 * A new, empty database (`shop_test_…`) on TEST_DATABASE_URL's server, or a copy of `template`
 * (which nobody may be connected to meanwhile).
 */
export async function createPostgresDatabase(
  options: { template?: string; prefix?: string } = {},
): Promise<PostgresTestDatabase> {
  const name = `shop_test_${options.prefix ?? ''}${crypto.randomBytes(6).toString('hex')}`
  await asAdmin(
    options.template
      ? `create database ${name} template ${options.template}`
      : `create database ${name}`,
  )
  const url = new URL(adminUrl())
  url.pathname = `/${name}`
  return {
    name,
    url: url.toString(),
    drop: () => asAdmin(`drop database if exists ${name} with (force)`),
  }
}
