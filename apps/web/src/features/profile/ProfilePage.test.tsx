import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { useAuthStore } from '../../shared/auth/store'
import i18n from '../../shared/i18n'
import { apiError, callsTo, mockApi } from '../../test/api'
import { emptyCart } from '../../test/fixtures'
import { renderApp, signIn, testUser } from '../../test/render'

const stats = { total_orders: 3, total_spent: 41.8, current_balance: 8.2, active_tickets: 1 }

function api(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/cart': () => emptyCart,
    'GET /api/user/me': () => testUser.user,
    'GET /api/user/stats': () => stats,
    'GET /api/balance': () => ({ balance_eur: 8.2 }),
    ...extra,
  })
}

describe('profile page', () => {
  it('shows the username once, the join date and the statistics', async () => {
    signIn()
    api()
    renderApp('/profile')
    const account = await screen.findByRole('region', { name: 'quiet_fox' })
    expect(within(account).getByText('Joined 15 Jan 2025')).toBeInTheDocument()
    expect(await screen.findByText('€41.80')).toBeInTheDocument()
    expect(screen.getByText('Total orders').nextSibling).toHaveTextContent('3')
    expect(screen.getByText('Current balance').nextSibling).toHaveTextContent('€8.20')
    expect(screen.getByText('Active tickets').nextSibling).toHaveTextContent('1')
    // The username is on the page once (the header's account link aside).
    expect(within(screen.getByRole('main')).getAllByText('quiet_fox')).toHaveLength(1)
    expect(within(screen.getByRole('main')).queryByText('Rūta')).not.toBeInTheDocument()
    expect(document.title).toBe('Profile · Privacy Shop')
  })

  it('shows a Telegram sign-in, without a password to change', async () => {
    signIn()
    api({ 'GET /api/user/me': () => ({ ...testUser.user, telegram_id: 123456 }) })
    renderApp('/profile')
    expect(
      await screen.findByText('Signs in with Telegram as Rūta (ID 123456)'),
    ).toBeInTheDocument()
    expect(
      screen.getByText('Your account signs in with Telegram, so it has no password to change.'),
    ).toBeInTheDocument()
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument()
  })

  it('formats amounts and dates for Lithuanian', async () => {
    await i18n.changeLanguage('lt')
    signIn()
    api({ 'GET /api/user/stats': () => ({ ...stats, total_spent: 1234.5 }) })
    renderApp('/profile')
    expect((await screen.findByText(/1\s234,50\s€/)).textContent).toMatch(/1\s234,50\s€/)
    expect(screen.getByText(/^Prisijungė 2025/)).toBeInTheDocument()
    expect(document.title).toBe('Profilis · Privacy Shop')
  })
})

