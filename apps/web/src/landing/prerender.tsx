// Build-time only (see vite.config.ts): renders the landing page, as an anonymous visitor sees it,
// to static HTML in each language. The page then shows without loading the React app at all;
// src/boot.ts adds the little the static page needs (language switch, Telegram link).
import { QueryClient } from '@tanstack/react-query'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { AppShell } from '../app/layout/RootLayout'
import { Providers } from '../app/providers'
import { LandingPage } from '../features/landing/LandingPage'
import en from '../locales/en.json'
import lt from '../locales/lt.json'
import type { Language } from '../shared/config'
import i18n from '../shared/i18n'

i18n.addResources('en', en)
i18n.addResources('lt', lt)

export interface PrerenderedLanding {
  html: string
  title: string
}

export async function renderLanding(lang: Language): Promise<PrerenderedLanding> {
  await i18n.changeLanguage(lang)
  const client = new QueryClient()
  const html = renderToStaticMarkup(
    <Providers client={client}>
      <MemoryRouter initialEntries={['/']}>
        <AppShell>
          <LandingPage />
        </AppShell>
      </MemoryRouter>
    </Providers>,
  )
  return { html, title: i18n.t('app.documentTitle') }
}
