import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { useAuthStore } from '../../shared/auth/store'
import i18n, { LANGUAGE_STORAGE_KEY } from '../../shared/i18n'
import { mockApi } from '../../test/api'
import { emptyCart } from '../../test/fixtures'
import { renderApp, signIn } from '../../test/render'

describe('header', () => {
  it('shows only the login button and the language toggle to anonymous visitors', async () => {
    renderApp('/')
    const header = within(screen.getByRole('banner'))

    expect(header.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login')
    expect(header.getByRole('group', { name: 'Language' })).toBeInTheDocument()
    expect(header.getByRole('button', { name: 'EN' })).toHaveAttribute('aria-pressed', 'true')
    expect(header.getByRole('button', { name: 'LT' })).toHaveAttribute('aria-pressed', 'false')

    // Nothing else: no navigation, cart, profile, logout or menu button.
    expect(header.queryByRole('navigation')).not.toBeInTheDocument()
    expect(header.getAllByRole('button')).toHaveLength(2)
    const links = header.getAllByRole('link').map((link) => link.getAttribute('href'))
    expect(links).toEqual(['/', '/login']) // the brand (home) and the login button
  })

  it('switches the language and stores the choice in localStorage', async () => {
    const user = userEvent.setup()
    renderApp('/')
    const header = within(screen.getByRole('banner'))

    await user.click(header.getByRole('button', { name: 'LT' }))

    expect(i18n.language).toBe('lt')
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('lt')
    expect(document.documentElement.lang).toBe('lt')
    expect(header.getByRole('link', { name: 'Prisijungti' })).toBeInTheDocument()
    expect(header.getByRole('button', { name: 'LT' })).toHaveAttribute('aria-pressed', 'true')

    await user.click(header.getByRole('button', { name: 'EN' }))
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en')
    expect(header.getByRole('link', { name: 'Sign in' })).toBeInTheDocument()
  })

  it('shows the navigation, first name, cart and logout to a signed-in user', async () => {
    signIn()
    const { client } = renderApp('/orders')
    await screen.findByRole('heading', { level: 1 }) // redirects settled
    const header = within(screen.getByRole('banner'))
    const nav = within(header.getByRole('navigation', { name: 'Main' }))

    for (const [name, href] of [
      ['Home', '/'],
      ['Products', '/products'],
      ['Orders', '/orders'],
      ['Balance', '/balance'],
      ['Support', '/support'],
    ]) {
      expect(nav.getByRole('link', { name })).toHaveAttribute('href', href)
    }
    expect(header.getByRole('link', { name: 'Rūta' })).toHaveAttribute('href', '/profile')
    expect(header.getByRole('button', { name: 'Log out' })).toBeInTheDocument()

    // The cart badge appears only once the cart query holds items.
    expect(header.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart')
    act(() => client.setQueryData(['cart', 'en'], { items: [], items_count: 0 }))
    await new Promise((resolve) => setTimeout(resolve, 0)) // TanStack Query notifies on a timeout
    expect(header.getByRole('link', { name: 'Cart' })).not.toHaveTextContent(/\d/)
    act(() => client.setQueryData(['cart', 'en'], { items: [{}, {}], items_count: 2 }))
    expect(await header.findByRole('link', { name: 'Cart, items: 2' })).toHaveTextContent('2')
  })

  it('toggles the mobile menu, which adds a profile link', async () => {
    signIn()
    const user = userEvent.setup()
    renderApp('/orders')
    await screen.findByRole('heading', { level: 1 }) // redirects settled
    const toggle = screen.getByRole('button', { name: 'Menu' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument()

    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const menu = within(screen.getByRole('navigation', { name: 'Mobile' }))
    expect(menu.getByRole('link', { name: /Profile/ })).toHaveAttribute('href', '/profile')
    expect(menu.getByRole('link', { name: 'Products' })).toBeInTheDocument()

    await user.keyboard('{Escape}')
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
  })

  it('counts the tickets with unread shop replies on the Support link and the menu button', async () => {
    signIn()
    mockApi({
      'GET /api/cart': () => emptyCart,
      'GET /api/orders': () => ({ orders: [], total: 0 }),
      'GET /api/support/unread': () => ({ unread_tickets: 3 }),
    })
    renderApp('/orders')
    const header = within(screen.getByRole('banner'))
    const nav = within(header.getByRole('navigation', { name: 'Main' }))
    const link = await nav.findByRole('link', { name: 'Support (tickets with new replies: 3)' })
    expect(link).toHaveAttribute('href', '/support')
    expect(within(link).getByText('3')).toBeInTheDocument()
    expect(
      header.getByRole('button', { name: 'Menu (tickets with new replies: 3)' }),
    ).toBeInTheDocument()
  })

  it('logs out: tells the server, clears the session and goes to /login', async () => {
    signIn()
    const fetchMock = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(null, { status: 204 }),
    )
    vi.stubGlobal('fetch', fetchMock)
    const user = userEvent.setup()
    const { router } = renderApp('/orders')
    const visited: string[] = []
    router.subscribe((state) => visited.push(state.location.pathname))

    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Log out' }))

    const logoutCalls = fetchMock.mock.calls.filter(([url]) => String(url) === '/api/auth/logout')
    expect(logoutCalls).toHaveLength(1)
    const [, init] = logoutCalls[0] as unknown as [string, RequestInit]
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer access-1')
    expect(visited.at(-1)).toBe('/login')
    expect(useAuthStore.getState().isAuthenticated).toBe(false)
    expect(localStorage.getItem('access_token')).toBeNull()
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Sign in' })).toBeVisible()
  })
})
