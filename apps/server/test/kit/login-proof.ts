// A solved login challenge, as a browser sends it: asks the shop for POST /api/auth/challenge,
// solves it and encodes ALTCHA v1's payload (customers' and staff sign-in alike). The solving is
// altcha-lib's (v1 `solveChallenge`: the number n in 0..maxnumber whose hash of salt + n is the
// challenge) done with node:crypto's synchronous hash: the library awaits WebCrypto once per
// number, which on a loaded CI machine made a test of three proofs pass its 30 s limit.
import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { expectProblem } from './problems.js'

function solve(challenge: string, salt: string, algorithm: string, max: number): number {
  const hash = algorithm.replace('-', '').toLowerCase() // SHA-256 -> sha256
  for (let n = 0; n <= max; n++) {
    if (
      crypto
        .createHash(hash)
        .update(salt + n)
        .digest('hex') === challenge
    )
      return n
  }
  throw new Error('challenge not solved')
}

export async function solvedProof(app: FastifyInstance): Promise<string> {
  const challenge = (await app.inject({ method: 'POST', url: '/api/auth/challenge' })).json()
  const number = solve(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  )
  const { algorithm, challenge: hash, salt, signature } = challenge
  return Buffer.from(
    JSON.stringify({ algorithm, challenge: hash, number, salt, signature }),
  ).toString('base64')
}

/** The answer to a sign-in past its account's limit without a solved proof. */
export function expectChallenge(res: Parameters<typeof expectProblem>[0]): void {
  expectProblem(
    res,
    429,
    'CHALLENGE_REQUIRED',
    'Too many attempts for this account: your browser must solve a check first.',
  )
}
