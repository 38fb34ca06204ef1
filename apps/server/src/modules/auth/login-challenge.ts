// The proof of work a login must carry once its username has had too many wrong guesses: an
// ALTCHA challenge (self-hosted, no third party; altcha-lib's v1 scheme: find the number whose
// SHA-256 with the salt is the challenge, about half of `maxnumber` hashes in the browser). It
// lets the rightful owner in while a locked-out name stays slow to guess: each guess costs a
// solve, and each solution is accepted once, in any server process (the shared counter store).
import crypto from 'node:crypto'
import type { LoginChallenge } from '@shop/contract'
import { createChallenge, verifySolution } from 'altcha-lib/v1'
import type { CounterStore } from '../../http/rate-limit.js'

/** About 0.1-0.5 s on a phone: nothing for one login, a brake on thousands. */
export const LOGIN_CHALLENGE_MAX_NUMBER = 100_000
/** How long a challenge may be solved and used. */
const CHALLENGE_TTL_MS = 5 * 60_000

export class LoginChallenges {
  readonly #key: string

  constructor(
    serverSecret: string,
    private readonly used: CounterStore,
    private readonly maxNumber = LOGIN_CHALLENGE_MAX_NUMBER,
  ) {
    this.#key = Buffer.from(
      crypto.hkdfSync('sha256', serverSecret, 'privacy-shop', 'login-challenge', 32),
    ).toString('base64url')
  }

  async create(): Promise<LoginChallenge> {
    const challenge = await createChallenge({
      hmacKey: this.#key,
      maxnumber: this.maxNumber,
      expires: new Date(Date.now() + CHALLENGE_TTL_MS),
    })
    return { ...challenge, maxnumber: challenge.maxnumber ?? this.maxNumber }
  }

  /** True for a correct, unexpired solution of one of our challenges, the first time only. */
  async accepts(proof: string | undefined): Promise<boolean> {
    if (!proof) return false
    const signature = signatureOf(proof)
    if (!signature) return false
    let verified = false
    try {
      verified = await verifySolution(proof, this.#key, true)
    } catch {
      return false
    }
    if (!verified) return false
    const uses = await this.used.increment(`login-proof:${signature}`, CHALLENGE_TTL_MS)
    return uses.count === 1
  }
}

function signatureOf(proof: string): string | null {
  try {
    const payload: unknown = JSON.parse(Buffer.from(proof, 'base64').toString('utf8'))
    if (payload && typeof payload === 'object' && 'signature' in payload) {
      const { signature } = payload as { signature: unknown }
      if (typeof signature === 'string' && /^[0-9a-f]{64}$/.test(signature)) return signature
    }
  } catch {
    // not a payload
  }
  return null
}
