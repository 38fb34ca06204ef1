import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import i18n from '../../shared/i18n'
import { mockApi } from '../../test/api'
import { emptyCart } from '../../test/fixtures'
import { renderApp, signIn, testUser } from '../../test/render'

describe('profile page', () => {
  it('shows first name, username, Telegram id, join date and the statistics', async () => {
    signIn()
    mockApi({
      'GET /api/cart': () => emptyCart,
      'GET /api/user/me': () => ({ ...testUser.user, telegram_id: 123456 }),
      'GET /api/user/stats': () => ({
        total_orders: 3,
        total_spent: 41.8,
        current_balance: 8.2,
        active_tickets: 1,
      }),
    })
    renderApp('/profile')
    expect(await screen.findByText('123456')).toBeInTheDocument()
    expect(screen.getByText('First name').nextSibling).toHaveTextContent('Rūta')
    expect(screen.getByText('Username').nextSibling).toHaveTextContent('quiet_fox')
    expect(screen.getByText('Joined').nextSibling).toHaveTextContent('15 Jan 2025')
    expect(await screen.findByText('€41.80')).toBeInTheDocument()
    expect(screen.getByText('Total orders').nextSibling).toHaveTextContent('3')
    expect(screen.getByText('Current balance').nextSibling).toHaveTextContent('€8.20')
    expect(screen.getByText('Active tickets').nextSibling).toHaveTextContent('1')
  })

  it('formats amounts and dates for Lithuanian', async () => {
    await i18n.changeLanguage('lt')
    signIn()
    mockApi({
      'GET /api/cart': () => emptyCart,
      'GET /api/user/me': () => testUser.user,
      'GET /api/user/stats': () => ({
        total_orders: 0,
        total_spent: 1234.5,
        current_balance: 0,
        active_tickets: 0,
      }),
    })
    renderApp('/profile')
    expect((await screen.findByText(/1\s234,50\s€/)).textContent).toMatch(/1\s234,50\s€/)
    expect(screen.getByText('Nesusieta')).toBeInTheDocument()
    expect(screen.getByText('Užsiregistravo').nextSibling).toHaveTextContent('2025')
  })
})
