// Names for prepared statements, shared by both databases' clients: a statement is parsed once
// per connection (PostgreSQL) or once per process (PGlite), then only bound and executed.
import crypto from 'node:crypto'

/**
 * Distinct statements one connection keeps prepared; beyond it, new texts run unnamed as before.
 * The shop's code has a few hundred at most (lists of varying length give one text per length).
 */
export const MAX_PREPARED_PER_CONNECTION = 1000

/** Names already computed, by text: a checkout's longest statement is not hashed again on every run. */
const names = new Map<string, string>()

/** The statement's name: a hash of its text, so one text always maps to one name. */
export function statementName(text: string): string {
  let name = names.get(text)
  if (name === undefined) {
    name = `s_${crypto.createHash('sha1').update(text).digest('base64url')}`
    // The same bound as per connection: texts beyond it are hashed each time, never kept.
    if (names.size < MAX_PREPARED_PER_CONNECTION) names.set(text, name)
  }
  return name
}
