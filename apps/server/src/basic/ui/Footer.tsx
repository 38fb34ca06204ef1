// The footer of the app's layout (apps/web/src/app/layout/Footer.tsx): about, quick links and the
// privacy claims, every one of which must stay true of the basic shop too (docs/promises.md).
import type { ReactNode } from 'react'
import { usePage } from '../page-context.js'
import { BASIC_PATHS } from '../paths.js'
import { CheckIcon, ShieldIcon } from './icons.js'

const CLAIM_KEYS = [
  'footer.claims.noContactDetails',
  'footer.claims.noIpLogs',
  'footer.claims.torVpn',
  'footer.claims.argon2',
  'footer.claims.noThirdParty',
  'footer.claims.tls',
] as const

const linkClass = 'rounded text-slate-300 hover:text-white hover:underline underline-offset-4'

function FooterList(props: {
  as: 'nav' | 'section'
  id: string
  title: string
  children: ReactNode
}) {
  const Tag = props.as
  return (
    <Tag aria-labelledby={props.id}>
      <h2 id={props.id} className="font-semibold text-base text-white">
        {props.title}
      </h2>
      <ul className="mt-3 space-y-2">{props.children}</ul>
    </Tag>
  )
}

export function Footer() {
  const { t, auth } = usePage()
  const links = auth
    ? [
        { href: BASIC_PATHS.products, label: t('nav.products') },
        { href: BASIC_PATHS.cart, label: t('nav.cart') },
        { href: BASIC_PATHS.orders, label: t('nav.orders') },
        { href: BASIC_PATHS.balance, label: t('nav.balance') },
        { href: BASIC_PATHS.support, label: t('footer.links.faq') },
      ]
    : [
        { href: BASIC_PATHS.home, label: t('nav.home') },
        { href: BASIC_PATHS.login, label: t('nav.login') },
        { href: BASIC_PATHS.register, label: t('nav.register') },
        { href: BASIC_PATHS.faq, label: t('footer.links.faq') },
      ]
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
          {links.map((link) => (
            <li key={link.href}>
              <a href={link.href} className={linkClass}>
                {link.label}
              </a>
            </li>
          ))}
          <li>
            <a href="/" className={linkClass}>
              {t('basic.fullShop')}
            </a>
          </li>
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
          {t('footer.copyright', { year: new Date().getFullYear(), name: t('app.name') })}
        </p>
      </div>
    </footer>
  )
}
