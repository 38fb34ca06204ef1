// A page's frame, as the app's (shared/ui/Page): the heading, an optional line under it, and the
// content, at the app's widths.
import type { ReactNode } from 'react'
import { Layout } from './Layout.js'

interface PageProps {
  title: string
  description?: string | undefined
  children: ReactNode
  head?: ReactNode
  /** Narrow pages (an order, a ticket, a form) read better in one column. */
  narrow?: boolean
}

export function Page({ title, description, children, head, narrow }: PageProps) {
  return (
    <Layout title={title} head={head}>
      <div
        className={`mx-auto w-full ${narrow ? 'max-w-3xl' : 'max-w-6xl'} px-4 py-6 sm:px-6 sm:py-10`}
      >
        <h1 className="text-balance break-words font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">
          {title}
        </h1>
        {description ? <p className="mt-1 text-slate-600">{description}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </Layout>
  )
}

/** A white card with a heading, as the app's CardSection. */
export function Card({
  title,
  titleId,
  children,
  as: Tag = 'section',
}: {
  title: string
  titleId: string
  children: ReactNode
  as?: 'section' | 'aside'
}) {
  return (
    <Tag
      aria-labelledby={titleId}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={titleId} className="mb-4 font-semibold text-lg text-slate-900">
        {title}
      </h2>
      {children}
    </Tag>
  )
}
