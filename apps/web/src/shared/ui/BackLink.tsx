import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { ArrowLeftIcon } from './icons'

/** The link above a detail screen back to the list it was opened from. */
export function BackLink({
  to,
  className = '',
  children,
}: {
  to: string
  className?: string
  children: ReactNode
}) {
  return (
    <Link
      to={to}
      className={`${className} inline-flex items-center gap-1.5 font-medium text-slate-600 text-sm hover:text-slate-900`.trim()}
    >
      <ArrowLeftIcon className="size-4" />
      {children}
    </Link>
  )
}
