import type { AdminCounts } from '@shop/contract'
import { Suspense, useEffect, useId, useState } from 'react'
import { Link, NavLink, Outlet, useLocation } from 'react-router'
import { useTranslation } from '../../shared/i18n'
import { CrossIcon, LogoutIcon, MenuIcon, ShieldIcon } from '../../shared/ui/icons'
import { SkipLink } from '../../shared/ui/SkipLink'
import { PageSpinner } from '../../shared/ui/Spinner'
import { useAdminLogout, useStaff } from '../auth/session'
import { LanguageSwitch } from '../ui/LanguageSwitch'
import { countOf, NavCount, useAdminCounts, useTitleCount } from './counts'
import { navFor } from './nav'
import { ScreenErrorBoundary } from './ScreenErrorBoundary'

function Brand() {
  const { t } = useTranslation()
  return (
    <Link to="/" className="flex items-center gap-2.5 rounded-lg font-bold text-slate-900">
      <span className="flex size-9 items-center justify-center rounded-lg bg-slate-900 text-emerald-400">
        <ShieldIcon className="size-5" />
      </span>
      <span className="leading-tight">
        <span className="block text-base">{t('app.name')}</span>
        <span className="block font-medium text-slate-500 text-xs">{t('app.backOffice')}</span>
      </span>
    </Link>
  )
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-lg px-3 py-2.5 font-medium text-sm transition-colors ${
    isActive ? 'bg-slate-900 text-white' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
  }`

/** The screens of the signed-in role, then who is signed in, the language and sign-out. */
function Navigation({
  label,
  onNavigate,
  counts,
}: {
  label: string
  onNavigate?: () => void
  counts: AdminCounts | undefined
}) {
  const { t } = useTranslation()
  const staff = useStaff()
  const logout = useAdminLogout()
  return (
    <nav aria-label={label} className="flex flex-1 flex-col">
      <ul className="flex flex-col gap-0.5">
        {navFor(staff?.role).map((entry) => (
          <li key={entry.to}>
            <NavLink to={entry.to} className={linkClass} onClick={onNavigate}>
              <entry.icon className="size-5 shrink-0" />
              {t(entry.label)}
              <NavCount count={countOf(counts, entry.to)} />
            </NavLink>
          </li>
        ))}
      </ul>
      <div className="mt-auto border-slate-200 border-t pt-4">
        {staff ? (
          <p className="mb-3 px-1 text-sm">
            <span className="block truncate font-semibold text-slate-900">{staff.username}</span>
            <span className="text-slate-500">{t(`roles.${staff.role}`)}</span>
          </p>
        ) : null}
        <div className="flex items-center justify-between gap-2">
          <LanguageSwitch />
          <button
            type="button"
            onClick={logout}
            className="flex h-9 items-center gap-2 rounded-lg px-2.5 font-medium text-slate-700 text-sm hover:bg-slate-100 hover:text-slate-900"
          >
            <LogoutIcon className="size-5" />
            {t('nav.logout')}
          </button>
        </div>
      </div>
    </nav>
  )
}

/**
 * The frame of every signed-in screen: a sidebar from the lg breakpoint, below it a top bar whose
 * menu button opens the same navigation.
 */
export function AdminLayout() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const [menuOpen, setMenuOpen] = useState(false)
  const menuId = useId()
  const counts = useAdminCounts()
  useTitleCount(counts)

  // The phone menu closes after each navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when the path changes
  useEffect(() => setMenuOpen(false), [pathname])

  return (
    <div className="min-h-dvh bg-slate-50">
      <SkipLink />
      <aside className="fixed inset-y-0 left-0 hidden w-64 flex-col gap-6 border-slate-200 border-r bg-white px-4 py-5 lg:flex">
        <Brand />
        <Navigation label={t('nav.main')} counts={counts} />
      </aside>
      <header className="sticky top-0 z-40 border-slate-200 border-b bg-white lg:hidden">
        <div className="flex h-16 items-center justify-between gap-3 px-4">
          <Brand />
          <button
            type="button"
            className="flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CrossIcon className="size-6" /> : <MenuIcon className="size-6" />}
            <span className="sr-only">{t('nav.menu')}</span>
          </button>
        </div>
        <div
          id={menuId}
          hidden={!menuOpen}
          className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-slate-200 border-t px-4 py-3"
        >
          {menuOpen ? (
            <Navigation
              label={t('nav.mobile')}
              onNavigate={() => setMenuOpen(false)}
              counts={counts}
            />
          ) : null}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="focus:outline-none lg:pl-64">
        <ScreenErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </ScreenErrorBoundary>
      </main>
    </div>
  )
}
