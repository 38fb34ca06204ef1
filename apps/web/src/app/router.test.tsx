import { render, screen } from '@testing-library/react'
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { createTestQueryClient, renderApp, signIn } from '../test/render'
import { Providers } from './providers'
import { RequireAuth } from './RequireAuth'
import { RequireGuest } from './RequireGuest'
import { routes } from './router'

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
    const root = routes[0]
    if (!root || root.index) throw new Error('expected the layout route first')
    const products: RouteObject = { path: '/products', element: <p>products</p> }
    const withProducts: RouteObject[] = [
      { ...root, children: [...(root.children ?? []), products] },
    ]
    const router = createMemoryRouter(withProducts, { initialEntries: ['/'] })
    render(
      <Providers client={createTestQueryClient()}>
        <RouterProvider router={router} />
      </Providers>,
    )
    expect(await screen.findByText('products')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/products')
  })

  it('does not loop while /products is not routed yet', async () => {
    signIn()
    const { router } = renderApp('/')
    // / -> /products -> (catch-all) -> / once, then the landing page stays.
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
    expect(router.state.location.state).toEqual({ redirectedFrom: '/products' })
  })

  it('RequireAuth sends anonymous users to /login', async () => {
    const router = renderGuarded('/orders')
    expect(await screen.findByText('login screen')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
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
