import type { LoginBody } from '@shop/contract'
import { useMutation } from '@tanstack/react-query'
import { call } from '../../../shared/api/call'
import { isChallengeRequired, solve } from '../../../shared/auth/proof-of-work'
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
    if (!isChallengeRequired(error) || body.proof) throw error
    const proof = await solve(await call('POST /api/auth/challenge', {}))
    return call('POST /api/auth/web/login', { body: { ...body, proof } })
  }
}

export function useLogin() {
  const signIn = useSignIn()
  return useMutation({ mutationFn: login, onSuccess: signIn })
}
