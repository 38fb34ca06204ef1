import { QueryClient } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { Providers } from '../app/providers'
import { routes } from '../app/router'
import type { AuthPayload } from '../shared/auth/store'
import { useAuthStore } from '../shared/auth/store'
import { setNavigator } from '../shared/navigation'

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
}

/** Renders the whole app (layout, guards, pages) at `path` with a memory router. */
export function renderApp(path = '/', client = createTestQueryClient()) {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  setNavigator({
    navigate: (to, options) => {
      void router.navigate(to, options)
    },
    getPathname: () => router.state.location.pathname,
  })
  const result = render(
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>,
  )
  return { ...result, router, client }
}

export const testUser: AuthPayload = {
  access_token: 'access-1',
  refresh_token: 'refresh-1',
  user: {
    id: 1,
    username: 'quiet_fox',
    first_name: 'Rūta',
    telegram_id: null,
    created_at: '2025-01-15T10:00:00.000Z',
    balance_eur: 12.5,
  },
}

export function signIn(payload: AuthPayload = testUser): void {
  useAuthStore.getState().setAuth(payload)
}
