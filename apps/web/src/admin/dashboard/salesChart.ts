// What uPlot draws of the sales: revenue as bars on the left axis (euros), orders as a line on
// the right one, one slot per day (the x values are the days' positions, labelled with the day in
// the shop's time zone). Colours and sizes go to the canvas as options: nothing is injected into
// the page's styles, which the strict CSP would refuse.
import type { SalesDay } from '@shop/contract'
import uPlot from 'uplot'

const LOCALES: Record<string, string> = { en: 'en-GB', lt: 'lt-LT' }

export interface ChartTexts {
  date: string
  revenue: string
  orders: string
}

/** Formatters of the chart's days, euros and counts in the active language. */
export function chartFormat(lang: string) {
  const locale = LOCALES[lang.slice(0, 2)] ?? 'en-GB'
  // A day's date is a calendar date (the shop's day): shown as that date in UTC, it never moves.
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' })
  const eur = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' })
  const eurAxis = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
    notation: 'compact',
    maximumFractionDigits: 1,
  })
  const count = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })
  return {
    day: (date: string) => day.format(new Date(`${date}T00:00:00Z`)),
    eur: (value: number) => eur.format(value),
    eurAxis: (value: number) => eurAxis.format(value),
    count: (value: number) => count.format(value),
  }
}

export type ChartFormat = ReturnType<typeof chartFormat>

/**
 * The series as uPlot takes them: positions, revenue, orders. A day without orders is a gap in
 * the orders line, not a point at 0: in a shop that sells a few times a week, a line through the
 * zeros lay flat on the axis and hid the days that sold.
 */
export function chartData(sales: readonly SalesDay[]): uPlot.AlignedData {
  return [
    sales.map((_, i) => i),
    sales.map((day) => day.revenue_eur),
    sales.map((day) => (day.orders > 0 ? day.orders : null)),
  ]
}

/** A scale from 0 to a little above its highest value (1 when everything is 0). */
function fromZero(pad: number, whole: boolean): uPlot.Scale.Range {
  return (_chart, _min, max) => {
    const top = Math.max(max * pad, 1)
    return [0, whole ? Math.ceil(top) : top]
  }
}

export function chartOptions(
  sales: readonly SalesDay[],
  size: { width: number; height: number },
  texts: ChartTexts,
  format: ChartFormat,
): uPlot.Options {
  const label = (i: number | null | undefined) => {
    const day = i === null || i === undefined ? undefined : sales[Math.round(i)]
    return day ? format.day(day.date) : ''
  }
  // The legend names the day under the pointer, and the last day (today) while there is none.
  const shown = (idx: number | null | undefined) => sales[idx ?? sales.length - 1]
  const axisFont = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'
  return {
    ...size,
    scales: {
      // Half a slot either side, so that the first and last bars are whole.
      x: { time: false, range: () => [-0.5, sales.length - 0.5] },
      eur: { range: fromZero(1.15, false) },
      orders: { range: fromZero(1.25, true) },
    },
    series: [
      { label: texts.date, value: (_chart, i) => label(i ?? sales.length - 1) },
      {
        label: texts.revenue,
        scale: 'eur',
        stroke: '#047857',
        fill: 'rgba(5, 150, 105, 0.45)',
        width: 1,
        paths: uPlot.paths.bars?.({ size: [0.7, 36] }),
        points: { show: false },
        value: (_chart, _value, _series, idx) => format.eur(shown(idx)?.revenue_eur ?? 0),
      },
      {
        label: texts.orders,
        scale: 'orders',
        stroke: '#334155',
        width: 2,
        points: { show: true, size: 6, fill: '#334155' },
        value: (_chart, _value, _series, idx) => format.count(shown(idx)?.orders ?? 0),
      },
    ],
    axes: [
      {
        font: axisFont,
        stroke: '#475569',
        space: 56,
        incrs: [1, 2, 3, 7, 14, 15, 30],
        grid: { show: false },
        values: (_chart, splits) => splits.map((i) => (Number.isInteger(i) ? label(i) : '')),
      },
      {
        scale: 'eur',
        font: axisFont,
        stroke: '#475569',
        size: 64,
        grid: { stroke: '#e2e8f0', width: 1 },
        values: (_chart, splits) => splits.map((value) => format.eurAxis(value)),
      },
      {
        scale: 'orders',
        side: 1,
        font: axisFont,
        stroke: '#475569',
        size: 44,
        incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000],
        grid: { show: false },
        values: (_chart, splits) =>
          splits.map((value) => (Number.isInteger(value) ? format.count(value) : '')),
      },
    ],
    legend: { live: true },
    cursor: { drag: { x: false, y: false } },
  }
}
