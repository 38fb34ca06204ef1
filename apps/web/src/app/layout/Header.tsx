import { useEffect, useState } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { useUnreadTickets } from '../../features/support/api/tickets'
import { displayName, useAuthStore } from '../../shared/auth/store'
import { useLogout } from '../../shared/auth/useLogout'
import { useTranslation } from '../../shared/i18n'
import { ButtonLink } from '../../shared/ui/Button'
import { CartIcon, CrossIcon, LogoutIcon, MenuIcon, ShieldIcon } from '../../shared/ui/icons'
import { LanguageToggle } from './LanguageToggle'
import { MobileMenu } from './MobileMenu'
import { NavItems } from './NavItems'
import { useCartCount } from './useCartCount'

const MOBILE_MENU_ID = 'mobile-menu'

/**
 * The logo, linking home. Where space is short only the icon shows (the name stays for screen
 * readers): below 420 px for visitors, between md and lg for signed-in users (full navigation).
 */
function Brand({ compact }: { compact: 'narrow' | 'tablet' }) {
  const { t } = useTranslation()
  return (
    <Link
      to="/"
      className="flex shrink-0 items-center gap-2 rounded-lg font-bold text-slate-900 tracking-tight"
    >
      <span className="flex size-9 items-center justify-center rounded-lg bg-slate-900 text-emerald-400">
        <ShieldIcon className="size-5" />
      </span>
      <span
        className={
          compact === 'narrow'
            ? 'sr-only text-lg min-[420px]:not-sr-only'
            : 'text-lg md:sr-only lg:not-sr-only'
        }
      >
        {t('app.name')}
      </span>
    </Link>
  )
}

function CartLink() {
  const { t } = useTranslation()
  const count = useCartCount()
  return (
    <Link
      to="/cart"
      className="relative flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 hover:text-slate-900"
      aria-label={count > 0 ? t('nav.cartWithCount', { count }) : t('nav.cart')}
    >
      <CartIcon className="size-6" />
      {count > 0 ? (
        <span
          aria-hidden="true"
          className="absolute top-0.5 right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-emerald-700 px-1 font-bold text-[11px] text-white ring-2 ring-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  )
}

/** On a phone the Support link is inside the menu: its button shows that a reply is waiting. */
function MenuUnreadDot() {
  const { t } = useTranslation()
  const unread = useUnreadTickets()
  if (unread === 0) return null
  return (
    <>
      <span
        aria-hidden="true"
        className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-emerald-600 ring-2 ring-white"
      />
      <span className="sr-only"> ({t('nav.unreadReplies', { count: unread })})</span>
    </>
  )
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-2 py-2 font-medium text-sm transition-colors lg:px-2.5 ${
    isActive
      ? 'bg-slate-100 text-slate-900'
      : 'text-slate-600 hover:bg-slate-50 hover:text-slate-900'
  }`

export function Header() {
  const { t } = useTranslation()
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated)
  const user = useAuthStore((state) => state.user)
  const logout = useLogout()
  const [menuOpen, setMenuOpen] = useState(false)
  const { pathname } = useLocation()

  // Close the mobile menu after navigating and when the session ends.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when these change
  useEffect(() => setMenuOpen(false), [pathname, isAuthenticated])

  return (
    <header className="sticky top-0 z-40 border-slate-200 border-b bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
        <Brand compact={isAuthenticated ? 'tablet' : 'narrow'} />

        {isAuthenticated ? (
          <>
            <nav aria-label={t('nav.main')} className="hidden md:ml-1 md:block lg:ml-4">
              <ul className="flex items-center gap-0.5">
                <NavItems linkClass={navLinkClass} />
              </ul>
            </nav>

            <div className="ml-auto flex items-center gap-1.5">
              <CartLink />
              <div className="hidden items-center gap-1.5 md:flex">
                <NavLink
                  to="/profile"
                  className={(state) => `max-w-24 truncate lg:max-w-40 ${navLinkClass(state)}`}
                >
                  {displayName(user)}
                </NavLink>
                <button
                  type="button"
                  onClick={logout}
                  title={t('nav.logout')}
                  className="flex h-10 items-center gap-2 rounded-lg px-2.5 font-medium text-slate-600 text-sm hover:bg-slate-100 hover:text-slate-900"
                >
                  <LogoutIcon className="size-5" />
                  <span className="sr-only xl:not-sr-only">{t('nav.logout')}</span>
                </button>
                <LanguageToggle className="ml-1" />
              </div>
              <button
                type="button"
                className="relative flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden"
                aria-expanded={menuOpen}
                aria-controls={MOBILE_MENU_ID}
                onClick={() => setMenuOpen((open) => !open)}
              >
                {menuOpen ? <CrossIcon className="size-6" /> : <MenuIcon className="size-6" />}
                <span className="sr-only">{t('nav.menu')}</span>
                <MenuUnreadDot />
              </button>
            </div>
          </>
        ) : (
          <div className="ml-auto flex items-center gap-2">
            <LanguageToggle />
            <ButtonLink to="/login" size="sm">
              {t('nav.login')}
            </ButtonLink>
          </div>
        )}
      </div>

      {isAuthenticated ? (
        <MobileMenu
          id={MOBILE_MENU_ID}
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          userName={displayName(user)}
          onLogout={logout}
        />
      ) : null}
    </header>
  )
}
