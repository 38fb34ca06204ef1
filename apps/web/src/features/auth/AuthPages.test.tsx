import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createChallenge, verifySolution } from 'altcha-lib/v1'
import { describe, expect, it } from 'vitest'
import { useAuthStore } from '../../shared/auth/store'
import i18n from '../../shared/i18n'
import { apiError, callsTo, mockApi } from '../../test/api'
import { emptyCart } from '../../test/fixtures'
import { renderApp, testUser } from '../../test/render'

const catalogue = {
  'GET /api/products': () => ({ products: [], total: 0 }),
  'GET /api/products/cities-with-products': () => ({ cities: [] }),
  'GET /api/cart': () => emptyCart,
}

describe('login form', () => {
  it('shows every validation message and clears a field error when that field is edited', async () => {
    const user = userEvent.setup()
    const fetchMock = mockApi(catalogue)
    renderApp('/login')
    await user.click(await screen.findByRole('button', { name: 'Sign in' }))

    expect(screen.getByText('Username is required')).toBeInTheDocument()
    expect(screen.getByText('Password is required')).toBeInTheDocument()
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Username')).toHaveFocus()

    await user.type(screen.getByLabelText('Username'), 'ab')
    expect(screen.queryByText('Username is required')).not.toBeInTheDocument()
    expect(screen.getByText('Password is required')).toBeInTheDocument()

    await user.type(screen.getByLabelText('Password'), 'short')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(screen.getByText('Username must be at least 3 characters')).toBeInTheDocument()
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument()
    expect(callsTo(fetchMock, 'POST /api/auth/web/login')).toHaveLength(0)
  })

  it('shows the server detail inline, else the generic login failure', async () => {
    const user = userEvent.setup()
    let answer: Response = apiError(401, 'INVALID_CREDENTIALS', 'Invalid username or password')
    mockApi({ ...catalogue, 'POST /api/auth/web/login': () => answer })
    renderApp('/login')
    await user.type(await screen.findByLabelText('Username'), 'quiet_fox')
    await user.type(screen.getByLabelText('Password'), 'wrong-password')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password')

    answer = new Response('', { status: 500 })
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(
      await screen.findByText('Login failed. Invalid username or password.'),
    ).toBeInTheDocument()
  })

  it('stores the session, fetches the cart and goes to the products', async () => {
    const user = userEvent.setup()
    const fetchMock = mockApi({ ...catalogue, 'POST /api/auth/web/login': () => testUser })
    const { router } = renderApp('/login')
    await user.type(await screen.findByLabelText('Username'), ' quiet_fox ')
    await user.type(screen.getByLabelText('Password'), 'Password123')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))

    await screen.findByRole('heading', { level: 1, name: 'Products' })
    expect(router.state.location.pathname).toBe('/products')
    expect(callsTo(fetchMock, 'POST /api/auth/web/login')).toEqual([
      { username: 'quiet_fox', password: 'Password123' },
    ])
    expect(useAuthStore.getState()).toMatchObject({
      isAuthenticated: true,
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
    })
    expect(localStorage.getItem('access_token')).toBe('access-1')
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/cart').length).toBeGreaterThan(0))
  })
})

describe('login after too many wrong guesses', () => {
  it("solves the shop's proof-of-work challenge in the browser and signs in", async () => {
    const user = userEvent.setup()
    const hmacKey = 'test-key'
    const challenge = await createChallenge({ hmacKey, maxnumber: 2_000 })
    const fetchMock = mockApi({
      ...catalogue,
      'POST /api/auth/challenge': () => challenge,
      'POST /api/auth/web/login': async ({ body }) => {
        const { proof } = body as { proof?: string }
        if (proof && (await verifySolution(proof, hmacKey))) return testUser
        return apiError(429, 'CHALLENGE_REQUIRED', 'Too many attempts for this account.')
      },
    })
    renderApp('/login')
    await user.type(await screen.findByLabelText('Username'), 'quiet_fox')
    await user.type(screen.getByLabelText('Password'), 'Password123')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    await screen.findByRole('heading', { level: 1, name: 'Products' })
    const logins = callsTo(fetchMock, 'POST /api/auth/web/login') as { proof?: string }[]
    expect(logins).toHaveLength(2)
    expect(logins[0]?.proof).toBeUndefined()
    expect(logins[1]?.proof).toEqual(expect.any(String))
    expect(callsTo(fetchMock, 'POST /api/auth/challenge')).toHaveLength(1)
  })
})

