// The proof of work a login must carry once its username has had too many wrong guesses (429
// CHALLENGE_REQUIRED), for the customers' sign-in and the back office's alike: the shop's own
// ALTCHA challenge (no third party), solved in the browser. The solver is loaded only then.
import type { LoginChallenge } from '@shop/contract'
import { ApiError, isApiError } from '../api/errors'

/** True for the answer that asks for a solved challenge before a login is checked. */
export function isChallengeRequired(error: unknown): boolean {
  return isApiError(error) && error.code === 'CHALLENGE_REQUIRED'
}

/** The ALTCHA payload of a solved challenge, as the server verifies it. */
export async function solve(challenge: LoginChallenge): Promise<string> {
  const { solveChallenge } = await import('altcha-lib/v1')
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise
  if (!solution) throw new ApiError(429, 'challenge not solved', { code: 'CHALLENGE_REQUIRED' })
  const { algorithm, challenge: hash, salt, signature } = challenge
  return btoa(
    JSON.stringify({ algorithm, challenge: hash, number: solution.number, salt, signature }),
  )
}
