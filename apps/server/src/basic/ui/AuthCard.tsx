// The frame of the sign-in and sign-up pages, as the app's (features/auth/components/AuthCard).
import type { ReactNode } from 'react'
import { ShieldIcon } from './icons.js'

interface AuthCardProps {
  title: string
  subtitle: string
  switchTo: { text: string; href: string; label: string }
  children: ReactNode
}

export function AuthCard({ title, subtitle, switchTo, children }: AuthCardProps) {
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
          <a
            href={switchTo.href}
            className="font-semibold text-emerald-800 underline-offset-4 hover:underline"
          >
            {switchTo.label}
          </a>
        </p>
      </div>
    </div>
  )
}
