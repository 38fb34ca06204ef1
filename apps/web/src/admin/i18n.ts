// The back office's texts: its own locale files (admin/locales: the screens in <lang>.json, the
// error messages in errors.<lang>.json), fetched for the active language only and given to the
// shop's i18n store, so that the shared parts (dialogs, pager, toasts, error messages) and the
// back office speak from one store. The customer texts are never loaded here: every key the
// shared parts read is in the admin files too (locales.test.ts).
import type { Language } from '../shared/config'
import i18n, { type Translations } from '../shared/i18n'
import enUrl from './locales/en.json?url'
import errorsEnUrl from './locales/errors.en.json?url'
import errorsLtUrl from './locales/errors.lt.json?url'
import ltUrl from './locales/lt.json?url'

const ADMIN_LOCALE_URLS: Record<Language, readonly string[]> = {
  en: [enUrl, errorsEnUrl],
  lt: [ltUrl, errorsLtUrl],
}
const loading: Partial<Record<Language, Promise<void>>> = {}
const loaded = new Set<Language>()

async function fetchTexts(url: string): Promise<Translations> {
  const response = await fetch(url, { credentials: 'same-origin' })
  if (!response.ok) throw new Error(`Could not load ${url} (${response.status})`)
  return (await response.json()) as Translations
}

/** Fetches a language's back-office texts once. */
function loadAdminTexts(lang: Language): Promise<void> {
  if (loaded.has(lang)) return Promise.resolve()
  loading[lang] ??= Promise.all(ADMIN_LOCALE_URLS[lang].map(fetchTexts))
    .then((parts) => {
      i18n.addResources(lang, Object.assign({}, ...parts) as Translations)
      loaded.add(lang)
    })
    .finally(() => {
      delete loading[lang]
    })
  return loading[lang]
}

/** Switches the back office's language once its texts are at hand (the choice is remembered). */
export async function changeAdminLanguage(lang: Language): Promise<void> {
  await loadAdminTexts(lang)
  await i18n.changeLanguage(lang)
}

/** Loads the detected language's texts; the back office renders after. */
export function initAdminI18n(): Promise<void> {
  return changeAdminLanguage(i18n.language)
}

/** For tests: the texts as imported modules, marked loaded so that no fetch is made. */
export function provideAdminTexts(texts: Record<Language, Translations>): void {
  for (const lang of Object.keys(texts) as Language[]) {
    i18n.addResources(lang, texts[lang])
    loaded.add(lang)
  }
}
