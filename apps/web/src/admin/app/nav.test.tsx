import { adminApi } from '@shop/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { apiError, mockApi } from '../../test/api'
import { me } from '../test/fixtures'
import { owner, renderAdmin, signInStaff, support } from '../test/render'
import { NAV } from './nav'

const ALL = [
  'Dashboard',
  'Products',
  'Orders',
  'Support inbox',
  'Payments',
  'Transfers',
  'Books',
  'Cities & districts',
  'Coupons',
  'FAQ',
  'Customers',
  'Support categories',
  'Staff',
  'Backups',
  'Audit log',
]

function navLinks() {
  const nav = screen.getAllByRole('navigation', { name: 'Back office' })[0] as HTMLElement
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent)
}

describe('navigation by role', () => {
  it('marks a screen owner-only exactly when the contract gives its call to the owner alone', () => {
    const routes = Object.values(adminApi) as { method: string; url: string; auth: unknown }[]
    for (const entry of NAV) {
      const route = routes.find((r) => `${r.method} ${r.url}` === entry.endpoint)
      expect(route, entry.endpoint).toBeDefined()
      expect(entry.ownerOnly, entry.to).toBe(route?.auth === 'owner')
    }
  })

  it('shows the owner every screen', async () => {
    signInStaff(owner)
    mockApi({ ...me(owner), 'GET /api/admin/faq': () => ({ items: [] }) })
    renderAdmin('/faq')
    await screen.findByRole('heading', { level: 1, name: 'FAQ' })
    expect(navLinks()).toEqual(ALL)
    expect(screen.getAllByText('ruta_owner')[0]).toBeInTheDocument()
  })

  it('hides the owner-only screens from a support account and explains a direct visit', async () => {
    signInStaff(support)
    mockApi({ ...me(support), 'GET /api/admin/faq': () => ({ items: [] }) })
    const { router } = renderAdmin('/faq')
    await screen.findByRole('heading', { level: 1, name: 'FAQ' })
    expect(navLinks()).toEqual(['Orders', 'Support inbox', 'FAQ', 'Customers'])

    await router.navigate('/staff')
    expect(await screen.findByText('This screen is not for your role')).toBeInTheDocument()
  })

  it('follows the role the server reports now, not the one stored at sign-in', async () => {
    signInStaff(owner)
    mockApi({ ...me(support), 'GET /api/admin/faq': () => ({ items: [] }) })
    renderAdmin('/faq')
    await screen.findByRole('heading', { level: 1, name: 'FAQ' })
    await screen.findByText('Support')
    expect(navLinks()).toEqual(['Orders', 'Support inbox', 'FAQ', 'Customers'])
  })

  it('counts what waits beside its screen and in the tab title', async () => {
    signInStaff(owner)
    mockApi({
      ...me(owner),
      'GET /api/admin/faq': () => ({ items: [] }),
      'GET /api/admin/counts': () => ({
        orders_to_deliver: 2,
        open_tickets: 3,
        unmatched_transfers: 0,
      }),
    })
    renderAdmin('/faq')
    await screen.findByRole('heading', { level: 1, name: 'FAQ' })
    const nav = within(screen.getAllByRole('navigation', { name: 'Back office' })[0] as HTMLElement)
    expect(await nav.findByRole('link', { name: 'Orders 2 waiting' })).toBeInTheDocument()
    expect(nav.getByRole('link', { name: 'Support inbox 3 waiting' })).toBeInTheDocument()
    // Nothing waits: no count.
    expect(nav.getByRole('link', { name: 'Transfers' })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toMatch(/^\(5\) [^(]/))
  })

  it('shows the forbidden notice when the server answers 403', async () => {
    signInStaff(owner)
    mockApi({
      ...me(owner),
      'GET /api/admin/audit': () => apiError(403, 'FORBIDDEN', 'You do not have permission.'),
    })
    renderAdmin('/audit')
    expect(await screen.findByText('This screen is not for your role')).toBeInTheDocument()
  })

  it('opens and closes the menu on a phone, and signs out', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    mockApi({
      ...me(owner),
      'GET /api/admin/faq': () => ({ items: [] }),
      'GET /api/admin/coupons': () => ({ coupons: [], total: 0 }),
      'POST /api/admin/auth/logout': () => ({ success: true }),
    })
    const { router } = renderAdmin('/faq')
    const toggle = await screen.findByRole('button', { name: 'Menu' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const menu = screen.getByRole('navigation', { name: 'Back office menu' })
    await user.click(within(menu).getByRole('link', { name: 'Coupons' }))
    await screen.findByRole('heading', { level: 1, name: 'Coupons' })
    expect(router.state.location.pathname).toBe('/coupons')
    expect(toggle).toHaveAttribute('aria-expanded', 'false')

    await user.click(screen.getAllByRole('button', { name: 'Sign out' })[0] as HTMLElement)
    await screen.findByRole('heading', { name: 'Sign in to the back office' })
    expect(localStorage.getItem('admin_access_token')).toBeNull()
  })
})
