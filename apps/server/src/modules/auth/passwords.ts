// Argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane). A login for an unknown username is
// checked against a dummy hash with the same parameters, so the answer takes the same time and
// does not reveal which usernames exist.
import { type Algorithm, hash, verify } from '@node-rs/argon2'

// Algorithm is a const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm.Argon2id
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 }

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS)
}

let dummyHash: Promise<string> | null = null

/** Verifies `password` against `stored`, or against a dummy hash when there is no stored hash. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored === null) {
    dummyHash ??= hash('dummy password that never matches', OPTIONS)
    await verify(await dummyHash, password)
    return false
  }
  try {
    return await verify(stored, password)
  } catch {
    return false
  }
}
