// Every page of the basic shop is this whole document: no script element, the web app's own
// stylesheet, the same head as the app's index.html.
import type { ReactNode } from 'react'
import { usePage } from '../page-context.js'
import { Footer } from './Footer.js'
import { Header } from './Header.js'

/** The notice or refusal of the form this page was redirected from, above the page. */
function FlashMessages() {
  const { flash } = usePage()
  if (!flash.notice && !flash.error) return null
  return (
    <div className="mx-auto max-w-6xl px-4 pt-4 sm:px-6">
      {flash.notice ? (
        <p
          role="status"
          className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 font-medium text-emerald-900 text-sm"
        >
          {flash.notice}
        </p>
      ) : null}
      {flash.error ? (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 font-medium text-red-800 text-sm"
        >
          {flash.error}
        </p>
      ) : null}
    </div>
  )
}

/** The app's icon (apps/web/index.html), inline: no request for it. */
const ICON =
  'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 viewBox=%220 0 32 32%22%3E%3Crect width=%2232%22 height=%2232%22 rx=%228%22 fill=%22%230f172a%22/%3E%3Cpath d=%22M16 6l8 3v6.2c0 5-3.4 9.4-8 10.8-4.6-1.4-8-5.8-8-10.8V9l8-3z%22 fill=%22%2310b981%22/%3E%3Cpath d=%22M12.5 16.2l2.5 2.5 4.8-5%22 fill=%22none%22 stroke=%22%230f172a%22 stroke-width=%222.2%22 stroke-linecap=%22round%22 stroke-linejoin=%22round%22/%3E%3C/svg%3E'

interface LayoutProps {
  /** The page's own title; the tab shows it with the shop's name. Absent: the shop's title. */
  title?: string
  children: ReactNode
  /** Extra head elements (the payment page's meta refresh). */
  head?: ReactNode
}

export function Layout({ title, children, head }: LayoutProps) {
  const { t, lang, stylesheet } = usePage()
  const documentTitle = title
    ? t('app.pageTitle', { page: title, app: t('app.name') })
    : t('app.documentTitle')
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <meta name="color-scheme" content="light" />
        <link rel="icon" type="image/svg+xml" href={ICON} />
        {stylesheet ? <link rel="stylesheet" href={stylesheet} /> : null}
        <title>{documentTitle}</title>
        {head}
      </head>
      <body>
        <div className="flex min-h-screen flex-col">
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
          >
            {t('nav.skipToContent')}
          </a>
          <Header />
          <main id="main" className="flex-1">
            <FlashMessages />
            {children}
          </main>
          <Footer />
        </div>
      </body>
    </html>
  )
}
