// The page's only script tag. index.html holds the landing page prerendered at build time, in
// English in #root and in Lithuanian in a <template>. An anonymous visitor of / gets that static
// page with this small script (language switch, Telegram link) and never downloads the React
// app; everyone else, and every other path, loads the app (src/main.tsx) at once.
import './index.css'
import type { Api, PublicConfig } from '@shop/contract'
import { telegramLoginUrl } from './features/landing/telegram'

type Lang = 'en' | 'lt'

// Must match the language detection (shared/i18n) and the persisted auth record (shared/auth/store).
const LANGUAGE_KEY = 'i18nextLng'
const AUTH_KEY = 'auth-storage'

function storageGet(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

function storageSet(key: string, value: string): void {
  try {
    localStorage.setItem(key, value)
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

function asLang(value: string | null | undefined): Lang | null {
  const base = value?.slice(0, 2).toLowerCase()
  return base === 'en' || base === 'lt' ? base : null
}

/** localStorage first, then the browser's languages, English as the fallback. */
function detectLanguage(): Lang {
  const stored = asLang(storageGet(LANGUAGE_KEY))
  if (stored) return stored
  for (const candidate of navigator.languages ?? [navigator.language]) {
    const lang = asLang(candidate)
    if (lang) return lang
  }
  return 'en'
}

function isSignedIn(): boolean {
  try {
    const record = JSON.parse(storageGet(AUTH_KEY) ?? 'null') as {
      state?: { isAuthenticated?: boolean }
    } | null
    return record?.state?.isAuthenticated === true
  } catch {
    return false
  }
}

/** Telegram sent the visitor back with login data, which the app posts to the server. */
function isTelegramReturn(): boolean {
  if (location.hash.includes('tgAuthResult=')) return true
  const query = new URLSearchParams(location.search)
  return query.has('hash') && query.has('id') && query.has('auth_date')
}

function startStaticLanding(root: HTMLElement): void {
  const english = { html: root.innerHTML, title: root.dataset.title ?? document.title }
  const template = document.getElementById('landing-lt') as HTMLTemplateElement | null
  const versions: Record<Lang, { html: string; title: string }> = {
    en: english,
    lt: template
      ? { html: template.innerHTML, title: template.dataset.title ?? english.title }
      : english,
  }
  let shown: Lang = 'en'
  let telegramHref: string | null = null

  const showTelegram = () => {
    const link = root.querySelector<HTMLAnchorElement>('a[data-telegram-login]')
    if (!link || !telegramHref) return
    link.href = telegramHref
    link.hidden = false
  }

  const show = (lang: Lang) => {
    if (lang !== shown) {
      root.innerHTML = versions[lang].html
      shown = lang
      showTelegram()
    }
    document.documentElement.lang = lang
    document.title = versions[lang].title
  }

  const lang = detectLanguage()
  storageSet(LANGUAGE_KEY, lang)
  show(lang)

  // The header's EN / LT buttons carry their language in the lang attribute.
  root.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>(
      'button[aria-pressed][lang]',
    )
    const next = asLang(button?.getAttribute('lang'))
    if (!next || next === shown) return
    storageSet(LANGUAGE_KEY, next)
    show(next)
    root.querySelector<HTMLButtonElement>(`button[aria-pressed][lang="${next}"]`)?.focus()
  })

  fetch('/api/config' satisfies Api['config']['url'], {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  })
    .then((response) => (response.ok ? (response.json() as Promise<PublicConfig>) : null))
    .then((config) => {
      if (!config) return
      telegramHref = telegramLoginUrl(config.telegram_login, location.origin)
      showTelegram()
    })
    .catch(() => undefined)
}

const root = document.getElementById('root')
if (
  root?.dataset.prerendered === 'landing' &&
  location.pathname === '/' &&
  !isSignedIn() &&
  !isTelegramReturn()
) {
  startStaticLanding(root)
} else {
  void import('./main')
}
