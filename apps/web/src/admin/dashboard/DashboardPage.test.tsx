import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import i18n from '../../shared/i18n'
import { mockApi } from '../../test/api'
import { dashboard } from '../test/dashboardFixtures'
import { me } from '../test/fixtures'
import { owner, renderAdmin, signInStaff, support } from '../test/render'

// jsdom draws no canvas: uPlot is replaced by a recorder of what it was asked to draw.
const charts = vi.hoisted(() => [] as { options: unknown; data: unknown[][]; destroyed: boolean }[])
vi.mock('uplot', () => {
  class FakePlot {
    static paths = { bars: () => () => null }
    record: { options: unknown; data: unknown[][]; destroyed: boolean }
    constructor(options: unknown, data: unknown[][]) {
      this.record = { options, data, destroyed: false }
      charts.push(this.record)
    }
    setSize() {}
    destroy() {
      this.record.destroyed = true
    }
  }
  return { default: FakePlot }
})

function mockDashboard() {
  return mockApi({
    ...me(owner),
    'GET /api/admin/dashboard': ({ query }) => dashboard(Number(query.get('days'))),
  })
}

const dashboardCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://shop.test'))
    .filter((url) => url.pathname === '/api/admin/dashboard')

describe('the dashboard', () => {
  it("is the owner's first screen: every figure from one request, each tile opening its list", async () => {
    signInStaff(owner)
    const fetchMock = mockDashboard()
    const { router } = renderAdmin('/')
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' })
    expect(router.state.location.pathname).toBe('/dashboard')

    const waiting = await screen.findByRole('region', { name: 'Orders waiting for delivery' })
    expect(waiting).toHaveTextContent('Orders waiting for delivery: 2')
    expect(within(waiting).getByRole('link', { name: 'Show them' })).toHaveAttribute(
      'href',
      '/orders?status=processing',
    )

    const tile = (name: RegExp) => screen.getByRole('link', { name })
    expect(tile(/^Today/)).toHaveTextContent('€42.50Orders: 3')
    expect(tile(/^This month/)).toHaveTextContent('€1,234.75Orders: 11')
    expect(tile(/^Pending crypto payments/)).toHaveTextContent('2Worth €37.50')
    expect(tile(/^Pending crypto payments/)).toHaveAttribute(
      'href',
      '/payments?status=pending&method=crypto',
    )
    expect(tile(/^Open tickets/)).toHaveAttribute('href', '/tickets?status=open')
    expect(tile(/^Open tickets/)).toHaveTextContent('5')
    expect(tile(/^Unmatched transfers/)).toHaveAttribute('href', '/transfers')
    expect(tile(/^Low stock/)).toHaveAttribute('href', '/products')
    expect(tile(/^Low stock/)).toHaveTextContent('2Products with 3 or fewer units left')

    // One request for all of it: the waiting card takes the dashboard's count.
    expect(dashboardCalls(fetchMock).map((url) => url.searchParams.get('days'))).toEqual(['30'])
    expect(
      fetchMock.mock.calls.some(([input]) => String(input).includes('/api/admin/orders')),
    ).toBe(false)
  })

  it('draws sales per day in the browser and gives the same figures as a table', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    mockDashboard()
    charts.length = 0
    renderAdmin('/dashboard')
    const card = await screen.findByRole('region', { name: 'Sales per day, last 30 days' })
    expect(card).toHaveTextContent('€54.50 · orders: 4')
    expect(within(card).getByRole('img', { name: /Chart of sales per day/ })).toBeInTheDocument()
    // The days are the shop's, named in the owner's language.
    expect(card).toHaveTextContent(
      'Days run from midnight to midnight, Eastern European Time (Europe/Vilnius).',
    )

    const chart = charts.at(-1)
    expect(chart?.data[0]).toHaveLength(30)
    expect(chart?.data[1]?.slice(-2)).toEqual([12, 42.5])
    expect(chart?.data[2]?.slice(-2)).toEqual([1, 3])
    // A day without orders is a gap, not a point on a line flat at zero.
    expect(chart?.data[2]?.slice(-3, -2)).toEqual([null])
    expect(chart?.data[2]?.filter((orders) => orders !== null)).toEqual([1, 3])
    // Without a pointer on the chart the legend reads today's figures, not dashes; on a day
    // without orders it reads 0.
    type Legend = (chart: unknown, value: unknown, series: number, idx: number | null) => string
    const series = (chart?.options as { series: { value: Legend }[] } | undefined)?.series ?? []
    const legend = (idx: number | null, raw: unknown = null) =>
      series.map((one, i) => one.value(null, idx === null ? null : raw, i, idx))
    expect(legend(null)).toEqual(['30 Mar', '€42.50', '3'])
    expect(legend(27, 27)).toEqual(['28 Mar', '€0.00', '0'])

    await user.click(within(card).getByText('Show the figures as a table'))
    const rows = within(card).getAllByRole('row')
    expect(rows).toHaveLength(31)
    expect(rows[1]).toHaveTextContent('30 Mar3€42.50')
    expect(rows[2]).toHaveTextContent('29 Mar1€12.00')
    expect(rows[3]).toHaveTextContent('28 Mar0€0.00')
  })

  it('lists payments by method, products running out and the health of SOL payments', async () => {
    signInStaff(owner)
    mockDashboard()
    renderAdmin('/dashboard')
    const payments = await screen.findByRole('region', { name: 'Payments by method' })
    expect(within(payments).getByRole('link', { name: 'Balance top-ups in SOL' })).toHaveAttribute(
      'href',
      '/payments?method=crypto&kind=topup&status=confirmed',
    )
    expect(payments).toHaveTextContent('Purchases paid from the balance€80.00Payments: 6')
    expect(payments).toHaveTextContent('Purchases paid in USDC€25.00Payments: 1')

    const low = screen.getByRole('region', { name: 'Low stock' })
    expect(within(low).getByRole('link', { name: 'Gift card' })).toHaveAttribute(
      'href',
      '/products/9',
    )
    expect(low).toHaveTextContent('Gift cardCode deliverySold out')
    expect(low).toHaveTextContent('Hand creamLeft: 2')

    const health = screen.getByRole('region', { name: 'Crypto payments' })
    expect(health).toHaveTextContent('Fresh')
    expect(health).toHaveTextContent('coingecko')
    expect(health).toHaveTextContent('123,456,789')
    expect(health).toHaveTextContent('Behind')
    expect(health).toHaveTextContent('Last error: RPC timed out')

    const backups = screen.getByRole('region', { name: 'Backups' })
    expect(backups).toHaveTextContent('Failed')
    expect(backups).toHaveTextContent('ENOSPC: no space left on device')
    expect(within(backups).getByRole('link', { name: 'All backups' })).toHaveAttribute(
      'href',
      '/backups',
    )
  })

  it('changes the period through the address', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    const fetchMock = mockDashboard()
    const { router } = renderAdmin('/dashboard')
    const period = await screen.findByRole('navigation', { name: 'Period' })
    expect(within(period).getByRole('link', { name: '30 days' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await user.click(within(period).getByRole('link', { name: '7 days' }))
    await screen.findByRole('region', { name: 'Sales per day, last 7 days' })
    expect(router.state.location.search).toBe('?days=7')
    expect(dashboardCalls(fetchMock).map((url) => url.searchParams.get('days'))).toEqual([
      '30',
      '7',
    ])
  })

  it('speaks Lithuanian, with Lithuanian numbers', async () => {
    await i18n.changeLanguage('lt')
    try {
      signInStaff(owner)
      mockDashboard()
      renderAdmin('/dashboard')
      await screen.findByRole('heading', { level: 1, name: 'Suvestinė' })
      expect(await screen.findByRole('link', { name: /^Šį mėnesį/ })).toHaveTextContent(
        /1\s234,75\s€Užsakymų: 11/,
      )
      expect(screen.getByRole('region', { name: 'Baigiasi atsargos' })).toHaveTextContent(
        'Rankų kremasLiko: 2',
      )
      expect(
        screen.getByRole('region', { name: 'Pardavimai per dieną, paskutinės 30 d.' }),
      ).toHaveTextContent(
        'Dienos skaičiuojamos nuo vidurnakčio iki vidurnakčio: Rytų Europos laikas (Europe/Vilnius).',
      )
    } finally {
      await i18n.changeLanguage('en')
    }
  })

  it("warns while the shop's disk is nearly full, and says writes are refused once it is full", async () => {
    signInStaff(owner)
    let disk = { free_bytes: 1.5 * 1024 ** 3, total_bytes: 40 * 1024 ** 3, low: true, full: false }
    mockApi({
      ...me(owner),
      'GET /api/admin/dashboard': ({ query }) => ({
        ...dashboard(Number(query.get('days'))),
        disk,
      }),
    })
    const { unmount } = renderAdmin('/dashboard')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "The shop's disk is nearly full: 1.5 GB free of 40 GB.",
    )
    unmount()
    disk = { free_bytes: 20 * 1024 ** 2, total_bytes: 40 * 1024 ** 3, low: true, full: true }
    await i18n.changeLanguage('lt')
    try {
      renderAdmin('/dashboard')
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Parduotuvės diskas pilnas (laisva 20 MB)',
      )
    } finally {
      await i18n.changeLanguage('en')
    }
  })

  it("is not a support colleague's screen: their first screen is another one", async () => {
    signInStaff(support)
    const fetchMock = mockApi({
      ...me(support),
      'GET /api/admin/orders': () => ({ orders: [], total: 0 }),
      'GET /api/admin/tickets': () => ({ tickets: [], total: 0 }),
    })
    const { router } = renderAdmin('/')
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/'))
    expect(router.state.location.pathname).not.toBe('/dashboard')
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument()
    expect(dashboardCalls(fetchMock)).toEqual([])
  })
})
