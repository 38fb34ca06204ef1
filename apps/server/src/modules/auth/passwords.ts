// Argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane). A login for an unknown username is
// checked against a dummy hash with the same parameters, so the answer takes the same time and
// does not reveal which usernames exist.
//
// Each hash or check holds its 19 MiB while it runs, so they run a few at a time: a burst of
// sign-ups or logins waits its turn instead of lifting the process's memory by 19 MiB each (the
// heap limit aborts a process that reaches it). When too many wait, a new one is refused at once
// (503 with Retry-After) rather than queued for seconds.
import { type Algorithm, hash, verify } from '@node-rs/argon2'
import pLimit from 'p-limit'
import { AppError } from '../../http/errors.js'

// Algorithm is a const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm.Argon2id
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 }

/** Hashes and checks running at once (each on a thread of libuv's pool). */
export const PASSWORD_WORK_AT_ONCE = 2
/** Hashes and checks waiting their turn at most; beyond, SERVICE_UNAVAILABLE. */
export const PASSWORD_WORK_WAITING_MAX = 64
/** What a refused caller is told to wait, in seconds. */
const RETRY_AFTER_SECONDS = 2

const work = pLimit(PASSWORD_WORK_AT_ONCE)

/** Runs `fn` in its turn, or refuses at once when the queue is full. */
function inTurn<T>(fn: () => Promise<T>): Promise<T> {
  if (work.pendingCount >= PASSWORD_WORK_WAITING_MAX) {
    return Promise.reject(
      new AppError('SERVICE_UNAVAILABLE', undefined, {
        'retry-after': String(RETRY_AFTER_SECONDS),
      }),
    )
  }
  return work(fn)
}

export function hashPassword(password: string): Promise<string> {
  return inTurn(() => hash(password, OPTIONS))
}

let dummyHash: Promise<string> | null = null

/** Verifies `password` against `stored`, or against a dummy hash when there is no stored hash. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored === null) {
    dummyHash ??= hash('dummy password that never matches', OPTIONS)
    const against = await dummyHash
    await inTurn(() => verify(against, password))
    return false
  }
  try {
    return await inTurn(() => verify(stored, password))
  } catch (error) {
    if (error instanceof AppError) throw error
    return false
  }
}

/** Hashes and checks running and waiting now (tests read it). */
export function passwordWork(): { running: number; waiting: number } {
  return { running: work.activeCount, waiting: work.pendingCount }
}
