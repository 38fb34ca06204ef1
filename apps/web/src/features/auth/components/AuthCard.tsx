import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useDocumentTitle } from '../../../shared/i18n'
import { ShieldIcon } from '../../../shared/ui/icons'

interface AuthCardProps {
  title: string
  subtitle: string
  children: ReactNode
  /** The line under the card that leads to the other form. */
  switchTo: { text: string; to: string; label: string }
}

/** The frame of the login and register forms. */
export function AuthCard({ title, subtitle, children, switchTo }: AuthCardProps) {
  useDocumentTitle(title)
  return (
    <div className="flex justify-center bg-slate-50 px-4 py-10 sm:py-16">
      <div className="w-full max-w-md">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <span className="flex size-11 items-center justify-center rounded-xl bg-slate-900 text-emerald-400">
            <ShieldIcon className="size-6" />
          </span>
          <h1 className="mt-5 font-bold text-2xl text-slate-900 tracking-tight">{title}</h1>
          <p className="mt-1 text-slate-600">{subtitle}</p>
          <div className="mt-6">{children}</div>
        </div>
        <p className="mt-6 text-center text-slate-600 text-sm">
          {switchTo.text}{' '}
          <Link
            to={switchTo.to}
            className="font-semibold text-emerald-700 underline-offset-4 hover:underline"
          >
            {switchTo.label}
          </Link>
        </p>
      </div>
    </div>
  )
}
