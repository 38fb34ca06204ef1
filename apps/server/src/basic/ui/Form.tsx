// Every POST form of the basic shop: it carries the page's CSRF token (csrf.ts), so a form
// without this component is refused with 403.
import type { ReactNode } from 'react'
import { CSRF_FIELD } from '../csrf.js'
import { usePage } from '../page-context.js'

interface PostFormProps {
  action: string
  children: ReactNode
  className?: string
  /** Names the form for assistive technology when a page has several. */
  label?: string
}

export function PostForm({ action, children, className, label }: PostFormProps) {
  const { csrfToken } = usePage()
  return (
    <form method="post" action={action} className={className} aria-label={label} noValidate>
      <input type="hidden" name={CSRF_FIELD} value={csrfToken} />
      {children}
    </form>
  )
}

export const buttonClass = {
  primary:
    'inline-flex min-h-11 items-center justify-center rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-sm text-white hover:bg-emerald-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600',
  secondary:
    'inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-800 text-sm hover:bg-slate-50',
  danger:
    'inline-flex min-h-11 items-center justify-center rounded-lg bg-red-700 px-4 py-2 font-semibold text-sm text-white hover:bg-red-800',
  link: 'font-medium text-emerald-800 underline underline-offset-4 hover:text-emerald-900',
} as const
