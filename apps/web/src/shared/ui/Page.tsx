import type { ReactNode } from 'react'
import { useDocumentTitle } from '../i18n'

interface PageProps {
  title: ReactNode
  /** A line under the title. */
  description?: ReactNode
  /** Buttons beside the title. */
  actions?: ReactNode
  children: ReactNode
  /** Narrow pages (forms) use a smaller width. */
  width?: 'narrow' | 'medium' | 'wide'
  /** The browser tab's title, when `title` is not plain text; else `title` names the tab. */
  documentTitle?: string
}

const widths = { narrow: 'max-w-md', medium: 'max-w-3xl', wide: 'max-w-6xl' } as const

/** The frame of a screen: one h1 (which also names the tab), a description and actions. */
export function Page({
  title,
  description,
  actions,
  children,
  width = 'wide',
  documentTitle,
}: PageProps) {
  useDocumentTitle(documentTitle ?? (typeof title === 'string' ? title : null))
  return (
    <div className={`mx-auto w-full ${widths[width]} px-4 py-8 sm:px-6 sm:py-10`}>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4 sm:mb-8">
        <div className="min-w-0">
          <h1 className="text-balance font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">
            {title}
          </h1>
          {description ? <p className="mt-1.5 text-slate-600">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </div>
  )
}
