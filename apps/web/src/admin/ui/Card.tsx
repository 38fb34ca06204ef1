import type { ReactNode } from 'react'

/** A titled white card of the dashboard, with an optional line or link beside the title. */
export function Card({
  title,
  aside,
  children,
  className = '',
}: {
  title: string
  aside?: ReactNode
  children: ReactNode
  className?: string
}) {
  return (
    <section
      aria-label={title}
      className={`min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 ${className}`}
    >
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="font-semibold text-slate-900">{title}</h2>
        {aside ? <div className="text-slate-600 text-sm">{aside}</div> : null}
      </div>
      {children}
    </section>
  )
}
