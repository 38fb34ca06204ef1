// The back office's sign-in call. Past the username's limit of wrong guesses the server asks for
// a proof of work (429 CHALLENGE_REQUIRED) instead of locking the name: the browser fetches the
// shop's challenge, solves it and sends the same sign-in again with it (the code was not checked,
// so it is still good).
import type { Api, LoginChallenge, StaffAuthResponse, StaffLoginBody } from '@shop/contract'
import { isChallengeRequired, solve } from '../../shared/auth/proof-of-work'
import { adminCall } from '../api/call'
import { adminRequest } from '../api/client'

/** The customers' challenge route, which the back office shares (it is not in `adminApi`). */
export const LOGIN_CHALLENGE_PATH: Api['loginChallenge']['url'] = '/api/auth/challenge'

/** POST /api/admin/auth/login; `onSolving` is told when the browser starts solving a challenge. */
export async function staffLogin(
  body: StaffLoginBody,
  onSolving?: () => void,
): Promise<StaffAuthResponse> {
  const send = (withProof: StaffLoginBody) =>
    adminCall('POST /api/admin/auth/login', { body: withProof, handleAuthErrors: false })
  try {
    return await send(body)
  } catch (error) {
    if (!isChallengeRequired(error) || body.proof) throw error
    onSolving?.()
    const challenge = await adminRequest<LoginChallenge>('POST', LOGIN_CHALLENGE_PATH, {
      handleAuthErrors: false,
    })
    return send({ ...body, proof: await solve(challenge) })
  }
}