describe('register form', () => {
  it('validates username, password and confirmation', async () => {
    const user = userEvent.setup()
    mockApi(catalogue)
    renderApp('/register')
    await user.click(await screen.findByRole('button', { name: 'Create account' }))
    expect(screen.getByText('Username is required')).toBeInTheDocument()
    expect(screen.getByText('Password is required')).toBeInTheDocument()
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument()

    await user.type(screen.getByLabelText('Username'), 'bad name')
    await user.type(screen.getByLabelText('Password'), 'Password123')
    await user.type(screen.getByLabelText('Confirm password'), 'Password124')
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(
      screen.getByText('Username can only contain letters, numbers, and underscores'),
    ).toBeInTheDocument()
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument()

    await user.type(screen.getByLabelText('Confirm password'), 'x')
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument()
    expect(
      screen.getByText('Username can only contain letters, numbers, and underscores'),
    ).toBeInTheDocument()
  })

  it('rings an invalid field red when it has the focus, a valid one green', async () => {
    const user = userEvent.setup()
    mockApi(catalogue)
    renderApp('/register')
    await user.click(await screen.findByRole('button', { name: 'Create account' }))
    const username = screen.getByLabelText('Username')
    await waitFor(() => expect(username).toHaveFocus())
    expect(username).toHaveAttribute('aria-invalid', 'true')
    const focusClasses = (field: HTMLElement) =>
      [...field.classList].filter((name) => name.startsWith('focus:')).sort()
    expect(focusClasses(username)).toEqual([
      'focus:border-red-600',
      'focus:outline-none',
      'focus:ring-2',
      'focus:ring-red-600/30',
    ])
    await user.type(username, 'fine_name')
    expect(username).not.toHaveAttribute('aria-invalid')
    expect(focusClasses(username)).toContain('focus:ring-emerald-600/30')
  })

  it('shows the strength bar at 0, 33, 66 and 100 percent', async () => {
    const user = userEvent.setup()
    mockApi(catalogue)
    renderApp('/register')
    const password = await screen.findByLabelText('Password')
    const bar = screen.getByRole('progressbar', { name: 'Password strength' })
    const fill = screen.getByTestId('strength-fill')
    const expectLevel = (percent: number, label: string) => {
      expect(bar).toHaveAttribute('aria-valuenow', String(percent))
      expect(bar).toHaveAttribute('aria-valuetext', label)
      expect(fill.style.width).toBe(`${percent}%`)
    }

    expectLevel(0, 'None')
    await user.type(password, 'Abc1')
    expectLevel(33, 'Weak')
    await user.type(password, 'defg')
    expectLevel(66, 'Medium')
    await user.type(password, 'hijk')
    expectLevel(100, 'Strong')
    await user.clear(password)
    expectLevel(0, 'None')
  })

  it('says a taken username is not available, and other failures generically', async () => {
    const user = userEvent.setup()
    let answer: Response = apiError(409, 'USERNAME_TAKEN', 'Username is not available')
    const fetchMock = mockApi({
      ...catalogue,
      'GET /api/auth/web/check-username/quiet_fox': () => ({ available: true }),
      'POST /api/auth/web/register': () => answer,
    })
    renderApp('/register')
    await user.type(await screen.findByLabelText('Username'), 'quiet_fox')
    await user.type(screen.getByLabelText('Password'), 'Password123')
    await user.type(screen.getByLabelText('Confirm password'), 'Password123')
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByText('Username is not available')).toBeInTheDocument()
    expect(callsTo(fetchMock, 'POST /api/auth/web/register')).toEqual([
      { username: 'quiet_fox', password: 'Password123', confirm_password: 'Password123' },
    ])

    answer = new Response(null, { status: 502 })
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Registration failed. Please try again.',
    )
  })

  it('checks the username when the field is left', async () => {
    const user = userEvent.setup()
    mockApi({
      ...catalogue,
      'GET /api/auth/web/check-username/taken_one': () => ({ available: false, reason: 'taken' }),
    })
    renderApp('/register')
    await user.type(await screen.findByLabelText('Username'), 'taken_one')
    await user.tab()
    expect(await screen.findByText('Username is not available')).toBeInTheDocument()
  })

  it('registers and goes to the products, in Lithuanian too', async () => {
    await i18n.changeLanguage('lt')
    const user = userEvent.setup()
    mockApi({ ...catalogue, 'POST /api/auth/web/register': () => testUser })
    const { router } = renderApp('/register')
    const form = within(await screen.findByRole('main'))
    await user.type(form.getByLabelText('Naudotojo vardas'), 'quiet_fox')
    await user.type(form.getByLabelText('Slaptažodis'), 'Password123')
    await user.type(form.getByLabelText('Pakartokite slaptažodį'), 'Password123')
    await user.click(form.getByRole('button', { name: 'Sukurti paskyrą' }))
    await screen.findByRole('heading', { level: 1, name: 'Prekės' })
    expect(router.state.location.pathname).toBe('/products')
  })
})
