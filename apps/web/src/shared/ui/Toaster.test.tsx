import { act, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import '../i18n'
import { Toaster } from './Toaster'
import { notify } from './toast'

afterEach(() => {
  vi.useRealTimers()
})

describe('Toaster', () => {
  it('renders success, error and info toasts in a polite live region', () => {
    render(<Toaster />)
    const region = screen.getByRole('status')
    expect(region).toHaveAttribute('aria-live', 'polite')

    act(() => {
      notify.success('Product added to cart')
      notify.error('Payment error')
      notify.info('Coupon removed')
    })

    for (const text of ['Product added to cart', 'Payment error', 'Coupon removed']) {
      expect(within(region).getByText(text)).toBeInTheDocument()
    }
    expect(within(region).getAllByRole('button', { name: 'Dismiss notification' })).toHaveLength(3)
    expect(document.querySelector('style')).toBeNull() // headless: no injected <style> tag
  })

  it('sits where it covers none of the header controls: bottom on a phone, below the header', () => {
    render(<Toaster />)
    const region = screen.getByRole('region', { name: 'Notifications' })
    // Not at the top of a phone's screen, where the header's menu and cart are.
    expect(region).toHaveClass('bottom-0')
    expect(region).not.toHaveClass('top-0')
    // From `sm` up: top right, below the 4rem header (account, sign-out, language).
    expect(region).toHaveClass('sm:top-16', 'sm:bottom-auto', 'sm:justify-end')
  })

  it('hides a toast after 3 seconds', () => {
    vi.useFakeTimers()
    render(<Toaster />)
    act(() => {
      notify.success('Top-up successful')
    })
    const toast = screen.getByText('Top-up successful').parentElement as HTMLElement
    expect(toast).toHaveClass('opacity-100')

    act(() => vi.advanceTimersByTime(2_900))
    expect(toast).toHaveClass('opacity-100')
    act(() => vi.advanceTimersByTime(200))
    expect(toast).toHaveClass('opacity-0')
  })
})
