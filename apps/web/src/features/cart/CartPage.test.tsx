import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import '../../shared/i18n'
import { CartSummary } from '../../shared/cart/CartSummary'
import { apiError, callsTo, mockApi } from '../../test/api'
import { cart, cartItem, emptyCart } from '../../test/fixtures'
import { renderApp, signIn } from '../../test/render'

const twoLines = cart([
  cartItem(),
  cartItem({
    product_id: 2,
    product_name: 'Coffee beans 250 g',
    product_price: 12.9,
    quantity: 2,
    total_price: 25.8,
  }),
])

describe('cart summary', () => {
  it('shows the discount only when it is above 0', () => {
    const { rerender } = render(<CartSummary cart={cart([cartItem()])} />)
    expect(screen.getByText('Subtotal').nextSibling).toHaveTextContent('€25.00')
    expect(screen.getByText('Total').nextSibling).toHaveTextContent('€25.00')
    expect(screen.queryByText(/Discount/)).not.toBeInTheDocument()

    rerender(
      <CartSummary
        cart={{ subtotal: 50.8, discount: 5.08, total: 45.72, applied_promo: 'WELCOME10' }}
      />,
    )
    expect(screen.getByText('Discount (WELCOME10)').nextSibling).toHaveTextContent('−€5.08')
    expect(screen.getByText('Total').nextSibling).toHaveTextContent('€45.72')
  })
})

describe('cart page', () => {
  it('lists name, unit price, quantity and line total, with the maximum-items note', async () => {
    signIn()
    mockApi({ 'GET /api/cart': () => twoLines })
    renderApp('/cart')
    expect(await screen.findByText('Coffee beans 250 g')).toBeInTheDocument()
    expect(screen.getByText(/€12.90 each/)).toBeInTheDocument()
    expect(screen.getByText(/Quantity: 2/)).toBeInTheDocument()
    expect(screen.getByText('€25.80')).toBeInTheDocument()
    expect(screen.getByTestId('cart-max-note')).toHaveTextContent(
      'Maximum 3 products in cart (3 of 3)',
    )
    expect(screen.getByRole('link', { name: 'Proceed to checkout' })).toHaveAttribute(
      'href',
      '/checkout',
    )
  })

  it('asks before removing a product, then fetches the cart again', async () => {
    signIn()
    const user = userEvent.setup()
    let current = twoLines
    const fetchMock = mockApi({
      'GET /api/cart': () => current,
      'DELETE /api/cart/remove/2': () => {
        current = cart([cartItem()])
        return current
      },
    })
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true)
    renderApp('/cart')
    const remove = await screen.findByRole('button', { name: 'Remove Coffee beans 250 g' })

    await user.click(remove)
    expect(confirm).toHaveBeenLastCalledWith('Are you sure you want to remove this product?')
    expect(callsTo(fetchMock, 'DELETE /api/cart/remove/2')).toHaveLength(0)

    await user.click(remove)
    expect(await screen.findByText('Product removed from cart')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByText('Coffee beans 250 g')).not.toBeInTheDocument())
    expect(callsTo(fetchMock, 'GET /api/cart').length).toBeGreaterThanOrEqual(2)
  })

  it('asks before clearing the cart, then shows the empty state', async () => {
    signIn()
    const user = userEvent.setup()
    mockApi({ 'GET /api/cart': () => twoLines, 'DELETE /api/cart/clear': () => emptyCart })
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true)
    renderApp('/cart')
    await user.click(await screen.findByRole('button', { name: 'Clear cart' }))
    expect(confirm).toHaveBeenCalledWith('Do you want to clear the shopping cart?')
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument()
    expect(screen.getByText('Cart cleared')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute(
      'href',
      '/products',
    )
  })

  it('swallows a failed cart action', async () => {
    signIn()
    const user = userEvent.setup()
    mockApi({
      'GET /api/cart': () => twoLines,
      'DELETE /api/cart/clear': () => apiError(500, 'INTERNAL_ERROR', 'An error occurred'),
    })
    vi.spyOn(window, 'confirm').mockReturnValue(true)
    renderApp('/cart')
    await user.click(await screen.findByRole('button', { name: 'Clear cart' }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Clear cart' })).toBeEnabled())
    expect(screen.queryByText('An error occurred')).not.toBeInTheDocument()
    expect(screen.getByText('Coffee beans 250 g')).toBeInTheDocument()
  })

  it('applies a coupon (disabled while blank), shows the discount and removes it', async () => {
    signIn()
    const user = userEvent.setup()
    const discounted = { ...twoLines, discount: 5.08, total: 45.72, applied_promo: 'WELCOME10' }
    const fetchMock = mockApi({
      'GET /api/cart': () => twoLines,
      'POST /api/cart/coupon/apply': ({ body }) =>
        (body as { coupon_code: string }).coupon_code === 'WELCOME10'
          ? discounted
          : apiError(404, 'COUPON_NOT_FOUND', 'This coupon code is not valid.'),
      'DELETE /api/cart/coupon/remove': () => twoLines,
    })
    renderApp('/cart')
    const field = await screen.findByLabelText('Coupon code')
    const apply = screen.getByRole('button', { name: 'Apply' })
    expect(apply).toBeDisabled()
    await user.type(field, '   ')
    expect(apply).toBeDisabled()

    await user.clear(field)
    await user.type(field, 'NOPE')
    await user.click(apply)
    expect(await screen.findByText('This coupon code is not valid.')).toBeInTheDocument()

    await user.clear(field)
    await user.type(field, ' WELCOME10 ')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    expect(await screen.findByText('Coupon applied')).toBeInTheDocument()
    expect(screen.getByTestId('cart-discount')).toHaveTextContent('−€5.08')
    expect(callsTo(fetchMock, 'POST /api/cart/coupon/apply').at(-1)).toEqual({
      coupon_code: 'WELCOME10',
    })

    await user.click(screen.getByRole('button', { name: 'Remove coupon WELCOME10' }))
    expect(await screen.findByText('Coupon removed')).toBeInTheDocument()
    expect(screen.queryByTestId('cart-discount')).not.toBeInTheDocument()
    expect(screen.getByLabelText('Coupon code')).toBeInTheDocument()
  })

  it('shows the empty state with a link to the products', async () => {
    signIn()
    mockApi({ 'GET /api/cart': () => emptyCart })
    renderApp('/cart')
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute(
      'href',
      '/products',
    )
  })
})
