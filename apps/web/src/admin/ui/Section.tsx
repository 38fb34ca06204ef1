import { type ReactNode, useId } from 'react'

/** A titled white section of a detail page (an order, a ticket and its customer). */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId()
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id={titleId} className="mb-3 font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  )
}
