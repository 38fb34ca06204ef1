import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useAuthStore } from '../../shared/auth/store'
import { callsTo, mockApi } from '../../test/api'
import { emptyCart, publicConfig } from '../../test/fixtures'
import { renderApp, testUser } from '../../test/render'
import { readTelegramReturn, telegramLoginUrl } from './telegram'

const login = {
  id: 42,
  first_name: 'Rūta',
  username: 'ruta',
  auth_date: 1767261600,
  hash: 'a'.repeat(64),
}

function base64url(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

describe('telegram redirect login', () => {
  it('links to Telegram only when enabled, returning to the shop', () => {
    expect(
      telegramLoginUrl(
        { enabled: false, bot_username: 'shop_bot', bot_id: null },
        'https://shop.example',
      ),
    ).toBeNull()
    const url = new URL(
      telegramLoginUrl(
        { enabled: true, bot_username: '@shop_bot', bot_id: null },
        'https://shop.example',
      ) ?? '',
    )
    expect(url.origin).toBe('https://oauth.telegram.org')
    expect(url.pathname).toBe('/embed/shop_bot')
    expect(url.searchParams.get('origin')).toBe('https://shop.example')
    expect(url.searchParams.get('return_to')).toBe('https://shop.example/')
    const withId = new URL(
      telegramLoginUrl(
        { enabled: true, bot_username: 'shop_bot', bot_id: 123 },
        'https://shop.example',
      ) ?? '',
    )
    expect(withId.pathname).toBe('/auth')
    expect(withId.searchParams.get('bot_id')).toBe('123')
  })

  it('reads #tgAuthResult and the query form, and leaves other parts of the address', () => {
    expect(readTelegramReturn('', '')).toBeNull()
    expect(readTelegramReturn('?a=1', '#top')).toBeNull()
    expect(readTelegramReturn('?a=1', `#tgAuthResult=${base64url(login)}`)).toEqual({
      body: login,
      search: '?a=1',
      hash: '',
    })
    expect(
      readTelegramReturn(
        '?id=42&first_name=R%C5%ABta&username=ruta&auth_date=1767261600&hash=' +
          'a'.repeat(64) +
          '&x=1',
        '',
      ),
    ).toEqual({ body: login, search: '?x=1', hash: '' })
    expect(readTelegramReturn('', '#tgAuthResult=%%%')).toEqual({
      body: null,
      search: '',
      hash: '',
    })
  })

  it('offers the button on the landing page when GET /api/config enables it', async () => {
    mockApi({ 'GET /api/config': () => publicConfig(false, true) })
    renderApp('/')
    const link = await screen.findByRole('link', { name: 'Log in with Telegram' })
    expect(link.getAttribute('href')).toMatch(
      /^https:\/\/oauth\.telegram\.org\/auth\?bot_id=7000000001&/,
    )
  })

  it('offers no button when Telegram login is disabled', async () => {
    const fetchMock = mockApi({ 'GET /api/config': () => publicConfig(false, false) })
    renderApp('/')
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/config')).toHaveLength(1))
    expect(screen.queryByRole('link', { name: 'Log in with Telegram' })).not.toBeInTheDocument()
  })

  it('posts the returned data, removes it from the address and signs in', async () => {
    const fetchMock = mockApi({
      'GET /api/config': () => publicConfig(false, true),
      'POST /api/auth/telegram/telegram-login': () => testUser,
      'GET /api/cart': () => emptyCart,
      'GET /api/products': () => ({ products: [], total: 0 }),
      'GET /api/products/cities-with-products': () => ({ cities: [] }),
    })
    const { router } = renderApp(`/#tgAuthResult=${base64url(login)}`)
    await screen.findByRole('heading', { level: 1, name: 'Products' })
    expect(callsTo(fetchMock, 'POST /api/auth/telegram/telegram-login')).toEqual([login])
    expect(useAuthStore.getState().isAuthenticated).toBe(true)
    expect(router.state.location.pathname).toBe('/products')
    expect(router.state.location.hash).toBe('')
  })
})
