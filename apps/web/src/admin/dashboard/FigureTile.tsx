import type { ReactNode } from 'react'
import { Link } from 'react-router'

/**
 * One figure of the dashboard as a card that opens its list. `attention` marks what waits for
 * someone (amber); the text says it too, never the colour alone.
 */
export function FigureTile({
  to,
  title,
  value,
  detail,
  attention = false,
}: {
  to: string
  title: string
  value: ReactNode
  detail: ReactNode
  attention?: boolean
}) {
  return (
    <Link
      to={to}
      className={`group flex min-w-0 flex-col rounded-2xl border p-4 shadow-sm transition hover:shadow-md focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2 ${
        attention
          ? 'border-amber-200 bg-amber-50 hover:border-amber-300'
          : 'border-slate-200 bg-white hover:border-slate-300'
      }`}
    >
      <span
        className={`font-medium text-sm ${attention ? 'text-amber-900' : 'text-slate-600'} group-hover:underline`}
      >
        {title}
      </span>
      <span
        className={`mt-1 font-bold text-2xl tabular-nums tracking-tight ${
          attention ? 'text-amber-950' : 'text-slate-900'
        }`}
      >
        {value}
      </span>
      <span className={`mt-0.5 text-xs ${attention ? 'text-amber-900' : 'text-slate-500'}`}>
        {detail}
      </span>
    </Link>
  )
}
