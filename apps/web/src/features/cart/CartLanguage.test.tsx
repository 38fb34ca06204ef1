import type { Cart } from '@shop/contract'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import i18n from '../../shared/i18n'
import { mockApi } from '../../test/api'
import { cart, cartItem } from '../../test/fixtures'
import { renderApp, signIn } from '../../test/render'

// Issue 15: the cart names its products in the language the app shows.
const named = (lang: string | null): Cart =>
  cart([
    cartItem({ product_name: lang === 'lt' ? 'Dovanų kortelė 25 EUR' : 'Gift card 25 EUR' }),
    cartItem({ product_id: 2, product_name: 'Clay mug', product_price: 5, total_price: 5 }),
  ])

/** Every request's path and query, as `METHOD /path?query`. */
function requests(fetchMock: ReturnType<typeof mockApi>): string[] {
  return fetchMock.mock.calls.map(
    ([url, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${String(url)}`,
  )
}

describe('cart in the language shown', () => {
  it('asks for the cart in Lithuanian, and again in English when the language changes', async () => {
    signIn()
    await i18n.changeLanguage('lt')
    const fetchMock = mockApi({ 'GET /api/cart': ({ query }) => named(query.get('lang')) })
    renderApp('/cart')
    expect(await screen.findByText('Dovanų kortelė 25 EUR')).toBeInTheDocument()

    await i18n.changeLanguage('en')
    expect(await screen.findByText('Gift card 25 EUR')).toBeInTheDocument()
    expect(screen.queryByText('Dovanų kortelė 25 EUR')).not.toBeInTheDocument()
    expect(requests(fetchMock)).toEqual(
      expect.arrayContaining(['GET /api/cart?lang=lt', 'GET /api/cart?lang=en']),
    )
    expect(requests(fetchMock).filter((call) => call.startsWith('GET /api/cart'))).not.toContain(
      'GET /api/cart',
    )
  })

  it('sends the language with remove, clear and the coupon calls', async () => {
    signIn()
    await i18n.changeLanguage('lt')
    const user = userEvent.setup()
    const fetchMock = mockApi({
      'GET /api/cart': ({ query }) => named(query.get('lang')),
      'DELETE /api/cart/remove/2': ({ query }) => named(query.get('lang')),
      'POST /api/cart/coupon/apply': ({ query }) => ({
        ...named(query.get('lang')),
        applied_promo: 'WELCOME10',
      }),
      'DELETE /api/cart/coupon/remove': ({ query }) => named(query.get('lang')),
      'DELETE /api/cart/clear': () => cart([]),
    })
    vi.spyOn(window, 'confirm').mockReturnValue(true)
    renderApp('/cart')

    await user.type(await screen.findByLabelText('Nuolaidos kodas'), 'WELCOME10')
    await user.click(screen.getByRole('button', { name: 'Taikyti' }))
    expect(await screen.findByText('Nuolaidos kodas pritaikytas')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: /WELCOME10/ }))
    expect(await screen.findByText('Nuolaidos kodas pašalintas')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Pašalinti: Clay mug' }))
    expect(await screen.findByText('Prekė pašalinta iš krepšelio')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Išvalyti krepšelį' }))
    expect(await screen.findByText('Krepšelis išvalytas')).toBeInTheDocument()

    await waitFor(() =>
      expect(requests(fetchMock)).toEqual(
        expect.arrayContaining([
          'POST /api/cart/coupon/apply?lang=lt',
          'DELETE /api/cart/coupon/remove?lang=lt',
          'DELETE /api/cart/remove/2?lang=lt',
          'DELETE /api/cart/clear?lang=lt',
        ]),
      ),
    )
  })
})
