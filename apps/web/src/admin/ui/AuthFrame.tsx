import type { ReactNode } from 'react'
import { useTranslation } from '../../shared/i18n'
import { ShieldIcon } from '../../shared/ui/icons'
import { LanguageSwitch } from './LanguageSwitch'

interface AuthFrameProps {
  title: ReactNode
  description?: ReactNode
  children: ReactNode
  /** Wider for the authenticator step (QR code beside the recovery codes). */
  wide?: boolean
}

/** The signed-out screens (sign-in, setup): the brand, the language switch and one card. */
export function AuthFrame({ title, description, children, wide = false }: AuthFrameProps) {
  const { t } = useTranslation()
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between gap-3 px-4 py-4 sm:px-6">
        <span className="flex items-center gap-2.5 font-bold text-slate-900">
          <span className="flex size-9 items-center justify-center rounded-lg bg-slate-900 text-emerald-400">
            <ShieldIcon className="size-5" />
          </span>
          <span className="leading-tight">
            <span className="block">{t('app.name')}</span>
            <span className="block font-medium text-slate-500 text-xs">{t('app.backOffice')}</span>
          </span>
        </span>
        <LanguageSwitch />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-6 pb-12 sm:items-center sm:pt-0">
        <div
          className={`w-full ${wide ? 'max-w-3xl' : 'max-w-md'} rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8`}
        >
          <h1 className="font-bold text-2xl text-slate-900 tracking-tight">{title}</h1>
          {description ? <p className="mt-1.5 text-slate-600">{description}</p> : null}
          <div className="mt-6">{children}</div>
        </div>
      </main>
    </div>
  )
}