describe('changing the password', () => {
  it('checks the fields, then changes it and says how many devices were signed out', async () => {
    signIn()
    const user = userEvent.setup()
    const fetchMock = api({
      'POST /api/user/change-password': () => ({ success: true, other_sessions_ended: 2 }),
    })
    renderApp('/profile')
    const submit = await screen.findByRole('button', { name: 'Change password' })
    await user.click(submit)
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
      'Please enter your current password',
    )
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      'Password is required',
    )
    await user.type(screen.getByLabelText('Current password'), 'old password')
    await user.type(screen.getByLabelText('New password'), 'a new passphrase')
    await user.type(screen.getByLabelText('Confirm new password'), 'other')
    await user.click(submit)
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription(
      'Passwords do not match',
    )
    expect(callsTo(fetchMock, 'POST /api/user/change-password')).toHaveLength(0)

    await user.clear(screen.getByLabelText('Confirm new password'))
    await user.type(screen.getByLabelText('Confirm new password'), 'a new passphrase')
    await user.click(submit)
    expect(await screen.findByText('Password changed. Devices signed out: 2.')).toBeInTheDocument()
    expect(callsTo(fetchMock, 'POST /api/user/change-password')).toEqual([
      {
        current_password: 'old password',
        new_password: 'a new passphrase',
        confirm_password: 'a new passphrase',
      },
    ])
    expect(screen.getByLabelText('Current password')).toHaveValue('')
    // This device stays signed in.
    expect(useAuthStore.getState().isAuthenticated).toBe(true)
  })

  it("puts the server's answers on their fields: a short new password, a wrong current one", async () => {
    signIn()
    const user = userEvent.setup()
    api({
      'POST /api/user/change-password': () =>
        apiError(400, 'PASSWORD_INVALID', 'Password must be at least 8 characters'),
    })
    renderApp('/profile')
    await user.type(await screen.findByLabelText('Current password'), 'old password')
    await user.type(screen.getByLabelText('New password'), 'short')
    await user.type(screen.getByLabelText('Confirm new password'), 'short')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    await waitFor(() =>
      expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
        'Password must be 8 to 100 characters',
      ),
    )
  })

  it('puts a wrong current password on its field, and a limit in words', async () => {
    signIn()
    const user = userEvent.setup()
    let answer = apiError(400, 'PASSWORD_WRONG', 'The password is not correct.')
    api({ 'POST /api/user/change-password': () => answer })
    renderApp('/profile')
    await user.type(await screen.findByLabelText('Current password'), 'not it at all')
    await user.type(screen.getByLabelText('New password'), 'a new passphrase')
    await user.type(screen.getByLabelText('Confirm new password'), 'a new passphrase')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    await waitFor(() =>
      expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
        'The password is not correct.',
      ),
    )
    answer = apiError(429, 'TOO_MANY_ATTEMPTS', 'Too many attempts. Please try again later.')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(/Too many attempts/)
    expect(useAuthStore.getState().isAuthenticated).toBe(true)
  })
})

describe('deleting the account', () => {
  it('says what goes and what stays, asks for the password, then signs out', async () => {
    signIn()
    const user = userEvent.setup()
    let answer: Response | { success: true } = apiError(
      400,
      'PASSWORD_WRONG',
      'The password is not correct.',
    )
    const fetchMock = api({ 'POST /api/user/delete-account': () => answer })
    const { router } = renderApp('/profile')
    await user.click(await screen.findByRole('button', { name: 'Delete account…' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete your account?' }))
    expect(dialog.getByText(/^Removed: your username, password/)).toBeInTheDocument()
    expect(dialog.getByText(/^Kept without your name/)).toBeInTheDocument()
    expect(
      await dialog.findByText(
        'Your balance of €8.20 is lost with the account: spend it first if you want it.',
      ),
    ).toBeInTheDocument()

    await user.click(dialog.getByRole('button', { name: 'Delete my account' }))
    expect(dialog.getByLabelText('Your password')).toHaveAccessibleDescription(
      'Please enter your current password',
    )
    expect(callsTo(fetchMock, 'POST /api/user/delete-account')).toHaveLength(0)

    await user.type(dialog.getByLabelText('Your password'), 'wrong one')
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }))
    await waitFor(() =>
      expect(dialog.getByLabelText('Your password')).toHaveAccessibleDescription(
        'The password is not correct.',
      ),
    )
    expect(useAuthStore.getState().isAuthenticated).toBe(true)

    answer = { success: true }
    await user.clear(dialog.getByLabelText('Your password'))
    await user.type(dialog.getByLabelText('Your password'), 'correct horse')
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }))
    expect(await screen.findByText('Your account has been deleted.')).toBeInTheDocument()
    expect(callsTo(fetchMock, 'POST /api/user/delete-account').at(-1)).toEqual({
      password: 'correct horse',
    })
    await waitFor(() => expect(useAuthStore.getState().isAuthenticated).toBe(false))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
  }, 15_000)

  it('a Telegram account confirms with its username', async () => {
    signIn()
    const user = userEvent.setup()
    const fetchMock = api({
      'GET /api/user/me': () => ({ ...testUser.user, telegram_id: 123456 }),
      'POST /api/user/delete-account': () => ({ success: true }),
    })
    renderApp('/profile')
    await screen.findByText(/Signs in with Telegram/)
    await user.click(screen.getByRole('button', { name: 'Delete account…' }))
    const dialog = within(await screen.findByRole('dialog'))
    await user.type(dialog.getByLabelText('Type your username to confirm'), 'quiet_fox')
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }))
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/user/delete-account')).toEqual([
        { password: 'quiet_fox' },
      ]),
    )
  })
})
