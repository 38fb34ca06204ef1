import { createChallenge, verifySolution } from 'altcha-lib/v1'
import { describe, expect, it, vi } from 'vitest'
import { apiError, callsTo, mockApi } from '../../test/api'
import { support } from '../test/render'
import { staffLogin } from './api'

const body = { username: 'jonas_help', password: 'correct horse battery', code: '123456' }
const auth = { access_token: 'staff-access', refresh_token: 'staff-refresh', staff: support }
const HMAC_KEY = 'test-key'

describe('staffLogin', () => {
  it('solves the challenge on CHALLENGE_REQUIRED and sends the same sign-in with the proof', async () => {
    const challenge = await createChallenge({ hmacKey: HMAC_KEY, maxnumber: 2_000 })
    const fetchMock = mockApi({
      'POST /api/auth/challenge': () => challenge,
      'POST /api/admin/auth/login': async ({ body: sent }) => {
        const { proof } = sent as { proof?: string }
        if (proof && (await verifySolution(proof, HMAC_KEY))) return auth
        return apiError(429, 'CHALLENGE_REQUIRED', 'Too many attempts for this account.')
      },
    })
    const onSolving = vi.fn()

    await expect(staffLogin(body, onSolving)).resolves.toEqual(auth)

    expect(onSolving).toHaveBeenCalledTimes(1)
    expect(callsTo(fetchMock, 'POST /api/auth/challenge')).toHaveLength(1)
    const logins = callsTo(fetchMock, 'POST /api/admin/auth/login')
    expect(logins).toEqual([body, { ...body, proof: expect.any(String) }])
  })

  it('passes other refusals through without solving anything', async () => {
    const fetchMock = mockApi({
      'POST /api/admin/auth/login': () =>
        apiError(401, 'INVALID_CREDENTIALS', 'Invalid username or password'),
    })
    const onSolving = vi.fn()
    await expect(staffLogin(body, onSolving)).rejects.toMatchObject({
      status: 401,
      code: 'INVALID_CREDENTIALS',
    })
    expect(onSolving).not.toHaveBeenCalled()
    expect(callsTo(fetchMock, 'POST /api/auth/challenge')).toHaveLength(0)
  })

  it('asks once: a proof refused again (used, expired) is the answer', async () => {
    const challenge = await createChallenge({ hmacKey: HMAC_KEY, maxnumber: 2_000 })
    const fetchMock = mockApi({
      'POST /api/auth/challenge': () => challenge,
      'POST /api/admin/auth/login': () =>
        apiError(429, 'CHALLENGE_REQUIRED', 'Too many attempts for this account.'),
    })
    await expect(staffLogin(body)).rejects.toMatchObject({ code: 'CHALLENGE_REQUIRED' })
    expect(callsTo(fetchMock, 'POST /api/admin/auth/login')).toHaveLength(2)
    expect(callsTo(fetchMock, 'POST /api/auth/challenge')).toHaveLength(1)
  })
})
