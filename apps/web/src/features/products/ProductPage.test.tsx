import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import i18n from '../../shared/i18n'
import { apiError, callsTo, mockApi } from '../../test/api'
import { cart, cartItem, emptyCart, product } from '../../test/fixtures'
import { renderApp, signIn } from '../../test/render'

const linen = product({
  id: 7,
  name: 'Linen towel',
  description: 'Woven in Lithuania.\nWash at 40 °C.',
  price: 12.5,
  city_id: 2,
  city_name: 'Kaunas',
  district_id: 9,
  district_name: 'Old Town',
  quantity: 3,
  image_url: '/api/products/7/image?v=5',
})

const linenLt = {
  ...linen,
  name: 'Lininis rankšluostis',
  description: 'Austas Lietuvoje.',
  district_name: 'Senamiestis',
}

describe('product page', () => {
  it('shows the picture, name, place, price, availability and description, and adds to the cart', async () => {
    signIn()
    const user = userEvent.setup()
    let currentCart = emptyCart
    const fetchMock = mockApi({
      'GET /api/cart': () => currentCart,
      'GET /api/products/7': () => linen,
      'POST /api/cart/add': () => {
        currentCart = cart([cartItem({ product_id: 7 })])
        return currentCart
      },
    })
    renderApp('/products/7')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Linen towel' }),
    ).toBeInTheDocument()
    expect(callsTo(fetchMock, 'GET /api/products/7')).toHaveLength(1)
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/products/7?lang=en')

    const picture = screen.getByRole('img', { name: 'Linen towel' })
    expect(picture).toHaveAttribute('loading', 'eager')
    expect(picture.getAttribute('srcset')).toBe(
      '/api/products/7/image?v=5&size=card 640w, /api/products/7/image?v=5&size=large 1200w',
    )
    expect(picture).toHaveClass('object-contain')
    expect(screen.getByText('€12.50')).toBeInTheDocument()
    expect(screen.getByText('In stock: 3')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Kaunas.*Old Town/ })).toHaveAttribute(
      'href',
      '/products?city=2&district=9',
    )
    const description = within(screen.getByRole('region', { name: 'Description' }))
    expect(description.getByText(/Woven in Lithuania\./)).toHaveTextContent('Wash at 40 °C.')
    expect(screen.getByRole('link', { name: 'All products' })).toHaveAttribute('href', '/products')
    expect(screen.queryByRole('link', { name: 'View cart' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Add to cart' }))
    expect(await screen.findByText('Product added to cart')).toBeInTheDocument()
    expect(callsTo(fetchMock, 'POST /api/cart/add')).toEqual([{ product_id: 7 }])
    expect(await screen.findByRole('link', { name: 'Cart, items: 1' })).toBeInTheDocument()
    expect(await screen.findByText('In your cart')).toBeInTheDocument()
    // The way on after an add.
    expect(screen.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart')
    expect(document.title).toBe('Linen towel · Privacy Shop')
  })

  it('with a full cart, says so before any add and offers the cart', async () => {
    signIn()
    const fetchMock = mockApi({
      'GET /api/cart': () =>
        cart([
          cartItem({ product_id: 7, quantity: 2, total_price: 25 }),
          cartItem({ product_id: 8 }),
        ]),
      'GET /api/products/7': () => linen,
    })
    renderApp('/products/7')
    const button = await screen.findByRole('button', { name: 'Cart full' })
    expect(button).toBeDisabled()
    expect(button).toHaveAccessibleDescription(
      'Your cart holds 3 of 3 products, the most it can. Remove one to add another. Go to the cart',
    )
    expect(screen.getByRole('link', { name: 'Go to the cart' })).toHaveAttribute('href', '/cart')
    expect(screen.getByText('In your cart: 2')).toBeInTheDocument()
    expect(callsTo(fetchMock, 'POST /api/cart/add')).toHaveLength(0)
  })

  it('speaks the language shown, and asks again when it changes', async () => {
    signIn()
    await i18n.changeLanguage('lt')
    const fetchMock = mockApi({
      'GET /api/cart': () => emptyCart,
      'GET /api/products/7': ({ query }) => (query.get('lang') === 'lt' ? linenLt : linen),
    })
    renderApp('/products/7')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lininis rankšluostis' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Lininis rankšluostis' })).toBeInTheDocument()
    expect(screen.getByText('Austas Lietuvoje.')).toBeInTheDocument()
    expect(screen.getByText('12,50 €')).toBeInTheDocument()
    expect(screen.getByText('Sandėlyje: 3 vnt.')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Aprašymas' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Į krepšelį' })).toBeEnabled()
    expect(screen.getByRole('link', { name: 'Visos prekės' })).toBeInTheDocument()

    await i18n.changeLanguage('en')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Linen towel' }),
    ).toBeInTheDocument()
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(
      expect.arrayContaining(['/api/products/7?lang=lt', '/api/products/7?lang=en']),
    )
  })

  it('shows a placeholder without a picture and cannot add what is unavailable', async () => {
    signIn()
    mockApi({
      'GET /api/cart': () => emptyCart,
      'GET /api/products/8': () =>
        product({ id: 8, name: 'Clay mug', description: '', is_available: false, quantity: 0 }),
    })
    renderApp('/products/8')
    expect(await screen.findByRole('heading', { level: 1, name: 'Clay mug' })).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'No picture yet' })).toHaveClass('aspect-[4/3]')
    expect(screen.getByText('Unavailable')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled()
    expect(screen.queryByRole('region', { name: 'Description' })).not.toBeInTheDocument()
  })

  it('says so for an unknown product, without a toast, and asks nothing for a malformed id', async () => {
    signIn()
    const fetchMock = mockApi({
      'GET /api/cart': () => emptyCart,
      'GET /api/products/404': () =>
        apiError(404, 'PRODUCT_NOT_FOUND', 'This product does not exist.'),
    })
    const { unmount } = renderApp('/products/404')
    expect(await screen.findByText('Product not found')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Show all products' })).toHaveAttribute(
      'href',
      '/products',
    )
    expect(screen.queryByText('This product does not exist.')).not.toBeInTheDocument()
    expect(callsTo(fetchMock, 'GET /api/products/404')).toHaveLength(1)
    unmount()

    renderApp('/products/abc')
    expect(await screen.findByText('Product not found')).toBeInTheDocument()
    const asked = fetchMock.mock.calls.map(([url]) => String(url))
    expect(asked.filter((url) => url.startsWith('/api/products/abc'))).toEqual([])
  })

  it('opens from a card and goes back to the list with its filters', async () => {
    signIn()
    const user = userEvent.setup()
    mockApi({
      'GET /api/cart': () => emptyCart,
      'GET /api/products': () => ({ products: [linen], total: 1 }),
      'GET /api/products/cities-with-products': () => ({ cities: [{ id: 2, name: 'Kaunas' }] }),
      'GET /api/products/districts-with-products/2': () => ({ districts: [] }),
      'GET /api/products/7': () => linen,
    })
    const { router } = renderApp('/products?city=2&search=towel')
    await user.click(await screen.findByRole('link', { name: 'Linen towel' }))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Linen towel' }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/products/7')
    await user.click(screen.getByRole('link', { name: 'All products' }))
    await waitFor(() => expect(router.state.location.search).toBe('?city=2&search=towel'))
    expect(router.state.location.pathname).toBe('/products')
  })
})
