import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createChallenge } from 'altcha-lib/v1'
import { describe, expect, it } from 'vitest'
import { apiError, callsTo, mockApi } from '../../test/api'
import { useAdminAuth } from '../auth/store'
import { me } from '../test/fixtures'
import { fill, renderAdmin, support } from '../test/render'

async function fillIn(user: ReturnType<typeof userEvent.setup>, code: string) {
  await fill(user, await screen.findByLabelText('Username'), 'jonas_help')
  await fill(user, screen.getByLabelText('Password'), 'correct horse battery')
  await user.type(screen.getByLabelText('Authenticator code'), code)
  await user.click(screen.getByRole('button', { name: 'Sign in' }))
}

describe('staff sign-in', () => {
  it('shows one message whichever part was wrong, and empties the used code', async () => {
    const user = userEvent.setup({ delay: null })
    const fetchMock = mockApi({
      'POST /api/admin/auth/login': () =>
        apiError(401, 'INVALID_CREDENTIALS', 'Invalid username or password'),
    })
    const { router } = renderAdmin('/login')
    await fillIn(user, '123456')

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The username, password or code is not right. Please try again.',
    )
    expect(screen.getByLabelText('Authenticator code')).toHaveValue('')
    expect(callsTo(fetchMock, 'POST /api/admin/auth/login')).toEqual([
      { username: 'jonas_help', password: 'correct horse battery', code: '123456' },
    ])
    // A 401 at sign-in is an answer: no refresh is tried and nobody is signed in.
    expect(callsTo(fetchMock, 'POST /api/admin/auth/refresh')).toHaveLength(0)
    expect(useAdminAuth.getState().isAuthenticated).toBe(false)
    expect(router.state.location.pathname).toBe('/login')
  })

  it('asks a client past its limit to wait, in its own words', async () => {
    const user = userEvent.setup({ delay: null })
    mockApi({
      'POST /api/admin/auth/login': () =>
        apiError(429, 'TOO_MANY_ATTEMPTS', 'the server says slow down'),
    })
    renderAdmin('/login')
    await fillIn(user, '123456')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please try again later.',
    )
    expect(useAdminAuth.getState().isAuthenticated).toBe(false)
  })

  it('checks the fields before sending', async () => {
    const user = userEvent.setup({ delay: null })
    const fetchMock = mockApi({})
    renderAdmin('/login')
    await user.click(await screen.findByRole('button', { name: 'Sign in' }))
    expect(screen.getByText('Enter your username.')).toBeInTheDocument()
    expect(screen.getByText('Enter the six-digit code or a recovery code.')).toBeInTheDocument()
    expect(screen.getByLabelText('Username')).toHaveFocus()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('signs in with a recovery code and keeps the tokens apart from a customer session', async () => {
    const user = userEvent.setup({ delay: null })
    mockApi({
      ...me(support),
      'POST /api/admin/auth/login': () => ({
        access_token: 'staff-access',
        refresh_token: 'staff-refresh',
        staff: support,
      }),
      'GET /api/admin/orders': () => ({ orders: [], total: 0 }),
    })
    const { router } = renderAdmin('/login')
    await fillIn(user, 'rc0-abcd-efgh')
    // A support account starts on the first screen its role opens: the orders to deliver.
    await screen.findByRole('heading', { level: 1, name: 'Orders' })
    expect(router.state.location.pathname).toBe('/orders')
    expect(localStorage.getItem('admin_access_token')).toBe('staff-access')
    expect(localStorage.getItem('admin_refresh_token')).toBe('staff-refresh')
    expect(localStorage.getItem('access_token')).toBeNull()
  })

  it('says it is checking the browser while it solves a challenge, then signs in', async () => {
    const user = userEvent.setup({ delay: null })
    const challenge = await createChallenge({ hmacKey: 'test-key', maxnumber: 2_000 })
    let releaseChallenge: () => void = () => {}
    const challengeAsked = new Promise<void>((resolve) => {
      releaseChallenge = resolve
    })
    const fetchMock = mockApi({
      ...me(support),
      'POST /api/auth/challenge': async () => {
        await challengeAsked
        return challenge
      },
      'POST /api/admin/auth/login': ({ body }) =>
        (body as { proof?: string }).proof
          ? { access_token: 'staff-access', refresh_token: 'staff-refresh', staff: support }
          : apiError(429, 'CHALLENGE_REQUIRED', 'Too many attempts for this account.'),
      'GET /api/admin/orders': () => ({ orders: [], total: 0 }),
    })
    renderAdmin('/login')
    await fillIn(user, '123456')
    expect(await screen.findByText('Checking your browser…')).toHaveAttribute('role', 'status')
    releaseChallenge()
    await screen.findByRole('heading', { level: 1, name: 'Orders' })
    expect(screen.queryByText('Checking your browser…')).not.toBeInTheDocument()
    const logins = callsTo(fetchMock, 'POST /api/admin/auth/login') as { proof?: string }[]
    expect(logins.map((login) => typeof login.proof)).toEqual(['undefined', 'string'])
  })
})
