import type { SalesDay } from '@shop/contract'
import { useEffect, useMemo, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { useTranslation } from '../../shared/i18n'
import { chartData, chartFormat, chartOptions } from './salesChart'

const HEIGHT = { phone: 220, wide: 280 } as const
/** Below this width (the chart's own, in CSS pixels) the chart is drawn lower. */
const PHONE_WIDTH = 520

function sizeOf(element: HTMLElement) {
  const width = Math.max(element.clientWidth, 240)
  return { width, height: width < PHONE_WIDTH ? HEIGHT.phone : HEIGHT.wide }
}

/**
 * Sales per day drawn on a canvas by uPlot in the browser (no third-party service): revenue as
 * bars, orders as a line, the figures of the day under the pointer in the legend. It follows its
 * box's width. The same figures are in the table below it for screen readers and keyboards.
 */
export function SalesChart({ sales, label }: { sales: readonly SalesDay[]; label: string }) {
  const { t, i18n } = useTranslation()
  const box = useRef<HTMLDivElement>(null)
  const lang = i18n.resolvedLanguage ?? i18n.language
  const texts = useMemo(
    () => ({
      date: t('dashboard.date'),
      revenue: t('dashboard.revenue'),
      orders: t('dashboard.ordersSeries'),
    }),
    [t],
  )

  useEffect(() => {
    const element = box.current
    if (!element) return
    const format = chartFormat(lang)
    const chart = new uPlot(
      chartOptions(sales, sizeOf(element), texts, format),
      chartData(sales),
      element,
    )
    const observer =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver(() => chart.setSize(sizeOf(element)))
        : undefined
    observer?.observe(element)
    return () => {
      observer?.disconnect()
      chart.destroy()
    }
  }, [sales, texts, lang])

  return <div ref={box} role="img" aria-label={label} className="sales-chart w-full" />
}
