import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { apiError, callsTo, mockApi } from '../../test/api'
import { useAdminAuth } from '../auth/store'
import { dashboard } from '../test/dashboardFixtures'
import { me } from '../test/fixtures'
import { fill, owner, renderAdmin } from '../test/render'

const TOKEN = 'tok_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345'
const OTPAUTH =
  'otpauth://totp/Privacy%20Shop:ruta_owner?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Privacy%20Shop'
const RECOVERY = Array.from({ length: 10 }, (_, index) => `rc${index}-abcd-efgh`)

describe('setup page', () => {
  it('creates the owner: password, QR code and recovery codes, then a code signs in', async () => {
    const user = userEvent.setup({ delay: null })
    const fetchMock = mockApi({
      ...me(owner),
      'POST /api/admin/setup/inspect': () => ({ kind: 'owner', username: null, role: 'owner' }),
      'POST /api/admin/setup': () => ({ otpauth_uri: OTPAUTH, recovery_codes: RECOVERY }),
      'POST /api/admin/setup/confirm': () => ({
        access_token: 'staff-access',
        refresh_token: 'staff-refresh',
        staff: owner,
      }),
      'GET /api/admin/dashboard': () => dashboard(),
    })
    const { router } = renderAdmin(`/setup?token=${TOKEN}`)

    await screen.findByRole('heading', { level: 1, name: "Create the owner's account" })
    expect(callsTo(fetchMock, 'POST /api/admin/setup/inspect')).toEqual([{ token: TOKEN }])
    await fill(user, screen.getByLabelText('Username'), 'ruta_owner')
    await fill(user, screen.getByLabelText('Password'), 'short')
    await fill(user, screen.getByLabelText('Repeat the password'), 'short')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(screen.getByText('The password must be 12 to 200 characters.')).toBeInTheDocument()
    expect(callsTo(fetchMock, 'POST /api/admin/setup')).toHaveLength(0)

    await user.clear(screen.getByLabelText('Password'))
    await fill(user, screen.getByLabelText('Password'), 'correct horse battery')
    await user.clear(screen.getByLabelText('Repeat the password'))
    await fill(user, screen.getByLabelText('Repeat the password'), 'correct horse battery')
    await user.click(screen.getByRole('button', { name: 'Continue' }))

    await screen.findByRole('heading', { name: 'Add the shop to your authenticator' })
    expect(callsTo(fetchMock, 'POST /api/admin/setup')).toEqual([
      { token: TOKEN, username: 'ruta_owner', password: 'correct horse battery' },
    ])
    // The QR code is drawn here, from the otpauth URI, with the secret beside it in text.
    const qr = screen.getByRole('img', { name: 'QR code for your authenticator app' })
    expect(qr.tagName.toLowerCase()).toBe('svg')
    expect(qr.querySelectorAll('path').length).toBeGreaterThan(0)
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeInTheDocument()
    const codes = within(screen.getByRole('list'))
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(codes).toEqual(RECOVERY)

    const next = screen.getByRole('button', { name: 'Continue' })
    expect(next).toBeDisabled()
    await user.click(screen.getByLabelText('I have saved the recovery codes'))
    await user.click(next)

    await fill(user, await screen.findByLabelText('Six-digit code'), '123456')
    await user.click(screen.getByRole('button', { name: 'Finish and sign in' }))

    await screen.findByRole('heading', { level: 1, name: 'Dashboard' })
    expect(router.state.location.pathname).toBe('/dashboard')
    expect(callsTo(fetchMock, 'POST /api/admin/setup/confirm')).toEqual([
      { token: TOKEN, code: '123456' },
    ])
    expect(useAdminAuth.getState()).toMatchObject({
      isAuthenticated: true,
      accessToken: 'staff-access',
      staff: owner,
    })
    expect(localStorage.getItem('admin_access_token')).toBe('staff-access')
    expect(localStorage.getItem('access_token')).toBeNull()
  })

  it('keeps the invited username fixed and shows the role', async () => {
    mockApi({
      'POST /api/admin/setup/inspect': () => ({
        kind: 'invitation',
        username: 'jonas_help',
        role: 'support',
      }),
    })
    renderAdmin(`/setup?token=${TOKEN}`)
    await screen.findByRole('heading', { name: 'Join the back office' })
    expect(screen.getByText(/invited as Support/)).toBeInTheDocument()
    expect(screen.getByLabelText('Username')).toHaveValue('jonas_help')
    expect(screen.getByLabelText('Username')).toHaveAttribute('readonly')
  })

  it('explains a used or unknown link', async () => {
    mockApi({
      'POST /api/admin/setup/inspect': () =>
        apiError(404, 'SETUP_TOKEN_INVALID', 'This setup link is not valid.'),
    })
    renderAdmin(`/setup?token=${TOKEN}`)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This setup link is not valid or has already been used.',
    )
  })

  it('refuses a malformed token without asking the server', async () => {
    const fetchMock = mockApi({})
    renderAdmin('/setup?token=nope')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This setup link is not valid or has already been used.',
    )
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
