import { QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import '../i18n'
import { apiError, callsTo, mockApi } from '../../test/api'
import { payment, publicConfig } from '../../test/fixtures'
import { createTestQueryClient } from '../../test/render'
import { useConfig } from '../queries/config'
import { Toaster } from '../ui/Toaster'
import { CryptoPaymentPanel } from './CryptoPaymentPanel'
import { detailsFromPayment } from './details'

const qrProps = vi.hoisted(() => ({ last: null as Record<string, unknown> | null }))
vi.mock('qrcode.react', () => ({
  QRCodeSVG: (props: Record<string, unknown>) => {
    qrProps.last = props
    return <svg role="img" aria-label={String(props['aria-label'])} />
  },
}))

afterEach(() => {
  vi.useRealTimers()
})

/** Shows when GET /api/config has answered, as the panel's own config query sees it. */
function ConfigProbe() {
  const { data } = useConfig()
  return data ? <p>config answered</p> : null
}

function renderPanel(
  pending = payment(),
  callbacks = { onConfirmed: vi.fn(), onEnded: vi.fn(), onCancel: vi.fn() },
) {
  const details = detailsFromPayment(pending)
  if (!details) throw new Error('not a crypto payment')
  const client = createTestQueryClient()
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <CryptoPaymentPanel details={details} kind="checkout" title="Pay with SOL" {...callbacks} />
        <ConfigProbe />
        <Toaster />
      </QueryClientProvider>
    </MemoryRouter>,
  )
  return callbacks
}

