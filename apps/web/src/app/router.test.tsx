import { act, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { useAuthStore } from '../shared/auth/store'
import { mockApi } from '../test/api'
import { emptyCart } from '../test/fixtures'
import { renderApp, signIn } from '../test/render'
import { RequireAuth } from './RequireAuth'
import { RequireGuest } from './RequireGuest'

function renderGuarded(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <p>login screen</p> },
      { path: '/', element: <p>home screen</p> },
      { element: <RequireGuest />, children: [{ path: '/register', element: <p>register</p> }] },
      { element: <RequireAuth />, children: [{ path: '/orders', element: <p>orders</p> }] },
    ],
    { initialEntries: [path] },
  )
  render(<RouterProvider router={router} />)
  return router
}

describe('routing', () => {
  it('sends unknown paths to the landing page', async () => {
    const { router } = renderApp('/no/such/page')
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
  })

  it('sends a signed-in visitor of / to /products', async () => {
    signIn()
    mockApi({
      'GET /api/products': () => ({ products: [], total: 0 }),
      'GET /api/products/cities-with-products': () => ({ cities: [] }),
      'GET /api/cart': () => emptyCart,
    })
    const { router } = renderApp('/')
    expect(await screen.findByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/products')
  })

  it.each(['/login', '/register'])(
    'sends a signed-in visitor of %s to / and on to /products',
    async (path) => {
      signIn()
      mockApi({
        'GET /api/products': () => ({ products: [], total: 0 }),
        'GET /api/products/cities-with-products': () => ({ cities: [] }),
      })
      const { router } = renderApp(path)
      await screen.findByRole('heading', { level: 1, name: 'Products' })
      expect(router.state.location.pathname).toBe('/products')
    },
  )

  it.each([
    '/products',
    '/cart',
    '/checkout',
    '/balance',
    '/orders',
    '/orders/O-7K3M9QXA',
    '/support',
    '/profile',
  ])('sends an anonymous visitor of %s to /login', async (path) => {
    const { router } = renderApp(path)
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
  })

  it('RequireAuth sends anonymous users to /login', async () => {
    const router = renderGuarded('/orders')
    expect(await screen.findByText('login screen')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
  })

  it('RequireAuth sends a screen whose session the server ended to /, as the API client does', async () => {
    signIn()
    const router = renderGuarded('/orders')
    expect(await screen.findByText('orders')).toBeInTheDocument()
    act(() => useAuthStore.getState().clear('revoked'))
    expect(await screen.findByText('home screen')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
    // Any later sign-out is an ordinary one again.
    act(() => {
      signIn()
      useAuthStore.getState().clear()
    })
    expect(useAuthStore.getState().endedBy).toBeNull()
  })

  it('RequireAuth lets signed-in users through', async () => {
    signIn()
    renderGuarded('/orders')
    expect(await screen.findByText('orders')).toBeInTheDocument()
  })

  it('RequireGuest sends signed-in users to /', async () => {
    signIn()
    const router = renderGuarded('/register')
    expect(await screen.findByText('home screen')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
  })
})
