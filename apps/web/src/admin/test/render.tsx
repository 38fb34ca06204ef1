import type { Staff } from '@shop/contract'
import { QueryClient } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { beforeEach, vi } from 'vitest'
import { setNavigator } from '../../shared/navigation'
import { AdminProviders } from '../app/AdminProviders'
import { adminRoutes } from '../app/routes'
import { useAdminAuth } from '../auth/store'
import { provideAdminTexts } from '../i18n'
import en from '../locales/en.json'
import errorsEn from '../locales/errors.en.json'
import errorsLt from '../locales/errors.lt.json'
import lt from '../locales/lt.json'

// A back-office test walks a whole screen (fill a form, send, read the answer), some through
// several: while the server suites load both CPUs that takes longer than one render's 5 s.
vi.setConfig({ testTimeout: 15_000 })

// The screens are loaded lazily by the routes; loading them here, while the file is collected,
// keeps that work out of the tests' time (a test's first screen otherwise waits for it).
await Promise.all([
  import('../setup/SetupPage'),
  import('../login/LoginPage'),
  import('../dashboard/DashboardPage'),
  import('../products/ProductsPage'),
  import('../products/ProductPage'),
  import('../products/ImportPage'),
  import('../books/BooksPage'),
  import('../places/PlacesPage'),
  import('../coupons/CouponsPage'),
  import('../faq/FaqPage'),
  import('../categories/CategoriesPage'),
  import('../staff/StaffPage'),
  import('../audit/AuditPage'),
  import('../customers/CustomersPage'),
  import('../customers/CustomerPage'),
  import('../payments/PaymentsPage'),
  import('../payments/PaymentPage'),
  import('../transfers/TransfersPage'),
  import('../orders/OrdersPage'),
  import('../orders/OrderPage'),
  import('../tickets/TicketsPage'),
  import('../tickets/TicketPage'),
])

// The back office's texts instead of the customer app's (each test file has its own modules).
provideAdminTexts({ en: { ...en, ...errorsEn }, lt: { ...lt, ...errorsLt } })

beforeEach(() => {
  useAdminAuth.getState().clear()
})

export const owner: Staff = { id: 1, username: 'ruta_owner', role: 'owner' }
export const support: Staff = { id: 2, username: 'jonas_help', role: 'support' }

/** Signs a staff member in, as a completed sign-in would have. */
export function signInStaff(staff: Staff): void {
  useAdminAuth.getState().setAuth({
    access_token: `access-${staff.id}`,
    refresh_token: `refresh-${staff.id}`,
    staff,
  })
}

/** Renders the back office at `path` (inside /admin) with a memory router. */
export function renderAdmin(path: string) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  })
  const router = createMemoryRouter(adminRoutes, { initialEntries: [path] })
  setNavigator({
    navigate: (to, options) => {
      void router.navigate(to, options)
    },
    getPathname: () => router.state.location.pathname,
  })
  const result = render(
    <AdminProviders client={client}>
      <RouterProvider router={router} />
    </AdminProviders>,
  )
  return { ...result, router, client }
}

/** Replaces a field's text as a paste does: one input event, not one per key (fast under load). */
export async function fill(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.clear(field)
  await user.click(field)
  await user.paste(text)
}
