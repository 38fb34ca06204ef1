// A solved login challenge, as a browser sends it: asks the shop for POST /api/auth/challenge,
// solves it with altcha-lib and encodes ALTCHA v1's payload (customers' and staff sign-in alike).
import { solveChallenge } from 'altcha-lib/v1'
import type { FastifyInstance } from 'fastify'

export async function solvedProof(app: FastifyInstance): Promise<string> {
  const challenge = (await app.inject({ method: 'POST', url: '/api/auth/challenge' })).json()
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise
  if (!solution) throw new Error('challenge not solved')
  const { algorithm, challenge: hash, salt, signature } = challenge
  return Buffer.from(
    JSON.stringify({ algorithm, challenge: hash, number: solution.number, salt, signature }),
  ).toString('base64')
}
