import type { LoginBody, LoginChallenge } from '@shop/contract'
import { useMutation } from '@tanstack/react-query'
import { call } from '../../../shared/api/call'
import { ApiError } from '../../../shared/api/errors'
import { useSignIn } from '../../../shared/auth/useSignIn'

/**
 * POST /api/auth/web/login. After too many wrong guesses for a name the server asks for a proof
 * of work (429 CHALLENGE_REQUIRED): the browser solves the shop's own ALTCHA challenge (no third
 * party; the solver is loaded only then) and sends the login again with it.
 */
export async function login(body: LoginBody) {
  try {
    return await call('POST /api/auth/web/login', { body })
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'CHALLENGE_REQUIRED' || body.proof) {
      throw error
    }
    const proof = await solve(await call('POST /api/auth/challenge', {}))
    return call('POST /api/auth/web/login', { body: { ...body, proof } })
  }
}

/** The ALTCHA payload of a solved challenge, as the server verifies it. */
async function solve(challenge: LoginChallenge): Promise<string> {
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

export function useLogin() {
  const signIn = useSignIn()
  return useMutation({ mutationFn: login, onSuccess: signIn })
}
