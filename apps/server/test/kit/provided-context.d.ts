// What the global set-ups (pglite-template.ts, postgres-template.ts) hand to the test files.
import 'vitest'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The tar of a migrated PGlite data folder. */
    pgliteTemplate?: string
    /** The name of a migrated PostgreSQL database on TEST_DATABASE_URL's server. */
    postgresTemplate?: string
  }
}
