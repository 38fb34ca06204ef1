import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import i18n from '../shared/i18n'
import { mockApi } from '../test/api'
import { emptyCart } from '../test/fixtures'
import { renderApp, signIn } from '../test/render'

const faq = {
  items: [{ question: 'Do I need an e-mail address?', answer: 'No: a username is enough.' }],
}

function shopApi() {
  return mockApi({
    'GET /api/cart': () => emptyCart,
    'GET /api/support/faq': () => faq,
    'GET /api/products': () => ({ products: [], total: 0 }),
    'GET /api/products/cities-with-products': () => ({ cities: [] }),
    'GET /api/balance': () => ({ balance_eur: 0 }),
    'GET /api/balance/history': () => ({ transactions: [], total: 0 }),
    'GET /api/support/unread': () => ({ unread: 0 }),
  })
}

describe('the public FAQ', () => {
  it('is open to visitors, with the way to an account, and the footer leads there', async () => {
    shopApi()
    renderApp('/faq')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' }),
    ).toBeInTheDocument()
    expect(await screen.findByText('Do I need an e-mail address?')).toBeInTheDocument()
    const more = within(screen.getByRole('region', { name: 'Still have a question?' }))
    expect(more.getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/register')
    const footer = within(screen.getByRole('contentinfo'))
    expect(footer.getByRole('link', { name: 'FAQ and support' })).toHaveAttribute('href', '/faq')
    expect(document.title).toBe('Frequently asked questions · Privacy Shop')
  })

  it('sends a customer on to support, where the footer leads them too', async () => {
    signIn()
    shopApi()
    renderApp('/faq')
    const more = within(await screen.findByRole('region', { name: 'Still have a question?' }))
    expect(more.getByRole('link', { name: 'Write to support' })).toHaveAttribute('href', '/support')
    const footer = within(screen.getByRole('contentinfo'))
    expect(footer.getByRole('link', { name: 'FAQ and support' })).toHaveAttribute(
      'href',
      '/support',
    )
  })
})

describe('moving between screens', () => {
  it('names the tab after each screen, in the language shown', async () => {
    signIn()
    shopApi()
    const { router } = renderApp('/products')
    await screen.findByRole('heading', { level: 1, name: 'Products' })
    await waitFor(() => expect(document.title).toBe('Products · Privacy Shop'))
    await act(() => router.navigate('/balance'))
    await screen.findByRole('heading', { level: 1, name: 'Balance' })
    await waitFor(() => expect(document.title).toBe('Balance · Privacy Shop'))
    await act(() => i18n.changeLanguage('lt'))
    await waitFor(() => expect(document.title).toBe('Balansas · Privacy Shop'))
  })

  it('moves focus to the new screen heading after a navigation, not on the first load', async () => {
    signIn()
    shopApi()
    const { router } = renderApp('/products')
    const first = await screen.findByRole('heading', { level: 1, name: 'Products' })
    expect(first).not.toHaveFocus()

    await act(() => router.navigate('/balance'))
    const heading = await screen.findByRole('heading', { level: 1, name: 'Balance' })
    await waitFor(() => expect(heading).toHaveFocus())
    // Focusable by script only: Tab does not stop on it.
    expect(heading).toHaveAttribute('tabindex', '-1')

    // Only the query changes (another page of a list): focus stays where it is.
    const button = screen.getByRole('button', { name: 'Top up' })
    button.focus()
    await act(() => router.navigate('/balance?page=2'))
    expect(button).toHaveFocus()
  })
})