describe('crypto payment instruction screen', () => {
  it('shows address, SOL with 4 decimals, euros, payment code, QR of the Solana Pay URL and the step text', async () => {
    mockApi({
      'GET /api/config': () => publicConfig(false),
      'GET /api/payment/status/P-TEST1234': () => payment(),
    })
    renderPanel(payment({ sol_amount: 0.25, final_amount_eur: 37.9 }))
    expect(screen.getByText('6846MfAbB3bUYJosYQ8mD9rvcsFfiD6SByuABTsLQJSL')).toBeInTheDocument()
    expect(screen.getByText('0.2500 SOL')).toBeInTheDocument()
    expect(screen.getByText('€37.90')).toBeInTheDocument()
    expect(screen.getByText('P-TEST1234')).toBeInTheDocument()
    expect(
      screen.getByText(/usually takes 1–2 minutes, after which your products are activated/),
    ).toBeInTheDocument()
    expect(qrProps.last).toMatchObject({
      value: payment().solana_pay_url,
      size: 200,
      level: 'H',
    })
    expect(screen.getByRole('img', { name: 'QR code of the payment request' })).toBeInTheDocument()
    // No demo wallet unless the server says it has one: once the configuration has answered
    // (the probe shares the panel's config query, so both render its answer together).
    expect(await screen.findByText('config answered')).toBeInTheDocument()
    expect(
      screen.queryByRole('button', { name: 'Pay with the demo wallet' }),
    ).not.toBeInTheDocument()
  })

  it('checks the status at once, every 30 seconds and on "check now"', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const fetchMock = mockApi({
      'GET /api/config': () => publicConfig(),
      'GET /api/payment/status/P-TEST1234': () => payment(),
    })
    renderPanel()
    const checks = () => callsTo(fetchMock, 'GET /api/payment/status/P-TEST1234').length
    await waitFor(() => expect(checks()).toBe(1))

    await act(() => vi.advanceTimersByTimeAsync(29_000))
    expect(checks()).toBe(1)
    await act(() => vi.advanceTimersByTimeAsync(1_500))
    expect(checks()).toBe(2)
    await act(() => vi.advanceTimersByTimeAsync(30_000))
    expect(checks()).toBe(3)

    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    await user.click(screen.getByRole('button', { name: 'Check now' }))
    await waitFor(() => expect(checks()).toBe(4))
  })

  it('says what "check now" found: nothing yet, part of the amount, or a failed check', async () => {
    const user = userEvent.setup()
    let answer: () => unknown = () => payment()
    mockApi({
      'GET /api/config': () => publicConfig(),
      'GET /api/payment/status/P-TEST1234': () => answer(),
    })
    renderPanel(payment({ sol_amount: 0.25 }))
    const result = () =>
      screen.getAllByRole('status').find((node) => /Checked|check/.test(node.textContent ?? ''))
    await user.click(await screen.findByRole('button', { name: 'Check now' }))
    await waitFor(() =>
      expect(result()).toHaveTextContent(
        /^Checked at \d{2}:\d{2}:\d{2}: nothing has arrived yet\. The screen keeps checking by itself\.$/,
      ),
    )
    answer = () => payment({ sol_amount: 0.25, received_sol: 0.1 })
    await user.click(screen.getByRole('button', { name: 'Check now' }))
    await waitFor(() =>
      expect(result()).toHaveTextContent(/0\.1000 SOL of 0\.2500 SOL has arrived so far\.$/),
    )
    answer = () => apiError(503, 'SERVICE_UNAVAILABLE', 'The service is temporarily unavailable.')
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    await user.click(screen.getByRole('button', { name: 'Check now' }))
    await waitFor(() =>
      expect(result()).toHaveTextContent(
        'The check did not get through. Please try again in a moment.',
      ),
    )
  })

  it('reports a confirmed payment', async () => {
    mockApi({
      'GET /api/config': () => publicConfig(),
      'GET /api/payment/status/P-TEST1234': () => payment({ status: 'confirmed' }),
    })
    const { onConfirmed, onEnded } = renderPanel()
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledTimes(1))
    expect(onEnded).not.toHaveBeenCalled()
  })

  it.each(['expired', 'cancelled'] as const)(
    'reports a payment the server calls %s',
    async (status) => {
      mockApi({
        'GET /api/config': () => publicConfig(),
        'GET /api/payment/status/P-TEST1234': () => payment({ status }),
      })
      const { onConfirmed, onEnded } = renderPanel()
      await waitFor(() => expect(onEnded).toHaveBeenCalledWith(status))
      expect(onConfirmed).not.toHaveBeenCalled()
    },
  )

  it('ends when the countdown reaches 0', async () => {
    mockApi({
      'GET /api/config': () => publicConfig(),
      'GET /api/payment/status/P-TEST1234': () => payment(),
    })
    const { onEnded } = renderPanel(
      payment({ expiration_time: new Date(Date.now() - 1_000).toISOString() }),
    )
    await waitFor(() => expect(onEnded).toHaveBeenCalledWith('timeout'))
  })

  it('ignores a failed status check (logged only)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    mockApi({
      'GET /api/config': () => publicConfig(),
      'GET /api/payment/status/P-TEST1234': () =>
        apiError(500, 'INTERNAL_ERROR', 'An error occurred'),
    })
    const { onEnded, onConfirmed } = renderPanel()
    await waitFor(() => expect(warn).toHaveBeenCalled())
    expect(screen.queryByText('An error occurred')).not.toBeInTheDocument()
    expect(onEnded).not.toHaveBeenCalled()
    expect(onConfirmed).not.toHaveBeenCalled()
  })

  it('cancels without calling the server', async () => {
    const user = userEvent.setup()
    const fetchMock = mockApi({
      'GET /api/config': () => publicConfig(),
      'GET /api/payment/status/P-TEST1234': () => payment(),
    })
    const { onCancel } = renderPanel()
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onCancel).toHaveBeenCalledTimes(1)
    expect(callsTo(fetchMock, 'DELETE /api/payment/cancel/P-TEST1234')).toHaveLength(0)
  })

  it('copies values and says "Copied!"', async () => {
    const user = userEvent.setup()
    mockApi({
      'GET /api/config': () => publicConfig(),
      'GET /api/payment/status/P-TEST1234': () => payment(),
    })
    renderPanel()
    await user.click(screen.getByRole('button', { name: 'Copy amount' }))
    expect(await navigator.clipboard.readText()).toBe('0.1667')
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument()
    expect(screen.getAllByText('Copied!').length).toBeGreaterThanOrEqual(2) // button and toast

    await user.click(screen.getByRole('button', { name: 'Copy wallet address' }))
    expect(await navigator.clipboard.readText()).toBe(
      '6846MfAbB3bUYJosYQ8mD9rvcsFfiD6SByuABTsLQJSL',
    )
  })

  it('pays with the demo wallet and settles with its signature', async () => {
    const user = userEvent.setup()
    const signature = '5'.repeat(88)
    const fetchMock = mockApi({
      'GET /api/config': () => publicConfig(true),
      'GET /api/payment/status/P-TEST1234': () => payment(),
      'POST /api/dev/pay/P-TEST1234': () => ({ success: true, signature }),
      'POST /api/payment/P-TEST1234/submit-signature': () => payment({ status: 'confirmed' }),
    })
    const { onConfirmed } = renderPanel()
    await user.click(await screen.findByRole('button', { name: 'Pay with the demo wallet' }))
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledTimes(1))
    expect(callsTo(fetchMock, 'POST /api/payment/P-TEST1234/submit-signature')).toEqual([
      { signature },
    ])
  })

  it('submits a pasted transaction signature', async () => {
    const user = userEvent.setup()
    const fetchMock = mockApi({
      'GET /api/config': () => publicConfig(),
      'GET /api/payment/status/P-TEST1234': () => payment(),
      'POST /api/payment/P-TEST1234/submit-signature': () =>
        apiError(
          404,
          'TRANSACTION_NOT_FOUND',
          'Transaction not found. Please try again in a minute.',
        ),
    })
    renderPanel()
    await user.click(screen.getByText('Already paid? Enter the transaction signature'))
    const field = screen.getByLabelText('Transaction signature')
    await user.type(field, 'not-a-signature')
    await user.click(screen.getByRole('button', { name: 'Submit signature' }))
    expect(screen.getByText('This is not a valid transaction signature.')).toBeInTheDocument()
    expect(callsTo(fetchMock, 'POST /api/payment/P-TEST1234/submit-signature')).toHaveLength(0)

    await user.clear(field)
    await user.type(field, '3'.repeat(87))
    await user.click(screen.getByRole('button', { name: 'Submit signature' }))
    expect(
      await screen.findByText('Transaction not found. Please try again in a minute.'),
    ).toBeInTheDocument()
    expect(callsTo(fetchMock, 'POST /api/payment/P-TEST1234/submit-signature')).toEqual([
      { signature: '3'.repeat(87) },
    ])
  })
  it('reports a problem with the payment: text required, the ticket named once sent', async () => {
    const user = userEvent.setup()
    let answer: unknown = apiError(429, 'RATE_LIMITED', 'Too many requests. Please slow down.')
    const fetchMock = mockApi({
      'GET /api/config': () => publicConfig(),
      'GET /api/payment/status/P-TEST1234': () => payment(),
      'POST /api/payment/report-problem': () => answer,
    })
    renderPanel()
    await user.click(screen.getByText('Problem with this payment? Report it'))
    await user.click(screen.getByRole('button', { name: 'Send report' }))
    expect(screen.getByText('Describe the problem.')).toBeInTheDocument()
    expect(callsTo(fetchMock, 'POST /api/payment/report-problem')).toHaveLength(0)

    await user.click(screen.getByLabelText('What went wrong?'))
    await user.paste('Sent 0.25 SOL, still pending')
    await user.click(screen.getByRole('button', { name: 'Send report' }))
    expect(await screen.findByText('Too many requests. Please slow down.')).toBeInTheDocument()

    answer = { success: true, report_id: 3, ticket: { id: 9, ticket_id: 'T-ABC234' } }
    await user.click(screen.getByRole('button', { name: 'Send report' }))
    expect(await screen.findByText(/Your report is ticket T-ABC234/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to Support' })).toHaveAttribute('href', '/support')
    expect(callsTo(fetchMock, 'POST /api/payment/report-problem')).toEqual([
      { payment_code: 'P-TEST1234', description: 'Sent 0.25 SOL, still pending' },
      { payment_code: 'P-TEST1234', description: 'Sent 0.25 SOL, still pending' },
    ])
    const urls = fetchMock.mock.calls.map(([url]) => String(url))
    expect(urls).toContain('/api/payment/report-problem?lang=en')
  })
})
