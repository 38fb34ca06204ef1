import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useAuthStore } from '../../shared/auth/store'
import { useTranslation } from '../../shared/i18n'
import { CheckIcon, ShieldIcon } from '../../shared/ui/icons'

// Every claim here must stay true of the running shop.
const CLAIM_KEYS = [
  'footer.claims.noContactDetails',
  'footer.claims.noIpLogs',
  'footer.claims.torVpn',
  'footer.claims.argon2',
  'footer.claims.noThirdParty',
  'footer.claims.tls',
] as const

const GUEST_LINKS = [
  { to: '/', labelKey: 'nav.home' },
  { to: '/login', labelKey: 'nav.login' },
  { to: '/register', labelKey: 'nav.register' },
] as const

const MEMBER_LINKS = [
  { to: '/products', labelKey: 'nav.products' },
  { to: '/cart', labelKey: 'nav.cart' },
  { to: '/orders', labelKey: 'nav.orders' },
  { to: '/balance', labelKey: 'nav.balance' },
] as const

const linkClass = 'rounded text-slate-300 hover:text-white hover:underline underline-offset-4'

/** A titled list of the footer: the quick links (a navigation) or the privacy claims. */
function FooterList({
  as: Tag,
  id,
  title,
  children,
}: {
  as: 'nav' | 'section'
  id: string
  title: string
  children: ReactNode
}) {
  return (
    <Tag aria-labelledby={id}>
      <h2 id={id} className="font-semibold text-base text-white">
        {title}
      </h2>
      <ul className="mt-3 space-y-2">{children}</ul>
    </Tag>
  )
}

export function Footer() {
  const { t } = useTranslation()
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated)
  const links = isAuthenticated ? MEMBER_LINKS : GUEST_LINKS
  // Customers have support (FAQ and tickets); visitors the public FAQ.
  const faqLink = isAuthenticated ? '/support' : '/faq'
  const year = new Date().getFullYear()

  return (
    <footer className="bg-slate-950 text-slate-400 text-sm">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1.4fr] lg:gap-12">
        <section aria-labelledby="footer-about" className="md:col-span-2 lg:col-span-1">
          <h2
            id="footer-about"
            className="flex items-center gap-2 font-semibold text-base text-white"
          >
            <ShieldIcon className="size-5 text-emerald-400" />
            {t('footer.about.title')}
          </h2>
          <p className="mt-3 max-w-sm leading-relaxed">{t('footer.about.text')}</p>
        </section>

        <FooterList as="nav" id="footer-links" title={t('footer.links.title')}>
          {[...links, { to: faqLink, labelKey: 'footer.links.faq' }].map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={linkClass}>
                {t(link.labelKey)}
              </Link>
            </li>
          ))}
        </FooterList>

        <FooterList as="section" id="footer-claims" title={t('footer.claims.title')}>
          {CLAIM_KEYS.map((key) => (
            <li key={key} className="flex gap-2">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-emerald-400" />
              <span>{t(key)}</span>
            </li>
          ))}
        </FooterList>
      </div>
      <div className="border-white/10 border-t">
        <p className="mx-auto max-w-6xl px-4 py-5 text-slate-400 text-xs sm:px-6">
          {t('footer.copyright', { year, name: t('app.name') })}
        </p>
      </div>
    </footer>
  )
}
