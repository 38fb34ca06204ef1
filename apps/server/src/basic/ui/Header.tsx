// The basic shop's header: the brand, the pages (a signed-in customer's, or sign-in and sign-up
// for a visitor), sign-out and the language switch. Without a script there is no menu to open,
// so on a phone the links wrap below the brand.

import { usePage } from '../page-context.js'
import { BASIC_PATHS } from '../paths.js'
import { buttonClass, PostForm } from './Form.js'
import { ShieldIcon } from './icons.js'
import { LanguageSwitch } from './LanguageSwitch.js'

const MEMBER_LINKS = [
  { href: BASIC_PATHS.products, labelKey: 'nav.products' },
  { href: BASIC_PATHS.cart, labelKey: 'nav.cart' },
  { href: BASIC_PATHS.orders, labelKey: 'nav.orders' },
  { href: BASIC_PATHS.balance, labelKey: 'nav.balance' },
  { href: BASIC_PATHS.support, labelKey: 'nav.support' },
  { href: BASIC_PATHS.profile, labelKey: 'nav.profile' },
] as const

const GUEST_LINKS = [
  { href: BASIC_PATHS.login, labelKey: 'nav.login' },
  { href: BASIC_PATHS.register, labelKey: 'nav.register' },
] as const

/** Whether `path` is the page of `href` or one below it (a product's page is under Products). */
function isCurrent(path: string, href: string): boolean {
  const bare = path.split('?')[0] ?? path
  return bare === href || bare.startsWith(`${href}/`)
}

export function Header() {
  const { t, auth, path } = usePage()
  const links = auth ? MEMBER_LINKS : GUEST_LINKS
  return (
    <header className="border-slate-200 border-b bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 sm:px-6">
        <a
          href={BASIC_PATHS.home}
          className="flex shrink-0 items-center gap-2 rounded-lg font-bold text-lg text-slate-900 tracking-tight"
        >
          <span className="flex size-9 items-center justify-center rounded-lg bg-slate-900 text-emerald-400">
            <ShieldIcon className="size-5" />
          </span>
          {t('app.name')}
        </a>
        <div className="ml-auto flex items-center gap-2">
          {auth ? (
            <PostForm action={BASIC_PATHS.logout}>
              <button type="submit" className={`${buttonClass.secondary} min-h-10 px-3`}>
                {t('nav.logout')}
              </button>
            </PostForm>
          ) : null}
          <LanguageSwitch />
        </div>
        <nav aria-label={t('nav.main')} className="w-full">
          <ul className="flex flex-wrap items-center gap-1">
            {links.map((link) => {
              const current = isCurrent(path, link.href)
              return (
                <li key={link.href}>
                  <a
                    href={link.href}
                    aria-current={current ? 'page' : undefined}
                    className={`inline-flex min-h-10 items-center rounded-lg px-2.5 font-medium text-sm ${
                      current
                        ? 'bg-slate-100 text-slate-900'
                        : 'text-slate-600 hover:bg-slate-50 hover:text-slate-900'
                    }`}
                  >
                    {t(link.labelKey)}
                  </a>
                </li>
              )
            })}
          </ul>
        </nav>
      </div>
    </header>
  )
}
