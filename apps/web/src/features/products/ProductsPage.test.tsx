import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import i18n from '../../shared/i18n'
import { apiError, callsTo, mockApi } from '../../test/api'
import { cart, cartItem, emptyCart, product } from '../../test/fixtures'
import { renderApp, signIn } from '../../test/render'

const cities = {
  cities: [
    { id: 1, name: 'Vilnius' },
    { id: 2, name: 'Kaunas' },
  ],
}
const districts = { districts: [{ id: 7, name: 'Žvėrynas', city_id: 1 }] }

function page(count: number, startId = 1) {
  return Array.from({ length: count }, (_, index) =>
    product({ id: startId + index, name: `Product ${startId + index}` }),
  )
}

describe('products page', () => {
  it('enables the district only after a city and applies the filters', async () => {
    signIn()
    const user = userEvent.setup()
    const fetchMock = mockApi({
      'GET /api/cart': () => emptyCart,
      'GET /api/products': () => ({ products: page(3), total: 3 }),
      'GET /api/products/cities-with-products': () => cities,
      'GET /api/products/districts-with-products/1': () => districts,
    })
    const { router } = renderApp('/products')
    const filters = within(await screen.findByRole('form', { name: 'Product filters' }))
    const city = filters.getByLabelText('City')
    const district = filters.getByLabelText('District')
    expect(district).toBeDisabled()
    await waitFor(() => expect(within(city).getAllByRole('option')).toHaveLength(3))

    await user.selectOptions(city, 'Vilnius')
    expect(district).toBeEnabled()
    await waitFor(() =>
      expect(within(district).getByRole('option', { name: 'Žvėrynas' })).toBeInTheDocument(),
    )
    await user.selectOptions(district, 'Žvėrynas')
    expect(callsTo(fetchMock, 'GET /api/products')).toHaveLength(1) // nothing until applied
    await user.click(filters.getByRole('button', { name: 'Apply filters' }))
    await user.type(filters.getByLabelText('Search'), ' coffee ')

    await waitFor(() => {
      const urls = fetchMock.mock.calls
        .map(([url]) => String(url))
        .filter((url) => url.startsWith('/api/products?'))
      expect(urls.at(-1)).toBe('/api/products?city_id=1&district_id=7&search=coffee&page=1&lang=en')
    })
    expect(router.state.location.search).toBe('?city=1&district=7&search=coffee')

    // Changing the city empties the district.
    await user.selectOptions(city, '')
    expect(district).toBeDisabled()
    expect(district).toHaveValue('')
  })

  it('searches as the customer types, once typing pauses, without the button', async () => {
    signIn()
    const user = userEvent.setup()
    const fetchMock = mockApi({
      'GET /api/cart': () => emptyCart,
      'GET /api/products': () => ({ products: page(1), total: 1 }),
      'GET /api/products/cities-with-products': () => cities,
    })
    const { router } = renderApp('/products')
    const filters = within(await screen.findByRole('form', { name: 'Product filters' }))
    await user.type(filters.getByLabelText('Search'), 'tea')
    await waitFor(() => expect(router.state.location.search).toBe('?search=tea'), {
      timeout: 3000,
    })
    const searched = () =>
      fetchMock.mock.calls
        .map(([url]) => String(url))
        .filter((url) => url.startsWith('/api/products?') && url.includes('search='))
    await waitFor(() => expect(searched()).toEqual(['/api/products?search=tea&page=1&lang=en']))
  })

  it("keeps the grid's place while the first page loads, so that nothing below it moves", async () => {
    signIn()
    let answer: (value: unknown) => void = () => {}
    mockApi({
      'GET /api/cart': () => emptyCart,
      'GET /api/products': () => new Promise((resolve) => (answer = resolve)),
      'GET /api/products/cities-with-products': () => cities,
    })
    renderApp('/products')
    const placeholder = await screen.findByRole('status', { name: 'Loading…' })
    expect(placeholder.querySelectorAll('li')).toHaveLength(6)
    expect(placeholder.querySelector('ul')).toHaveClass('grid', 'sm:grid-cols-2', 'lg:grid-cols-3')
    answer({ products: page(2), total: 2 })
    expect(await screen.findByRole('link', { name: 'Product 1' })).toBeInTheDocument()
    expect(screen.queryByRole('status', { name: 'Loading…' })).not.toBeInTheDocument()
  })

  it('shows cards with name, place, price, availability; unavailable cannot be added', async () => {
    signIn()
    const user = userEvent.setup()
    let currentCart = emptyCart
    const fetchMock = mockApi({
      'GET /api/cart': () => currentCart,
      'GET /api/products': () => ({
        products: [
          product({
            id: 1,
            name: 'Gift card',
            price: 12.5,
            quantity: 4,
            image_url: '/api/products/1/image?v=77',
          }),
          product({ id: 2, name: 'Sold out', is_available: false, quantity: 0 }),
        ],
        total: 2,
      }),
      'GET /api/products/cities-with-products': () => cities,
      'POST /api/cart/add': () => {
        currentCart = cart([cartItem()])
        return currentCart
      },
    })
    renderApp('/products')
    const gift = within(
      (await screen.findByRole('heading', { name: 'Gift card' })).closest('li') as HTMLElement,
    )
    expect(gift.getByText('€12.50')).toBeInTheDocument()
    expect(gift.getByText(/Vilnius/)).toHaveTextContent(/Vilnius.*Senamiestis/)
    expect(gift.getByText('In stock: 4')).toBeInTheDocument()
    const soldOut = within(
      screen.getByRole('heading', { name: 'Sold out' }).closest('li') as HTMLElement,
    )
    expect(soldOut.getByText('Unavailable')).toBeInTheDocument()
    // The picture: lazy, named by the product, in the card size (the large one for wide screens).
    const picture = gift.getByRole('img', { name: 'Gift card' })
    expect(picture).toHaveAttribute('src', '/api/products/1/image?v=77&size=card')
    expect(picture).toHaveAttribute('loading', 'lazy')
    expect(picture.getAttribute('srcset')).toContain('/api/products/1/image?v=77&size=large 1200w')
    expect(picture.parentElement).toHaveClass('aspect-[4/3]')
    // Without one, a neutral placeholder keeps the same frame.
    expect(soldOut.getByRole('img', { name: 'No picture yet' })).toHaveClass('aspect-[4/3]')
    expect(soldOut.queryByRole('img', { name: 'Sold out' })).not.toBeInTheDocument()
    // The name opens the product's page.
    expect(gift.getByRole('link', { name: 'Gift card' })).toHaveAttribute('href', '/products/1')
    expect(soldOut.getByRole('button', { name: 'Add to cart' })).toBeDisabled()

    await user.click(gift.getByRole('button', { name: 'Add to cart' }))
    expect(await screen.findByText('Product added to cart')).toBeInTheDocument()
    expect(callsTo(fetchMock, 'POST /api/cart/add')).toEqual([{ product_id: 1 }])
    // The cart is fetched again and the header badge follows it, and so does the card.
    expect(await screen.findByRole('link', { name: 'Cart, items: 1' })).toBeInTheDocument()
    expect(gift.getByText('In your cart')).toBeInTheDocument()
    expect(soldOut.queryByText(/In your cart/)).not.toBeInTheDocument()
  })

  it('shows a full cart before any add: buttons disabled with the reason, nothing called', async () => {
    signIn()
    const fetchMock = mockApi({
      'GET /api/cart': () => cart([cartItem({ product_id: 1, quantity: 3, total_price: 75 })]),
      'GET /api/products': () => ({
        products: [product({ id: 1, name: 'Gift card' }), product({ id: 2, name: 'Tea' })],
        total: 2,
      }),
      'GET /api/products/cities-with-products': () => cities,
    })
    renderApp('/products')
    await screen.findByRole('link', { name: 'Cart, items: 3' })
    const note = await screen.findByText(/Your cart holds 3 of 3 products/)
    expect(within(note).getByRole('link', { name: 'Go to the cart' })).toHaveAttribute(
      'href',
      '/cart',
    )
    for (const name of ['Gift card', 'Tea']) {
      const card = within(screen.getByRole('heading', { name }).closest('li') as HTMLElement)
      const button = card.getByRole('button', { name: 'Cart full' })
      expect(button).toBeDisabled()
      expect(button).toHaveAccessibleDescription(/Your cart holds 3 of 3 products/)
    }
    // The card of what is in the cart says so.
    const gift = within(
      screen.getByRole('heading', { name: 'Gift card' }).closest('li') as HTMLElement,
    )
    expect(gift.getByText('In your cart: 3')).toBeInTheDocument()
    const tea = within(screen.getByRole('heading', { name: 'Tea' }).closest('li') as HTMLElement)
    expect(tea.queryByText(/In your cart/)).not.toBeInTheDocument()
    expect(callsTo(fetchMock, 'POST /api/cart/add')).toHaveLength(0)
  })

  it('swallows other add-to-cart failures', async () => {
    signIn()
    const user = userEvent.setup()
    const fetchMock = mockApi({
      'GET /api/cart': () => emptyCart,
      'GET /api/products': () => ({ products: [product()], total: 1 }),
      'GET /api/products/cities-with-products': () => cities,
      'POST /api/cart/add': () =>
        apiError(409, 'PRODUCT_UNAVAILABLE', 'This product is not available.'),
    })
    renderApp('/products')
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }))
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/cart/add')).toHaveLength(1))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled())
    expect(screen.queryByText('This product is not available.')).not.toBeInTheDocument()
    expect(screen.queryByText('Product added to cart')).not.toBeInTheDocument()
  })

  it('pages with previous and next, "Page 1 of 3", next disabled on the last page', async () => {
    signIn()
    const user = userEvent.setup()
    // 60 products: the last page is full, and nothing beyond it is asked for.
    let answerPage3: () => void = () => undefined
    const fetchMock = mockApi({
      'GET /api/cart': () => emptyCart,
      'GET /api/products': ({ query }) => {
        const number = Number(query.get('page') ?? '1')
        const answer = { products: page(20, (number - 1) * 20 + 1), total: 60 }
        if (number !== 3) return answer
        // The third page answers when the test says so: the second stays on screen, dimmed.
        return new Promise((resolve) => {
          answerPage3 = () => resolve(answer)
        })
      },
      'GET /api/products/cities-with-products': () => cities,
    })
    renderApp('/products')
    await screen.findByRole('heading', { name: 'Product 1' })
    const pager = () => within(screen.getByRole('navigation', { name: 'Product pages' }))
    expect(pager().getByText('Page 1 of 3')).toBeInTheDocument()
    expect(pager().getByRole('button', { name: /Previous/ })).toBeDisabled()
    expect(pager().getByRole('button', { name: /Next/ })).toBeEnabled()

    await user.click(pager().getByRole('button', { name: /Next/ }))
    expect(await screen.findByRole('heading', { name: 'Product 21' })).toBeInTheDocument()
    expect(pager().getByText('Page 2 of 3')).toBeInTheDocument()
    const list = screen.getByRole('heading', { name: 'Product 21' }).closest('[aria-busy]')
    expect(list).toBeNull()

    await user.click(pager().getByRole('button', { name: /Next/ }))
    // While page 3 loads, page 2 stays, dimmed and marked busy.
    await waitFor(() =>
      expect(
        screen.getByRole('heading', { name: 'Product 21' }).closest('[aria-busy]'),
      ).toHaveAttribute('data-refreshing', 'true'),
    )
    answerPage3()
    expect(await screen.findByRole('heading', { name: 'Product 41' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Product 41' }).closest('[aria-busy]')).toBeNull()
    expect(pager().getByText('Page 3 of 3')).toBeInTheDocument()
    expect(pager().getByRole('button', { name: /Next/ })).toBeDisabled()
    expect(pager().getByRole('button', { name: /Previous/ })).toBeEnabled()
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      '/api/products?page=2&lang=en',
    )
  }, 15_000)

  it('asks for names in the language shown and asks again when it changes', async () => {
    signIn()
    const fetchMock = mockApi({
      'GET /api/cart': () => emptyCart,
      'GET /api/products': ({ query }) => ({
        products: [
          product({
            name: query.get('lang') === 'lt' ? 'Dovanų kortelė' : 'Gift card',
            description: query.get('lang') === 'lt' ? 'Galioja metus.' : 'Valid for a year.',
          }),
        ],
        total: 1,
      }),
      'GET /api/products/cities-with-products': ({ query }) =>
        query.get('lang') === 'lt' ? cities : { cities: [{ id: 1, name: 'Vilnius EN' }] },
    })
    renderApp('/products')
    expect(await screen.findByRole('heading', { name: 'Gift card' })).toBeInTheDocument()
    expect(screen.getByText('Valid for a year.')).toBeInTheDocument()

    await i18n.changeLanguage('lt')
    expect(await screen.findByRole('heading', { name: 'Dovanų kortelė' })).toBeInTheDocument()
    expect(screen.getByText('Galioja metus.')).toBeInTheDocument()
    const urls = fetchMock.mock.calls.map(([url]) => String(url))
    expect(urls).toContain('/api/products?page=1&lang=lt')
    expect(urls).toContain('/api/products/cities-with-products?lang=lt')
    await waitFor(() => expect(screen.getByRole('option', { name: 'Vilnius' })).toBeInTheDocument())
  })

  it('shows an empty state', async () => {
    signIn()
    mockApi({
      'GET /api/cart': () => emptyCart,
      'GET /api/products': () => ({ products: [], total: 0 }),
      'GET /api/products/cities-with-products': () => cities,
    })
    renderApp('/products?search=nothing')
    expect(await screen.findByText('No products found')).toBeInTheDocument()
    expect(screen.getByLabelText('Search')).toHaveValue('nothing')
  })
})
